import { isActiveAccount } from "~/models/account-rules.server";
import { verifyAccessToken } from "~/models/api-tokens.server";
import { getAccountUser, type AccountUser } from "~/models/users.server";

import { getUser } from "./session.server";

/**
 * The caller of an /api route: an `Authorization: Bearer` access token, else
 * the session cookie. Null when neither names an active user.
 */
export async function getApiUser(request: Request): Promise<AccountUser | null> {
  const header = request.headers.get("Authorization");
  if (header) {
    const [scheme, token] = header.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token) return null;
    const claims = verifyAccessToken(token);
    // A token from before a password reset or a revocation carries an older version: refused.
    const user = claims ? await getAccountUser(claims.userId, { tokenVersion: claims.tokenVersion }) : null;
    return user && isActiveAccount(user) ? user : null;
  }
  return getUser(request);
}

/** For /api routes that need a user: 401 {message} otherwise. */
export async function requireApiUser(request: Request): Promise<AccountUser> {
  const user = await getApiUser(request);
  if (!user) throw new Response(JSON.stringify({ message: "User not authenticated" }), { status: 401 });
  return user;
}
