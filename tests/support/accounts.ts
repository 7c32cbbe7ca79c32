import { eq } from "drizzle-orm";

import { sessions, users } from "~/db/schema";
import { db } from "~/db/db.server";
import { makeUser, uniqueEmail, type UserOverrides } from "~/db/seed/factories.server";
import { createAdminAccount } from "~/models/admins.server";
import { action as authAction } from "~/routes/_auth+/auth";
import { requireUser, sessionStorage, signIn } from "~/utils/session.server";

import { Browser, SITE, cookiePair, freshIp, type RequestOptions } from "./http";

export const PASSWORD = "correct-horse-42";
/** ADMIN_EMAIL in the tests' environment (vitest.config.ts). */
export const ADMIN_EMAIL = "admin@isent.example.in";

export { uniqueEmail };

/** A business account that signs in with PASSWORD: the user factory (the registration's model: balance, ledger row). */
export function createUser(overrides: UserOverrides = {}) {
  return makeUser({ password: PASSWORD, ...overrides });
}

/** The designated admin (ADMIN_EMAIL, password PASSWORD, 'Site Admin'): the one there is, else made now. */
export async function designatedAdmin(): Promise<{ id: string }> {
  const existing = await userByEmail(ADMIN_EMAIL);
  return existing ? { id: existing.id } : createAdminAccount({ email: ADMIN_EMAIL, password: PASSWORD, name: "Site Admin" });
}

/** No admin account: for the tests of creating it. */
export async function withoutAdminAccount() {
  await db().delete(users).where(eq(users.email, ADMIN_EMAIL));
}

/** The session the real signIn makes for this user: its Set-Cookie line, the cookie as a browser sends it, and the row's id. */
export async function signedInSession(userId: string): Promise<{ setCookie: string; cookie: string; id: string }> {
  const response = await signIn(new Request(`${SITE}/auth`, { headers: { "X-Forwarded-For": freshIp() } }), userId, {
    redirectTo: "/app",
    toast: { title: "Login successful" },
  });
  const line = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
  const cookie = cookiePair(line);
  return { setCookie: line!, cookie, id: (await sessionIdIn(cookie))! };
}

/** A signed-in browser's cookie for this user, made by the real signIn. */
export async function sessionCookieFor(userId: string): Promise<string> {
  return (await signedInSession(userId)).cookie;
}

/** The sessions row id a session cookie names, read the way the app reads it. */
export async function sessionIdIn(cookie: string): Promise<string | undefined> {
  return (await sessionStorage.getSession(cookie)).get("sessionId");
}

export async function sessionRowsOf(userId: string) {
  return db().select().from(sessions).where(eq(sessions.userId, userId));
}

export async function userByEmail(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email));
  return row;
}

/** The auth page's login form, as this browser submits it. */
export function submitLogin(
  browser: Browser,
  email: string,
  password = PASSWORD,
  extra: Record<string, string> = {},
  options: RequestOptions = {},
) {
  return browser.submit(authAction, "/auth", { intent: "login", username: email, password, ...extra }, options);
}

/** Where requireUser sends this request: null when it lets it through. */
export async function guardRedirect(request: Request): Promise<string | null> {
  try {
    await requireUser(request);
    return null;
  } catch (error) {
    if (!(error instanceof Response) || error.status !== 302) throw error;
    return error.headers.get("Location");
  }
}
