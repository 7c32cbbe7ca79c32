import { and, eq, gt, lt, sum } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { signInFailures, users } from "~/db/schema";
import { SIGN_IN_DELAY, failuresStillCount, secondsToWait } from "~/lib/sign-in-delay";

import { verifyPassword } from "./password.server";
import { attemptSource, throttleByAddress, throttledFor, type Throttled } from "./rate-limit.server";
import { verifyLogin, type AccountUser } from "./users.server";

export type SignInResult =
  | { ok: true; user: AccountUser }
  /** Too many attempts from this address, or this source must still wait after its failures: 429 and Retry-After. */
  | ({ ok: false; reason: "throttled" } & Throttled)
  /** A wrong password, an unknown email or a suspended account, never told apart: 401. */
  | { ok: false; reason: "invalid" };

export type PasswordSignIn = {
  email: string;
  password: string;
  /** The client's address (clientIp of the request); null when unknown. */
  clientIp: string | null;
};

/**
 * Every sign-in with a password (/auth, /admin/login, /api/auth/token), in
 * one order: count the attempt against the address (at most 10 a minute, all
 * three doors together), make a source that has failed too often for this
 * account wait (app/lib/sign-in-delay.ts), check the password (as long for an
 * unknown email as for a known one), and on success forget the source's failures.
 */
export async function signInWithPassword({ email, password, clientIp }: PasswordSignIn): Promise<SignInResult> {
  const attempt = await beginAttempt(email, clientIp);
  if ("throttled" in attempt) return { ok: false, reason: "throttled", ...attempt.throttled };
  const user = await verifyLogin(email, password);
  if (!user) return { ok: false, reason: "invalid" };
  await forgetFailures(attempt);
  return { ok: true, user };
}

export type PasswordConfirmation =
  { ok: true } | { ok: false; reason: "wrong-password" | "no-password" } | ({ ok: false; reason: "throttled" } & Throttled);

/**
 * The signed-in account's password, asked again before something that cannot be undone (deleting
 * the account). It goes through the sign-in sequence: the attempt counts against the address and,
 * as a failure until the password proves right, against the account from this source, in the same
 * rows as /auth, so this form is no way round the sign-in slowdown.
 */
export async function confirmPassword(input: { userId: string; password: string; clientIp: string | null }): Promise<PasswordConfirmation> {
  const [account] = await db()
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!account?.passwordHash) return { ok: false, reason: "no-password" };
  const attempt = await beginAttempt(account.email, input.clientIp);
  if ("throttled" in attempt) return { ok: false, reason: "throttled", ...attempt.throttled };
  if (!(await verifyPassword(account.passwordHash, input.password))) return { ok: false, reason: "wrong-password" };
  await forgetFailures(attempt);
  return { ok: true };
}

type Attempt = { accountKey: string; source: string };

/** Counts a password attempt for this account from this client: the attempt, or the refusal to make it now. */
async function beginAttempt(email: string, clientIp: string | null): Promise<Attempt | { throttled: Throttled }> {
  const attempt = { accountKey: email.trim().toLowerCase(), source: attemptSource(clientIp) };
  const throttled = (await throttleByAddress("sign-in", clientIp)) ?? (await claimAttempt(attempt));
  return throttled ? { throttled } : attempt;
}

/** A right password wipes its source's failures for the account. */
async function forgetFailures(attempt: Attempt) {
  await db().delete(signInFailures).where(attemptRow(attempt));
}

const attemptRow = ({ accountKey, source }: Attempt) => and(eq(signInFailures.accountKey, accountKey), eq(signInFailures.source, source));

/**
 * Refuses the attempt while its source must wait; else counts it as a failure
 * before the password is checked (a success wipes it), under the row's lock,
 * so parallel tries from one source cannot all slip in before the wait.
 */
async function claimAttempt(attempt: Attempt): Promise<Throttled | null> {
  const now = new Date();
  // Now and then (about one attempt in a thousand) the forgotten rows go.
  if (Math.random() < 0.001) await forgetOldFailures(now);
  const wait = await db().transaction(async (tx) => {
    await tx
      .insert(signInFailures)
      .values({ ...attempt, failures: 0, lastFailedAt: now })
      .onConflictDoNothing();
    const [row] = await tx.select().from(signInFailures).where(attemptRow(attempt)).for("update");
    const seconds = secondsToWait(row, await recentAccountFailures(tx, attempt.accountKey, now), now);
    if (seconds > 0) return seconds;
    await tx
      .update(signInFailures)
      .set({ failures: failuresStillCount(row, now) ? row.failures + 1 : 1, lastFailedAt: now })
      .where(attemptRow(attempt));
    return 0;
  });
  return wait > 0 ? throttledFor(wait) : null;
}

/** The account's failures from every source whose count still stands (its last failure within the hour). */
async function recentAccountFailures(tx: Transaction, accountKey: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ failures: sum(signInFailures.failures) })
    .from(signInFailures)
    .where(and(eq(signInFailures.accountKey, accountKey), gt(signInFailures.lastFailedAt, forgottenBefore(now))));
  return Number(row?.failures ?? 0);
}

const forgottenBefore = (now: Date) => new Date(now.getTime() - SIGN_IN_DELAY.forgetAfterSeconds * 1000);

async function forgetOldFailures(now: Date) {
  await db()
    .delete(signInFailures)
    .where(lt(signInFailures.lastFailedAt, forgottenBefore(now)));
}
