import { isActiveAccount } from "~/models/account-rules.server";
import { readAccessToken } from "~/models/api-tokens.server";
import { getAccountUser, type AccountUser } from "~/models/users.server";

import { noteRequestUser } from "./request-facts.server";
import { oncePerRequest } from "./request-memo.server";
import { securityEvent } from "./security-log.server";
import { getUser } from "./session.server";

/**
 * The caller of an /api route: an `Authorization: Bearer` access token, else
 * the session cookie. Null when neither names an active user; a token presented
 * and refused is logged (`access_refused`, with why), once per request.
 */
export async function getApiUser(request: Request): Promise<AccountUser | null> {
  const header = request.headers.get("Authorization");
  if (!header) return getUser(request);
  const [scheme, token] = header.split(" ");
  if (scheme?.toLowerCase() !== "bearer" || !token) return refusedToken(request, "not_bearer");
  const read = readAccessToken(token);
  if ("problem" in read) return refusedToken(request, read.problem);
  // A token from before a password reset or a revocation carries an older version: refused.
  const user = await getAccountUser(read.claims.userId, { tokenVersion: read.claims.tokenVersion });
  if (!user || !isActiveAccount(user)) return refusedToken(request, "revoked_token", read.claims.userId);
  noteRequestUser(user.id);
  return user;
}

async function refusedToken(request: Request, reason: string, userId?: string): Promise<null> {
  await oncePerRequest(`refused token ${reason}`, async () =>
    securityEvent(request, { event: "access_refused", outcome: "failure", reason, ...(userId ? { userId } : {}) }),
  );
  return null;
}

/** For /api routes that need a user: 401 {message} otherwise. */
export async function requireApiUser(request: Request): Promise<AccountUser> {
  const user = await getApiUser(request);
  if (!user) throw new Response(JSON.stringify({ message: "User not authenticated" }), { status: 401 });
  return user;
}
