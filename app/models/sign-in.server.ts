import { accountLocked, recordLoginFailure, throttleByAddress, type Throttled } from "./rate-limit.server";
import { verifyLogin, type AccountUser } from "./users.server";

export type SignInResult =
  | { ok: true; user: AccountUser }
  /** Too many attempts from this address, or too many failures for this account: refuse with 429 and Retry-After. */
  | ({ ok: false; reason: "throttled" } & Throttled)
  /** A wrong password, an unknown email or a suspended account, never told apart: 401. */
  | { ok: false; reason: "invalid" };

export type PasswordSignIn = {
  email: string;
  password: string;
  /** The client's address (clientIp of the request); null when unknown. */
  clientIp: string | null;
  /** Which door: the sign-in form (the workspace's and the admin's) or POST /api/auth/token; each counts addresses apart. */
  purpose: "login" | "token";
};

/**
 * Every sign-in with a password, in one order: count the attempt against the
 * address (at most 10 a minute), refuse an account with 100 failures this
 * hour, check the password (as long for an unknown email as for a known
 * one), and count a failure against the account.
 */
export async function signInWithPassword({ email, password, clientIp, purpose }: PasswordSignIn): Promise<SignInResult> {
  const throttled = (await throttleByAddress(purpose, clientIp)) ?? (await accountLocked(email));
  if (throttled) return { ok: false, reason: "throttled", ...throttled };
  const user = await verifyLogin(email, password);
  if (!user) {
    await recordLoginFailure(email);
    return { ok: false, reason: "invalid" };
  }
  return { ok: true, user };
}
