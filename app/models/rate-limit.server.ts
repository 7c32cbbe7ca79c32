import { lt, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { rateLimitBuckets } from "~/db/schema";
import { addressGroup } from "~/lib/address-group";
import { tooManyAttempts } from "~/lib/too-many-attempts";

export type RateLimit = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** Sign-in, registration and reset: at most 10 a minute from one address group (every instance shares the count). */
export const PER_ADDRESS_LIMIT: RateLimit = { limit: 10, windowSeconds: 60 };

/** A refusal to show: the message and when to try again (a 429 with Retry-After). */
export type Throttled = { message: string; retryAfterSeconds: number };

/** The refusal for a wait of this many seconds; the message tells the same wait. */
export function throttledFor(retryAfterSeconds: number): Throttled {
  return { message: tooManyAttempts(retryAfterSeconds), retryAfterSeconds };
}

/**
 * What an address is counted for; each has its own counter. Every password
 * sign-in (/auth, /admin/login, /api/auth/token) shares "sign-in", so a
 * guesser gains nothing by switching doors.
 */
export type AddressLimitedAction = "sign-in" | "register" | "reset";

/** Whom attempts are counted against: the address group (an IPv6 /64 is one client); all unknown addresses together. */
export function attemptSource(clientAddress: string | null): string {
  return clientAddress === null ? "unknown" : addressGroup(clientAddress);
}

/** The counter of one purpose ('sign-in', 'like', …) for one client's address group (see attemptSource). */
export function addressKey(purpose: string, clientAddress: string | null): string {
  return `${purpose}:ip:${attemptSource(clientAddress)}`;
}

/** Counts one attempt from this client address; a Throttled answer means refuse it. */
export async function throttleByAddress(action: AddressLimitedAction, clientAddress: string | null): Promise<Throttled | null> {
  const result = await hitRateLimit(addressKey(action, clientAddress), PER_ADDRESS_LIMIT);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

/**
 * Counts one hit for `key` and says whether it is within the limit over a
 * sliding window: this window's hits plus the previous window's, weighted by
 * how much of it still overlaps, so a burst across a window boundary is still
 * caught. The counters are database rows, so every app instance shares them.
 */
export async function hitRateLimit(key: string, limit: RateLimit): Promise<RateLimitResult> {
  const { windowStart, previousStart } = windows(limit);
  // One statement, one round trip: the query reads the previous window as it was (the insert touches only this one).
  const [row] = await queryRows<{ hits: number; previous: number }>(
    db(),
    sql`with hit as (
          insert into ${rateLimitBuckets} (key, window_start, hits) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
          on conflict (key, window_start) do update set hits = ${rateLimitBuckets.hits} + 1
          returning hits
        )
        select hit.hits, coalesce((select hits from ${rateLimitBuckets} where key = ${key} and window_start = ${previousStart.toISOString()}::timestamptz), 0) as previous
        from hit`,
  );
  // Now and then (about one hit in a thousand, on any instance) the old windows go.
  if (Math.random() < 0.001) await pruneRateLimits();
  return judge(Number(row.hits), Number(row.previous), limit, windowStart);
}

function windows({ windowSeconds }: RateLimit) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  return { windowStart, previousStart: new Date(windowStart.getTime() - windowMs) };
}

function judge(currentHits: number, previousHits: number, { limit, windowSeconds }: RateLimit, windowStart: Date): RateLimitResult {
  const windowMs = windowSeconds * 1000;
  const elapsed = (Date.now() - windowStart.getTime()) / windowMs;
  const estimate = currentHits + previousHits * (1 - elapsed);
  const wait = nextHitFitsIn(currentHits, previousHits, limit, elapsed);
  return { allowed: estimate <= limit, retryAfterSeconds: Math.max(1, Math.ceil((wait * windowMs) / 1000)) };
}

/**
 * How many windows from now one more hit would be within the limit, if none
 * comes before: later in this window, once enough of the previous one has
 * slid out of the estimate, or else in the next, once enough of this one has.
 */
function nextHitFitsIn(currentHits: number, previousHits: number, limit: number, elapsed: number): number {
  const room = limit - currentHits - 1;
  if (room >= 0) return previousHits === 0 ? 0 : Math.max(0, 1 - elapsed - room / previousHits);
  return 1 - elapsed + Math.max(0, 1 - (limit - 1) / currentHits);
}

/** Old windows are worthless; dropped now and then so the table stays small. */
async function pruneRateLimits(olderThanSeconds = 86_400) {
  await db()
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.windowStart, new Date(Date.now() - olderThanSeconds * 1000)));
}
