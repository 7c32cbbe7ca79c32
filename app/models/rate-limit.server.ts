import { lt, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { rateLimitBuckets } from "~/db/schema";

export type RateLimit = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** Sign-in, registration and reset: at most 10 a minute from one address (every instance shares the count). */
export const PER_ADDRESS_LIMIT: RateLimit = { limit: 10, windowSeconds: 60 };
/** Failed sign-ins to one account: at most 100 an hour, whoever tries. */
export const ACCOUNT_FAILURE_LIMIT: RateLimit = { limit: 100, windowSeconds: 3600 };

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

/** A refusal to show: the message and when to try again (a 429 with Retry-After). */
export type Throttled = { message: string; retryAfterSeconds: number };

/** What an address is counted for; each has its own counter. */
export type AddressLimitedAction = "login" | "register" | "reset" | "token";

/**
 * Counts one attempt from this client address (null when unknown: all unknown
 * addresses share one counter); a Throttled answer means refuse it.
 */
export async function throttleByAddress(action: AddressLimitedAction, clientAddress: string | null): Promise<Throttled | null> {
  const result = await hitRateLimit(`${action}:ip:${clientAddress ?? "unknown"}`, PER_ADDRESS_LIMIT);
  return result.allowed ? null : { message: TOO_MANY_ATTEMPTS, retryAfterSeconds: result.retryAfterSeconds };
}

const failuresKey = (email: string) => `login-failures:${email.toLowerCase()}`;

/** Whether this account has had too many failed sign-ins this hour (counts nothing). */
export async function accountLocked(email: string): Promise<Throttled | null> {
  const result = await peekRateLimit(failuresKey(email), ACCOUNT_FAILURE_LIMIT);
  return result.allowed ? null : { message: TOO_MANY_ATTEMPTS, retryAfterSeconds: result.retryAfterSeconds };
}

/** Counts one failed sign-in against the account, whoever tried. */
export async function recordLoginFailure(email: string) {
  await hitRateLimit(failuresKey(email), ACCOUNT_FAILURE_LIMIT);
}

/**
 * Counts one hit for `key` and says whether it is within the limit over a
 * sliding window: this window's hits plus the previous window's, weighted by
 * how much of it still overlaps, so a burst across a window boundary is still
 * caught. The counters are database rows, so every app instance shares them.
 */
export async function hitRateLimit(key: string, limit: RateLimit): Promise<RateLimitResult> {
  const { windowStart, previousStart } = windows(limit);
  const [row] = await queryRows<{ hits: number }>(
    db(),
    sql`insert into ${rateLimitBuckets} (key, window_start, hits) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
        on conflict (key, window_start) do update set hits = ${rateLimitBuckets.hits} + 1
        returning hits`,
  );
  // Now and then (about one hit in a thousand, on any instance) the old windows go.
  if (Math.random() < 0.001) await pruneRateLimits();
  return judge(Number(row.hits), await hitsIn(key, previousStart), limit, windowStart);
}

/** The same judgement without counting a hit. */
export async function peekRateLimit(key: string, limit: RateLimit): Promise<RateLimitResult> {
  const { windowStart, previousStart } = windows(limit);
  const current = await hitsIn(key, windowStart);
  return judge(current + 1, await hitsIn(key, previousStart), limit, windowStart);
}

function windows({ windowSeconds }: RateLimit) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  return { windowStart, previousStart: new Date(windowStart.getTime() - windowMs) };
}

async function hitsIn(key: string, windowStart: Date): Promise<number> {
  const [row] = await queryRows<{ hits: number }>(
    db(),
    sql`select hits from ${rateLimitBuckets} where key = ${key} and window_start = ${windowStart.toISOString()}::timestamptz`,
  );
  return Number(row?.hits ?? 0);
}

function judge(currentHits: number, previousHits: number, { limit, windowSeconds }: RateLimit, windowStart: Date): RateLimitResult {
  const windowMs = windowSeconds * 1000;
  const elapsed = (Date.now() - windowStart.getTime()) / windowMs;
  const estimate = currentHits + previousHits * (1 - elapsed);
  return { allowed: estimate <= limit, retryAfterSeconds: Math.max(1, Math.ceil(((1 - elapsed) * windowMs) / 1000)) };
}

/** Old windows are worthless; dropped now and then so the table stays small. */
async function pruneRateLimits(olderThanSeconds = 86_400) {
  await db()
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStart, new Date(Date.now() - olderThanSeconds * 1000)));
}
