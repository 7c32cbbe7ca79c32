import { and, eq, isNull, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { users } from "~/db/schema";
import { DEFAULT_BUSINESS_NAME } from "~/lib/display-name";
import { isUuid } from "~/lib/ids";

import { isActiveAccount } from "./account-rules.server";
import { accountColumns, toAccountUser, type AccountUser } from "./account-user.server";
import { markEmailVerified } from "./email-verification.server";
import { hashPassword, verifyPassword } from "./password.server";
import { signOutEverywhere } from "./sessions.server";

export type { AccountUser } from "./account-user.server";

/** The account with this id; with `tokenVersion`, only while that is still the account's (an API access token's check). */
export async function getAccountUser(id: string, options: { tokenVersion?: number } = {}): Promise<AccountUser | null> {
  if (!isUuid(id)) return null;
  const version = options.tokenVersion === undefined ? undefined : eq(users.tokenVersion, options.tokenVersion);
  const [row] = await db()
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), version));
  return row ? toAccountUser(row) : null;
}

export class EmailTakenError extends Error {
  constructor() {
    super("This email is already registered. Log in instead.");
  }
}

export type NewAccount = {
  email: string;
  password?: string;
  name: string;
  businessName?: string;
  mobileNumber?: string;
  googleId?: string;
  profileImageUrl?: string | null;
  onboardingCompleted?: boolean;
  role?: "user" | "admin";
  /**
   * The email is known to be the owner's (Google says so; the seed's demo accounts): the account
   * starts verified, with its opening balance. Otherwise it starts at 0 credits until the mailed
   * link is opened (app/models/email-verification.server.ts).
   */
  verified?: boolean;
};

/**
 * Creates an account, all or nothing; verified (and granted its opening balance with its ledger
 * row) only when told. Throws EmailTakenError for a registered email.
 */
export async function createAccount(account: NewAccount): Promise<AccountUser> {
  const passwordHash = account.password ? await hashPassword(account.password) : null;
  return db().transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: account.email.toLowerCase(),
        passwordHash,
        googleId: account.googleId ?? null,
        name: account.name,
        businessName: account.businessName || DEFAULT_BUSINESS_NAME,
        mobileNumber: account.mobileNumber ?? null,
        businessPhone: account.mobileNumber ?? null,
        profileImageUrl: account.profileImageUrl ?? null,
        onboardingCompleted: account.onboardingCompleted ?? false,
        role: account.role ?? "user",
      })
      .onConflictDoNothing({ target: users.email })
      .returning(accountColumns);
    if (!created) throw new EmailTakenError();
    if (!account.verified) return toAccountUser(created);
    await markEmailVerified(tx, created.id);
    const [verified] = await tx.select(accountColumns).from(users).where(eq(users.id, created.id));
    return toAccountUser(verified);
  });
}

// Verifying against a real hash even for unknown emails keeps the timing the same.
let dummyHash: Promise<string> | undefined;

/** The active account with this email and password, or null (without saying which part was wrong). */
export async function verifyLogin(email: string, password: string): Promise<AccountUser | null> {
  const [row] = await db()
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  dummyHash ??= hashPassword("timing-equaliser-password");
  const valid = await verifyPassword(row?.passwordHash ?? (await dummyHash), password);
  if (!row?.passwordHash || !valid || !isActiveAccount(row)) return null;
  await db()
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, row.id));
  return toAccountUser(row);
}

/**
 * Who just signed in; `justLinked` when Google sign-in took over an existing password account,
 * `justCreated` when it made a new one.
 */
export type SignedInAccount = AccountUser & { justLinked?: boolean; justCreated?: boolean };

export type GoogleIdentity = { googleId: string; email: string; name: string; pictureUrl: string | null; emailVerified: boolean };

/** The account that signs in with this Google id, if any (a fresh Google sign-in confirming who is at the keyboard). */
export async function findGoogleAccount(googleId: string): Promise<AccountUser | null> {
  const [row] = await db().select(accountColumns).from(users).where(eq(users.googleId, googleId));
  return row ? toAccountUser(row) : null;
}

/**
 * Google sign-in: the account already linked to this Google id; else the
 * account with this (verified) email, now linked; else a new account with
 * business name 'My Business' and onboarding still to do. `justLinked` says an
 * existing account was linked now, and so lost its password (see linkByEmail).
 * Google saying the account's own address is verified verifies it (and grants
 * the opening balance), whichever of the three it is.
 */
export async function findOrCreateGoogleAccount(identity: GoogleIdentity): Promise<SignedInAccount> {
  const [linked] = await db().select(accountColumns).from(users).where(eq(users.googleId, identity.googleId));
  if (linked) {
    const provesEmail = identity.emailVerified && identity.email.toLowerCase() === linked.email && !linked.emailVerifiedAt;
    return toAccountUser(provesEmail ? await verifiedByGoogle(linked.id) : linked);
  }
  if (identity.emailVerified) {
    const byEmail = await linkByEmail(identity);
    if (byEmail) return { ...toAccountUser(byEmail), justLinked: true };
  }
  const created = await createAccount({
    email: identity.email,
    name: identity.name || identity.email.split("@")[0],
    googleId: identity.googleId,
    profileImageUrl: identity.pictureUrl,
    onboardingCompleted: false,
    verified: identity.emailVerified,
  });
  return { ...created, justCreated: true };
}

async function verifiedByGoogle(userId: string) {
  return db().transaction(async (tx) => {
    await markEmailVerified(tx, userId);
    const [account] = await tx.select(accountColumns).from(users).where(eq(users.id, userId));
    return account;
  });
}

/**
 * Registering with a password proves nothing about the email, so anyone could
 * have made this account in its owner's name and kept the password. Google has
 * now shown who owns the address: the owner gets the account, verified, and the password,
 * the sessions and the API tokens (refresh and access) made with it end. The owner can set a new
 * password with 'Forgot password?', which mails them.
 */
async function linkByEmail(identity: GoogleIdentity) {
  return db().transaction(async (tx) => {
    const [account] = await tx
      .update(users)
      .set({ googleId: identity.googleId, passwordHash: null, updatedAt: sql`now()` })
      .where(and(eq(users.email, identity.email.toLowerCase()), isNull(users.googleId)))
      .returning({ id: users.id });
    if (!account) return null;
    await signOutEverywhere(tx, account.id);
    await markEmailVerified(tx, account.id);
    const [linked] = await tx.select(accountColumns).from(users).where(eq(users.id, account.id));
    return linked;
  });
}
