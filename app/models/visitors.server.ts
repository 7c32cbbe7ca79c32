import { isUuid } from "~/lib/ids";

export type VisitorClues = {
  /** The signed-in user's id (session cookie or bearer token), if any. */
  userId: string | null;
  /** The anonymous id from the visitor's cookie, if any (already checked to be a uuid). */
  cookieAnonId: string | null;
  /** An `anonId` the client sent in the request body, unchecked. */
  bodyAnonId?: unknown;
};

/**
 * Who likes or views: a signed-in user as themselves, `user:{id}` (the same on
 * every device), else the anonymous id of the cookie, else an anonymous id the
 * client sent (a uuid, lower-cased). Null when there is none of them.
 */
export function visitorIdOf({ userId, cookieAnonId, bodyAnonId }: VisitorClues): string | null {
  if (userId) return `user:${userId}`;
  if (cookieAnonId) return cookieAnonId;
  return isUuid(bodyAnonId) ? bodyAnonId.toLowerCase() : null;
}
