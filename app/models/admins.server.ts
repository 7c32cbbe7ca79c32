import { eq, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { admins, users } from "~/db/schema";

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

/** /admin/create-user: the admin account for ADMIN_EMAIL, once. */
export async function createAdminAccount(input: { email: string; password: string; name: string }): Promise<AccountUser> {
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, input.email.toLowerCase()));
  if (existing) throw new AdminExistsError();
  const user = await createAccount({ ...input, businessName: "iSent", role: "admin", onboardingCompleted: true });
  await db().insert(admins).values({ userId: user.id, email: user.email, displayName: user.displayName }).onConflictDoNothing();
  return user;
}
