import { createHash } from "node:crypto";

import { and, eq, gt, lt, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { idempotencyKeys, type IDEMPOTENT_REQUESTS } from "~/db/schema";
import { canonicalJson } from "~/lib/canonical-json";

/**
 * Idempotency keys, as Stripe keeps them: a client (a form's hidden field, an API client's
 * Idempotency-Key) names its request, and for 24 hours a repeat of the same request answers with
 * what the first made, while the same key on a different request is refused. A key is remembered
 * in the transaction of the work it guards, so a refused or failed request leaves it free; and it
 * outlives what it made, so a key whose post was deleted stays spent.
 *
 * Callers serialise a business's requests on its account row (SELECT … FOR UPDATE) before
 * looking a key up, so a repeat sent at the same moment finds the first's key once it commits.
 */

export type IdempotentRequest = (typeof IDEMPOTENT_REQUESTS)[number];

/** How long a key is kept: a repeat after this is a new request. */
export const IDEMPOTENCY_KEY_HOURS = 24;

export type IdempotencyKey = { userId: string; request: IdempotentRequest; key: string };

/** A key seen before: whether this is the same request again, and what the first made. */
export type EarlierRequest = { sameRequest: boolean; resourceId: string | null };

/** sha-256 of a request as canonical JSON: the same request hashes alike however its fields are ordered. */
export function requestHash(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

const kept = () => gt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`);

const sameKey = (id: IdempotencyKey) =>
  and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.request, id.request), eq(idempotencyKeys.key, id.key));

/** The earlier request with this key within the last 24 hours, or null: then this request is new. */
export async function findEarlierRequest(tx: Transaction, id: IdempotencyKey, hash: string): Promise<EarlierRequest | null> {
  const [row] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(and(sameKey(id), kept()));
  if (!row) return null;
  // '' was carried over from before requests were hashed: any request with the key is its repeat.
  return { sameRequest: row.requestHash === "" || row.requestHash === hash, resourceId: row.resourceId };
}

/** What the earlier request with this key made within the last 24 hours, whatever it was, or null. */
export async function madeWithKey(id: IdempotencyKey): Promise<string | null> {
  const [row] = await db()
    .select({ resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(and(sameKey(id), kept()));
  return row?.resourceId ?? null;
}

/**
 * Spends the key on this request, with what it made, in the transaction that made it. A key kept
 * longer than 24 hours is taken over; a live one means the caller did not serialise, and the
 * unique key fails the transaction rather than answering twice.
 */
export async function rememberRequest(tx: Transaction, id: IdempotencyKey, hash: string, resourceId: string | null): Promise<void> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ ...id, requestHash: hash, resourceId })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.request, idempotencyKeys.key],
      set: { requestHash: hash, resourceId, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
    })
    .returning({ key: idempotencyKeys.key });
  if (rows.length === 0) throw new Error(`Idempotency key ${id.request}/${id.key} was spent by a request running beside this one`);
}

/** Forgets keys older than 24 hours (a scheduled job): their requests can no longer be repeated. */
export async function forgetExpiredKeys(): Promise<number> {
  const rows = await db()
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
