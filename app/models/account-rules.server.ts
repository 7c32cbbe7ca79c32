import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

import { config } from "~/config.server";
import { users } from "~/db/schema";

/**
 * Who may act: the one definition of an active account and of the admin, for
 * an account already loaded (the predicates) and inside a query (the SQL).
 */

/** An account signs in, holds sessions and tokens, and shows its posts only while active (not suspended). */
export function isActiveAccount(user: { status: string }): boolean {
  return user.status === "active";
}

/**
 * The same rule as a WHERE condition. `account` is the users table or an alias
 * of it (e.g. `alias(users, "u")` in raw SQL). A literal, not a parameter, so
 * the planner sees the same query every time.
 */
export function activeAccountCondition(account: { status: AnyPgColumn } = users): SQL {
  return sql`${account.status} = 'active'`;
}

/** The admin's address is ADMIN_EMAIL, compared as stored (lower case). */
export function isDesignatedAdminEmail(email: string): boolean {
  return email.trim().toLowerCase() === config.ADMIN_EMAIL;
}

/**
 * The admin is the one account whose role is admin AND whose email is
 * ADMIN_EMAIL: another account given the admin role is not the admin.
 */
export function isAdminAccount(account: { role: string; email: string }): boolean {
  return account.role === "admin" && isDesignatedAdminEmail(account.email);
}
