/**
 * Wrong passwords slow down the source that sends them, one account at a
 * time, instead of locking the account: a source (an address group) may fail
 * five times, then waits 30 s before its next try, then 1 min, 2 min, ... up
 * to 15 min. Another source, such as the owner's, is not held back — unless
 * the account has had 100 failures within the hour from all sources together:
 * then every source that has failed waits from its first failure on.
 */
export const SIGN_IN_DELAY = {
  /** A source's failures for one account before it must wait. */
  delayAfterFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** A source's failures are forgotten after this long without another. */
  forgetAfterSeconds: 60 * 60,
  /** Failures for one account from all sources (each within the hour) that mean it is under attack. */
  underAttackFailures: 100,
} as const;

/** One source's failures for one account, as counted so far. */
export type SourceFailures = { failures: number; lastFailedAt: Date | null };

/** Whether the source's failures still count at `now`, or an hour without one has wiped them. */
export function failuresStillCount({ failures, lastFailedAt }: SourceFailures, now: Date): boolean {
  return failures > 0 && lastFailedAt !== null && now.getTime() - lastFailedAt.getTime() < SIGN_IN_DELAY.forgetAfterSeconds * 1000;
}

/** The seconds this source must still wait before its next try for the account (0: it may try now). */
export function secondsToWait(source: SourceFailures, accountFailures: number, now: Date): number {
  if (!failuresStillCount(source, now)) return 0;
  const first = accountFailures >= SIGN_IN_DELAY.underAttackFailures ? 1 : SIGN_IN_DELAY.delayAfterFailures;
  if (source.failures < first) return 0;
  const delay = Math.min(SIGN_IN_DELAY.maxDelaySeconds, SIGN_IN_DELAY.firstDelaySeconds * 2 ** (source.failures - first));
  const elapsed = (now.getTime() - source.lastFailedAt!.getTime()) / 1000;
  return Math.max(0, Math.ceil(delay - elapsed));
}
