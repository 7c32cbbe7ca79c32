import { eq, sql } from "drizzle-orm";

import { config } from "~/config.server";
import { db } from "~/db/db.server";
import { admins, users } from "~/db/schema";

import { isDesignatedAdminEmail } from "./account-rules.server";
import { createAccount, type AccountUser } from "./users.server";

/** The admin's record in the admins table: created or refreshed (lastLogin) at every admin sign-in. */
export async function recordAdminLogin(user: AccountUser) {
  await db()
    .insert(admins)
    .values({ userId: user.id, email: user.email, displayName: user.displayName, photoUrl: user.profileImageUrl, lastLogin: sql`now()` })
    .onConflictDoUpdate({
      target: admins.userId,
      set: { email: user.email, displayName: user.displayName, photoUrl: user.profileImageUrl, isAdmin: true, lastLogin: sql`now()` },
    });
}

export class AdminExistsError extends Error {
  constructor() {
    super("The admin account already exists. Log in instead.");
  }
}

/** Another email than ADMIN_EMAIL; the message does not name it. */
export class NotDesignatedAdminError extends Error {
  constructor() {
    super("Only the designated admin email can be used");
  }
}

/** Whether the designated admin's account exists (the sign-in page stops offering to create it). */
export async function designatedAdminExists(): Promise<boolean> {
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, config.ADMIN_EMAIL)).limit(1);
  return Boolean(existing);
}

/**
 * /admin/create-user: the account for ADMIN_EMAIL, while there is none. Once
 * it exists every email gets AdminExistsError alike, so the form never tells
 * which email is the admin's.
 */
export async function createDesignatedAdmin(input: { email: string; password: string; name: string }): Promise<AccountUser> {
  if (await designatedAdminExists()) throw new AdminExistsError();
  if (!isDesignatedAdminEmail(input.email)) throw new NotDesignatedAdminError();
  return createAdminAccount(input);
}

/** The admin account for this email, once (the seed's, and createDesignatedAdmin's). */
export async function createAdminAccount(input: { email: string; password: string; name: string }): Promise<AccountUser> {
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, input.email.toLowerCase()));
  if (existing) throw new AdminExistsError();
  // The operator chose this address (ADMIN_EMAIL): it counts as verified.
  const user = await createAccount({ ...input, businessName: "iSent", role: "admin", onboardingCompleted: true, verified: true });
  await db().insert(admins).values({ userId: user.id, email: user.email, displayName: user.displayName }).onConflictDoNothing();
  return user;
}
