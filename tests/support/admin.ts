import type { ActingAdmin } from "~/models/admin-audit.server";

import { ADMIN_EMAIL, designatedAdmin, sessionCookieFor } from "./accounts";

/** The designated admin as admin model functions take it. */
export async function actingAdmin(): Promise<ActingAdmin> {
  const admin = await designatedAdmin();
  return { id: admin.id, email: ADMIN_EMAIL };
}

/** A signed-in admin session's Cookie header, for calling admin loaders and actions. */
export async function adminCookie(): Promise<string> {
  return sessionCookieFor((await designatedAdmin()).id);
}
