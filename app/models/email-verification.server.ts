import { createHash, randomBytes } from "node:crypto";

import { and, eq, gt, isNull, sql } from "drizzle-orm";

import { config } from "~/config.server";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { emailVerificationTokens, users } from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import { verificationMail } from "~/lib/mail/templates";
import { waitPhrase } from "~/lib/too-many-attempts";
import { getMailer } from "~/services/mail.server";

import { activeAccountCondition } from "./account-rules.server";
import { grantCredits } from "./credits.server";
import { priceOf } from "./pricing.server";
import { hitRateLimit, type RateLimit, type Throttled } from "./rate-limit.server";

/**
 * Addresses are free, credits are not: an account's opening balance is granted when its owner
 * proves the email (the mailed link, or Google saying the address is verified), once per account.
 */

/** A verification link works for 24 hours, and once. */
export const VERIFICATION_LINK_HOURS = 24;

/** Verification mails to one account, the registration's included: at most 3 an hour. */
export const VERIFICATION_MAILS_PER_HOUR: RateLimit = { limit: 3, windowSeconds: 3600 };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The credits a business gets when it verifies its email: the admin's opening balance (100 by default). */
export function openingBalanceCredits(tx?: Transaction): Promise<number> {
  return priceOf("opening_balance", tx);
}

/**
 * Marks the account's email verified, inside the caller's transaction, and grants the opening
 * balance if it was not verified before. The grant's ledger row has the account as its reference,
 * so the credits model makes it once per account however often this runs. Returns the credits granted now.
 */
export async function markEmailVerified(tx: Transaction, userId: string): Promise<number> {
  const [verified] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  if (!verified) return 0;
  // Any link still out has done its job.
  await tx
    .update(emailVerificationTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
  const credits = await openingBalanceCredits(tx);
  if (credits <= 0) return 0;
  const grant = await grantCredits(tx, { userId, amount: credits, reason: "opening_balance", reference: userId });
  return grant.repeated ? 0 : credits;
}

export type VerificationMailRequest =
  { ok: true } | { ok: false; reason: "already-verified" } | ({ ok: false; reason: "throttled" } & Throttled);

/**
 * Queues a verification mail for this account (the `email-verification-mail` job, after the
 * answer) when one may go now: not when it is verified already, nor more than 3 an hour
 * (VERIFICATION_MAILS_PER_HOUR), so nobody floods an inbox through the 'Resend' button.
 * Registration, a new Google account whose address Google has not verified, and 'Resend' ask.
 */
export async function requestVerificationMail(userId: string): Promise<VerificationMailRequest> {
  const [account] = await db().select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!account || account.verifiedAt) return { ok: false, reason: "already-verified" };
  const counted = await hitRateLimit(`verify-mail:user:${userId}`, VERIFICATION_MAILS_PER_HOUR);
  if (!counted.allowed) {
    const wait = waitPhrase(counted.retryAfterSeconds);
    const message = `You can ask for ${VERIFICATION_MAILS_PER_HOUR.limit} verification emails an hour. Please wait ${wait} and try again.`;
    return { ok: false, reason: "throttled", message, retryAfterSeconds: counted.retryAfterSeconds };
  }
  await queueJob("email-verification-mail", { userId });
  return { ok: true };
}

/**
 * Mails a new verification link to an active account that is not verified yet (a background job,
 * queued by requestVerificationMail). Earlier links stay valid until they expire: the owner
 * may open either mail.
 */
export async function mailEmailVerification(userId: string): Promise<void> {
  const [account] = await db()
    .select({ email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), activeAccountCondition()));
  if (!account || account.verifiedAt) return;
  const token = randomBytes(32).toString("base64url");
  await db()
    .insert(emailVerificationTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + VERIFICATION_LINK_HOURS * 3_600_000) });
  const credits = await openingBalanceCredits();
  // From the configured address only: a forged Host header must not choose where the link points.
  const link = `${config.PUBLIC_ORIGIN}/verify-email?token=${token}`;
  await getMailer().send({
    to: account.email,
    ...verificationMail({ name: account.name, link, hours: VERIFICATION_LINK_HOURS, openingCredits: credits }),
  });
}

/** What a verification link is worth now: the account it verifies, or why it does not. */
export type VerificationLink =
  { ok: true; email: string } | { ok: false; reason: "unknown" | "expired" | "used"; alreadyVerified: boolean };

/** A link's state for the page that asks to confirm it (reads only: opening the link changes nothing). */
export async function checkVerificationLink(token: string): Promise<VerificationLink> {
  const [row] = await db()
    .select({
      email: users.email,
      usedAt: emailVerificationTokens.usedAt,
      expired: sql<boolean>`${emailVerificationTokens.expiresAt} <= now()`,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(and(eq(emailVerificationTokens.tokenHash, hashToken(token)), activeAccountCondition()));
  if (!row) return { ok: false, reason: "unknown", alreadyVerified: false };
  const alreadyVerified = row.verifiedAt !== null;
  if (row.usedAt || alreadyVerified) return { ok: false, reason: "used", alreadyVerified };
  if (row.expired) return { ok: false, reason: "expired", alreadyVerified };
  return { ok: true, email: row.email };
}

export type EmailVerified = { ok: true; userId: string; email: string; creditsGranted: number };

/**
 * Verifies the email a link was mailed to, in one transaction: the token is used up (only while
 * unused and unexpired), the account marked verified and granted its opening balance. Whoever
 * holds the link proves the mailbox, so no sign-in is needed, and none is made.
 */
export async function verifyEmail(token: string): Promise<EmailVerified | Extract<VerificationLink, { ok: false }>> {
  const verified = await db().transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, sql`now()`),
          sql`exists (select 1 from ${users} where ${users.id} = ${emailVerificationTokens.userId} and ${activeAccountCondition()})`,
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!used) return null;
    const creditsGranted = await markEmailVerified(tx, used.userId);
    const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, used.userId));
    return { ok: true as const, userId: used.userId, email: account.email, creditsGranted };
  });
  if (verified) return verified;
  const link = await checkVerificationLink(token);
  // Used up between the two reads (a double tap): it was used.
  return link.ok ? { ok: false, reason: "used", alreadyVerified: true } : link;
}
