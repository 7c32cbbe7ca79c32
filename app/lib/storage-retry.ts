/**
 * How long file storage is given before the product gives up (SPEC §9: an operation 2 minutes, an
 * upload 10), and the pauses between tries. Which failures are worth another try is the AWS SDK's
 * own list (5xx, throttling such as SlowDown, timeouts, connection resets); a refusal (access
 * denied, no such bucket) is not tried again.
 */
export const STORAGE_WINDOWS = {
  /** One storage operation, every try and pause included (SPEC §9). */
  operationMs: 2 * 60_000,
  /** Work done in the background (a job and its retries through the queue) (SPEC §9). */
  uploadMs: 10 * 60_000,
  /**
   * An upload someone waits for on the page (composer, profile photo, POST /api/uploads): the
   * same 15 s the payment gateway is given while a buyer waits. Past it, the page says the photo
   * was not stored and keeps the rest of the form.
   */
  waitedMs: 15_000,
} as const;

export type Backoff = { baseMs: number; capMs: number };

/** The pause before the first retry is at most 200 ms, doubling up to 20 s (the SDK's own cap). */
export const STORAGE_BACKOFF: Backoff = { baseMs: 200, capMs: 20_000 };

/** The longest pause before retry number `retry` (1 = the first retry): base × 2^(retry−1), capped. */
export function maxBackoffDelay(retry: number, backoff: Backoff = STORAGE_BACKOFF): number {
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, retry - 1));
}

/**
 * The pause before retry number `retry`: "equal jitter", from half the longest pause to all of it,
 * so that servers that failed at the same moment do not all try again at the same moment, while
 * the pauses still grow.
 */
export function backoffDelay(retry: number, backoff: Backoff = STORAGE_BACKOFF, random: () => number = Math.random): number {
  const longest = maxBackoffDelay(retry, backoff);
  return Math.floor(longest / 2 + (random() * longest) / 2);
}

/**
 * How many tries fit in `windowMs` if every pause were its shortest (half the longest): the most
 * an operation may make. The window's deadline is what ends an operation that keeps failing; this
 * only keeps the count finite. At least 1.
 */
export function attemptsWithin(windowMs: number, backoff: Backoff = STORAGE_BACKOFF): number {
  let attempts = 1;
  let waited = maxBackoffDelay(1, backoff) / 2;
  while (waited <= windowMs) {
    attempts += 1;
    waited += maxBackoffDelay(attempts, backoff) / 2;
  }
  return attempts;
}

/**
 * The time a storage operation may take now: what is left of a window that began at `since`,
 * at most one operation's window. 0 when the window is spent.
 */
export function timeLeft(since: Date, windowMs: number, now: Date, capMs: number = STORAGE_WINDOWS.operationMs): number {
  return Math.max(0, Math.min(capMs, since.getTime() + windowMs - now.getTime()));
}

/**
 * Whether retry number `retry` still fits in the window of an operation that began at `startedAt`
 * (ms): after its longest pause, a quarter of the window (at most 5 s) must be left for the try
 * itself, so a try is not begun only to be cut off.
 */
export function retryFits(startedAt: number, now: number, retry: number, windowMs: number, backoff: Backoff = STORAGE_BACKOFF): boolean {
  const forTheTry = Math.min(5_000, windowMs / 4);
  return now - startedAt + maxBackoffDelay(retry, backoff) + forTheTry <= windowMs;
}
