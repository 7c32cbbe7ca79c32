import cluster from "node:cluster";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

import { RateLimiterCluster, RateLimiterMemory } from "rate-limiter-flexible";

import { isUuid } from "~/lib/ids";
import { derivedSecrets } from "~/utils/secrets.server";

import { addressKey, hitRateLimit, type RateLimit, type Throttled } from "./rate-limit.server";

/**
 * Limits per client address (an IPv6 /64), generous because many phones share
 * one carrier NAT address. New ids are what bound how far one address can
 * inflate a post's likes and views (each visitor counts once per post); the
 * like and view limits bound the writes.
 */
export const NEW_VISITOR_LIMIT: RateLimit = { limit: 300, windowSeconds: 3600 };
export const LIKE_LIMIT: RateLimit = { limit: 600, windowSeconds: 3600 };
/** A visitor scrolling the feed sends a view per post, so views come far more often than likes. */
export const VIEW_LIMIT: RateLimit = { limit: 3000, windowSeconds: 3600 };

export const TOO_MANY_FROM_NETWORK = "Too many requests from your network. Please try again later.";

export type Engagement = "like" | "view";

/** A signed visitor id: the id the server issued and its HMAC, so a client cannot make up visitors. */
export type VisitorToken = { id: string; token: string };

/**
 * A key of their own for visitor tokens, derived from each cookie secret (newest
 * first, so secrets rotate as sessions do): nothing else signed with the secret
 * can pass for a visitor token.
 */
function visitorKeys(): Buffer[] {
  return derivedSecrets("isent visitor id");
}

function signature(id: string, key: Buffer): string {
  return createHmac("sha256", key).update(id).digest("base64url");
}

/** The visitor id in a token this server signed (compared in constant time); null for anything else. */
export function verifyVisitorToken(token: unknown): string | null {
  if (typeof token !== "string") return null;
  const [id, presented, ...rest] = token.split(".");
  if (rest.length > 0 || !isUuid(id) || !presented) return null;
  const given = Buffer.from(presented);
  const signedByUs = visitorKeys().some((key) => {
    const expected = Buffer.from(signature(id, key));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return signedByUs ? id : null;
}

/**
 * New ids are handed out on first visits, which the response cache answers
 * from memory: counting them with a database write each halved what `/` could
 * serve (bench/http.ts), so they are counted in memory. The processes of one
 * server (WEB_CONCURRENCY) share one count, kept by their primary and asked over
 * IPC (server/cluster.ts); with several instances each counts its own. Likes and
 * views, which write anyway, are counted in the database for all.
 */
const newVisitorIdsLimit = { keyPrefix: "new-visitor-ids", points: NEW_VISITOR_LIMIT.limit, duration: NEW_VISITOR_LIMIT.windowSeconds };
const newVisitorIds = cluster.isWorker
  ? new RateLimiterCluster({ ...newVisitorIdsLimit, timeoutMs: 2_000 })
  : new RateLimiterMemory(newVisitorIdsLimit);

/** A new visitor id for a client at this address; null when the address has had too many this hour. */
export async function issueVisitorId(clientAddress: string | null): Promise<VisitorToken | null> {
  const allowed = await newVisitorIds.consume(addressKey("visitor-id", clientAddress)).then(
    () => true,
    () => false,
  );
  if (!allowed) return null;
  const id = randomUUID();
  return { id, token: `${id}.${signature(id, visitorKeys()[0])}` };
}

/** Counts one like or view from this client address; a Throttled answer means refuse it. */
export async function throttleEngagement(kind: Engagement, clientAddress: string | null): Promise<Throttled | null> {
  const result = await hitRateLimit(addressKey(kind, clientAddress), kind === "like" ? LIKE_LIMIT : VIEW_LIMIT);
  return result.allowed ? null : { message: TOO_MANY_FROM_NETWORK, retryAfterSeconds: result.retryAfterSeconds };
}

export type VisitorClues = {
  /** The signed-in user's id (session cookie or bearer token), if any. */
  userId: string | null;
  /** The value of the visitor's anon_id cookie, unchecked. */
  cookieToken: unknown;
  /** An `anonId` the client sent in the request body (the page mirrors the cookie's token), unchecked. */
  bodyToken?: unknown;
};

/**
 * Who likes or views: a signed-in user as themselves, `user:{id}` (the same on
 * every device), else the visitor id of the cookie, else the one the client
 * sent. Only ids this server signed count: an id a client made up is none.
 */
export function visitorIdOf({ userId, cookieToken, bodyToken }: VisitorClues): string | null {
  if (userId) return `user:${userId}`;
  return verifyVisitorToken(cookieToken) ?? verifyVisitorToken(bodyToken);
}
