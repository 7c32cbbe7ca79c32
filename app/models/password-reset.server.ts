import { createHash, randomBytes } from "node:crypto";

import { and, eq, gt, isNull, sql } from "drizzle-orm";

import { config } from "~/config.server";
import { db } from "~/db/db.server";
import { passwordResetTokens, users } from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import { passwordResetMail } from "~/lib/mail/templates";
import { getMailer } from "~/services/mail.server";

import { isActiveAccount } from "./account-rules.server";
import { hashPassword } from "./password.server";
import { hitRateLimit, type RateLimit } from "./rate-limit.server";
import { signOutEverywhere } from "./sessions.server";

/** A reset link is valid for 30 minutes and once. */
export const RESET_TOKEN_MINUTES = 30;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Reset mails to one address: at most 3 an hour, so nobody can flood an inbox through the form. */
export const RESET_MAILS_PER_HOUR: RateLimit = { limit: 3, windowSeconds: 3600 };

/**
 * 'Forgot password?': queues the `password-reset-mail` job and nothing else, so the answer takes
 * as long whether or not the email has an account (no row of its own to queue it with).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await queueJob("password-reset-mail", { email });
}

/**
 * Mails a reset link when the email has an active account. Runs as a
 * background job after the form has answered (app/jobs), so how long it takes
 * tells nobody whether the email has an account.
 */
export async function mailPasswordReset(email: string): Promise<void> {
  const address = email.toLowerCase();
  const [user] = await db().select({ id: users.id, name: users.name, status: users.status }).from(users).where(eq(users.email, address));
  if (!user || !isActiveAccount(user)) return;
  if (!(await hitRateLimit(`reset-mail:${address}`, RESET_MAILS_PER_HOUR)).allowed) return;
  const token = randomBytes(32).toString("base64url");
  await db()
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000) });
  // From the configured address only: a forged Host header must not choose where the link points.
  const link = `${config.PUBLIC_ORIGIN}/reset-password?token=${token}`;
  await getMailer().send({ to: address, ...passwordResetMail({ name: user.name, link, minutes: RESET_TOKEN_MINUTES }) });
}

/** The account a reset token belongs to while it is unused and unexpired, with what it is called (a new password may not be made from it). */
export async function findResetTokenUser(token: string): Promise<{ id: string; email: string; name: string; businessName: string } | null> {
  const [row] = await db()
    .select({ id: users.id, email: users.email, name: users.name, businessName: users.businessName })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/**
 * Sets the new password and uses the token up, in one transaction; the token's
 * other unused siblings, every session of the account and its API tokens
 * end with it, so nobody holding the old password stays signed in
 * (the caller signs the resetting browser in afresh). Returns the account's
 * id; null when the token is not (or no longer) valid.
 */
export async function resetPassword(token: string, newPassword: string): Promise<string | null> {
  const passwordHash = await hashPassword(newPassword);
  return db().transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) return null;
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, used.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)));
    // Whoever held the old password may hold a session or an API token: they go with the password.
    await signOutEverywhere(tx, used.userId);
    return used.userId;
  });
}
