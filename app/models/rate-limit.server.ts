import { lt, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { rateLimitBuckets } from "~/db/schema";

export type RateLimit = { limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one hit for `key` in the current fixed window and says whether it is
 * within the limit. The counter is a database row, so every app instance
 * shares it.
 */
export async function hitRateLimit(key: string, { limit, windowSeconds }: RateLimit): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const [row] = await queryRows<{ hits: number }>(
    db(),
    sql`insert into ${rateLimitBuckets} (key, window_start, hits) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
        on conflict (key, window_start) do update set hits = ${rateLimitBuckets.hits} + 1
        returning hits`,
  );
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000);
  return { allowed: Number(row.hits) <= limit, retryAfterSeconds };
}

/** Reads a key's hits in the current window without counting one. */
export async function peekRateLimit(key: string, { limit, windowSeconds }: RateLimit): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const [row] = await queryRows<{ hits: number }>(
    db(),
    sql`select hits from ${rateLimitBuckets} where key = ${key} and window_start = ${windowStart.toISOString()}::timestamptz`,
  );
  return { allowed: Number(row?.hits ?? 0) < limit, retryAfterSeconds: Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000) };
}

/** Old windows are worthless; dropped now and then so the table stays small. */
export async function pruneRateLimits(olderThanSeconds = 86_400) {
  await db().delete(rateLimitBuckets).where(lt(rateLimitBuckets.windowStart, new Date(Date.now() - olderThanSeconds * 1000)));
}
