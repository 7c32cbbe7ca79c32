import { and, asc, eq, isNull, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import {
  businessCards,
  campaigns,
  contactConsentEvents,
  contactImports,
  contacts,
  creditLedger,
  emailVerificationTokens,
  passwordResetTokens,
  posts,
  refreshTokens,
  sessions,
  smsMessages,
  uploads,
  users,
} from "~/db/schema";
import { fileStorage } from "~/services/storage.server";

import { hashPassword, verifyPassword } from "./password.server";
import { hitRateLimit, throttleByAddress, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";
import { signOutEverywhere } from "./sessions.server";
import { confirmPassword, type PasswordConfirmation } from "./sign-in.server";
import { accountColumns } from "./users.server";

/** Tries of the current password per account: like sign-in, so the form cannot be used to guess it. */
export const PASSWORD_CHANGES_PER_ACCOUNT: RateLimit = { limit: 5, windowSeconds: 15 * 60 };

/** Whether the account has a password to change (a Google-only account has none). */
export async function hasPassword(userId: string): Promise<boolean> {
  const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row?.passwordHash);
}

export type PasswordChange =
  { ok: true } | { ok: false; reason: "wrong-password" | "no-password" } | ({ ok: false; reason: "throttled" } & Throttled);

/**
 * Sets a new password when the current one is right. Every try counts against the client's
 * address (with the sign-in doors) and against the account. On success every session and API
 * token of the account ends in the same transaction; the caller signs this browser in afresh.
 */
export async function changePassword(input: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  clientIp: string | null;
}): Promise<PasswordChange> {
  const throttled =
    (await throttleByAddress("sign-in", input.clientIp)) ??
    (await throttleAccount(`change-password:user:${input.userId}`, PASSWORD_CHANGES_PER_ACCOUNT));
  if (throttled) return { ok: false, reason: "throttled", ...throttled };
  const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
  if (!row?.passwordHash) return { ok: false, reason: "no-password" };
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) return { ok: false, reason: "wrong-password" };
  const passwordHash = await hashPassword(input.newPassword);
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, input.userId));
    // A reset link mailed before the change must not undo it.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
    await signOutEverywhere(tx, input.userId);
  });
  return { ok: true };
}

