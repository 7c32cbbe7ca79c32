import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

import { isUuid } from "~/lib/ids";
import { derivedSecrets } from "~/utils/secrets.server";

import { addressKey, hitRateLimit, type RateLimit, type Throttled } from "./rate-limit.server";

const HOUR = 3600;

export type Engagement = "like" | "view";

/** What a like or view is counted against, narrowest first. */
const SCOPES = ["perVisitor", "perAddressAndPost", "perAddress"] as const;
type Scope = (typeof SCOPES)[number];

/**
 * Every first visit gets an id (a signed random id costs nothing to keep), so
 * the counts are guarded instead. A like or view counts once per visitor and
 * post (post_likes, post_views), within three limits an hour, an address being
 * an IPv6 /64 and, on Indian mobile networks, thousands of phones:
 *
 * - per visitor: a person's pace, so one phone in a loop stops at its own;
 * - per address and post: how far one address, however many ids it makes, can
 *   lift one post. For likes, 2,000 phones behind one carrier address liking
 *   the same post in the same hour all count, with a quarter to spare, and a
 *   script there adds at most 2,500 in a clock hour (the counters' window);
 * - per address: all of its phones together.
 *
 * Views come a card at a time as the feed scrolls (once a session per post), so
 * their limits are 4 to 10 times as large.
 */
export const ENGAGEMENT_LIMITS: Record<Engagement, Record<Scope, RateLimit>> = {
  like: {
    /** Two a minute for an hour; taking a like back counts too. */
    perVisitor: { limit: 120, windowSeconds: HOUR },
    perAddressAndPost: { limit: 2_500, windowSeconds: HOUR },
    /** 5,000 phones liking two posts each. */
    perAddress: { limit: 10_000, windowSeconds: HOUR },
  },
  view: {
    /** A card every 3 seconds for an hour. */
    perVisitor: { limit: 1_200, windowSeconds: HOUR },
    /** 10,000 phones behind the address scrolling past the same post. */
    perAddressAndPost: { limit: 10_000, windowSeconds: HOUR },
    /** 5,000 phones scrolling past 20 cards each. */
    perAddress: { limit: 100_000, windowSeconds: HOUR },
  },
};

export const TOO_MANY_FROM_NETWORK = "Too many requests from your network. Please try again later.";

/** Who likes or views which post, from where. */
export type EngagementBy = { postId: string; visitorId: string; clientAddress: string | null };

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

/** A new visitor id, for a first visit. */
export function issueVisitorId(): VisitorToken {
  const id = randomUUID();
  return { id, token: `${id}.${signature(id, visitorKeys()[0])}` };
}

/** The counters of a like or view, one for each of its limits. */
export function engagementCounterKeys(kind: Engagement, { postId, visitorId, clientAddress }: EngagementBy): Record<Scope, string> {
  return {
    perVisitor: `${kind}:visitor:${visitorId}`,
    perAddressAndPost: addressKey(`${kind}:post:${postId}`, clientAddress),
    perAddress: addressKey(kind, clientAddress),
  };
}

/**
 * Counts one like or view; a Throttled answer means refuse it. It stops at the
 * first limit passed, so a refusal costs only the counter that refused: a phone
 * in a loop, or a script on one post, leaves its address's other phones their likes.
 */
export async function throttleEngagement(kind: Engagement, by: EngagementBy): Promise<Throttled | null> {
  // An id that is no post's is answered 404 before the database (setLike, recordView): nothing to count.
  if (!isUuid(by.postId)) return null;
  const keys = engagementCounterKeys(kind, by);
  for (const scope of SCOPES) {
    const result = await hitRateLimit(keys[scope], ENGAGEMENT_LIMITS[kind][scope]);
    if (!result.allowed) return { message: TOO_MANY_FROM_NETWORK, retryAfterSeconds: result.retryAfterSeconds };
  }
  return null;
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