async function throttleAccount(key: string, limit: RateLimit): Promise<Throttled | null> {
  const result = await hitRateLimit(key, limit);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

/** Ends every session and API token of the account, this browser's too. */
export async function signOutOfEveryDevice(userId: string) {
  await db().transaction((tx) => signOutEverywhere(tx, userId));
}

/**
 * Everything the account holds, for "Download my data": the profile (never the password hash,
 * Google id or token version), contacts and their consent history, posts, credit ledger, campaigns, SMS and uploads. Only
 * this account's rows: the owner is in every WHERE.
 */
export async function exportAccountData(userId: string) {
  const [profile] = await db()
    .select({
      ...accountColumns,
      address: users.address,
      city: users.city,
      state: users.state,
      country: users.country,
      postalCode: users.postalCode,
      lat: users.lat,
      lon: users.lon,
      signsInWithGoogle: sql<boolean>`${users.googleId} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;
  const [contactRows, postRows, ledgerRows, campaignRows, smsRows, uploadRows, [card]] = await Promise.all([
    db().select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.createdAt)),
    db().select().from(posts).where(eq(posts.userId, userId)).orderBy(asc(posts.createdAt)),
    db().select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.createdAt)),
    db().select().from(campaigns).where(eq(campaigns.userId, userId)).orderBy(asc(campaigns.createdAt)),
    db().select().from(smsMessages).where(eq(smsMessages.userId, userId)).orderBy(asc(smsMessages.createdAt)),
    db()
      .select({ key: uploads.key, contentType: uploads.contentType, sizeBytes: uploads.sizeBytes, createdAt: uploads.createdAt })
      .from(uploads)
      .where(eq(uploads.userId, userId))
      .orderBy(asc(uploads.createdAt)),
    db()
      .select({ id: businessCards.id, designId: businessCards.designId, fields: businessCards.fields, updatedAt: businessCards.updatedAt })
      .from(businessCards)
      .where(eq(businessCards.userId, userId)),
  ]);
  // Each contact's consent history (append-only: every opt-in with its source, every opt-out), oldest first.
  const consentRows = await db()
    .select()
    .from(contactConsentEvents)
    .where(eq(contactConsentEvents.userId, userId))
    .orderBy(asc(contactConsentEvents.createdAt));
  return {
    exportedAt: new Date().toISOString(),
    profile,
    contacts: contactRows,
    contactConsentHistory: consentRows,
    posts: postRows,
    creditLedger: ledgerRows,
    campaigns: campaignRows,
    smsMessages: smsRows,
    uploads: uploadRows,
    businessCard: card ?? null,
  };
}

export type AccountDeletion =
  | { ok: true }
  | { ok: false; reason: "password-needed" | "google-confirmation-needed" }
  | Exclude<PasswordConfirmation, { ok: true } | { reason: "no-password" }>;

/**
 * "Delete my account", once whoever asks has proved again that they own it: an account that signs
 * in with Google by a Google sign-in of the last few minutes (the caller knows, from this
 * browser's session), any other by its password, checked as a sign-in is (confirmPassword).
 */
export async function deleteConfirmedAccount(input: {
  userId: string;
  password: string | undefined;
  confirmedWithGoogle: boolean;
  clientIp: string | null;
}): Promise<AccountDeletion> {
  const [account] = await db()
    .select({ passwordHash: users.passwordHash, googleId: users.googleId })
    .from(users)
    .where(eq(users.id, input.userId));
  const byGoogle = Boolean(account?.googleId) && input.confirmedWithGoogle;
  if (!byGoogle) {
    if (!account?.passwordHash) return { ok: false, reason: "google-confirmation-needed" };
    if (!input.password) return { ok: false, reason: "password-needed" };
    const confirmed = await confirmPassword({ userId: input.userId, password: input.password, clientIp: input.clientIp });
    if (!confirmed.ok) return confirmed.reason === "no-password" ? { ok: false, reason: "google-confirmation-needed" } : confirmed;
  }
  await deleteAccount(input.userId);
  return { ok: true };
}

/**
 * Deletes the account's data in one transaction, and leaves the users row as an anonymous
 * tombstone (status 'deleted', no email, name, business details or password) so the credit
 * ledger keeps its rows for accounting (docs/decisions/012-account-deletion.md). The stored
 * files go after the commit: a file left behind by a failed delete is only an orphan, while a
 * file deleted before a rolled-back transaction would break a kept profile.
 */
async function deleteAccount(userId: string) {
  const keys = await db().transaction(async (tx) => {
    await signOutEverywhere(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.delete(smsMessages).where(eq(smsMessages.userId, userId));
    await tx.delete(campaigns).where(eq(campaigns.userId, userId));
    await tx.delete(contactImports).where(eq(contactImports.userId, userId));
    await tx.delete(contacts).where(eq(contacts.userId, userId));
    // Likes and views go with their posts (ON DELETE CASCADE); the feed no longer has them.
    await tx.delete(posts).where(eq(posts.userId, userId));
    await tx.delete(businessCards).where(eq(businessCards.userId, userId));
    const removed = await tx.delete(uploads).where(eq(uploads.userId, userId)).returning({ key: uploads.key });
    await tx
      .update(users)
      .set({
        status: "deleted",
        email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
        passwordHash: null,
        googleId: null,
        name: "",
        businessName: "Deleted business",
        businessDetails: null,
        businessPhone: null,
        mobileNumber: null,
        gstNumber: null,
        businessCategories: [],
        address: null,
        city: null,
        state: null,
        postalCode: null,
        lat: null,
        lon: null,
        profileImageUrl: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    return removed.map((row) => row.key);
  });
  const storage = fileStorage();
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      console.error(`Could not delete the stored file ${key} of a deleted account`, error);
    }
  }
}
