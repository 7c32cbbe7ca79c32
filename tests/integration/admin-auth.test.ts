import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { admins, sessions, signInFailures, users } from "~/db/schema";
import { PASSWORD_FROM_ACCOUNT_DETAILS, PASSWORD_ONE_CHARACTER, PASSWORD_TOO_COMMON } from "~/lib/schemas/auth";
import { loader as adminLayoutLoader } from "~/routes/admin+/_layout";
import { action as adminCreateAction } from "~/routes/admin_+/create-user";
import { action as adminLoginAction, loader as adminLoginLoader } from "~/routes/admin_+/login";
import { action as adminLogoutAction } from "~/routes/admin_+/logout";
import { loader as meLoader } from "~/routes/api+/user.me";

import {
  ADMIN_EMAIL,
  PASSWORD,
  createUser,
  designatedAdmin,
  sessionCookieFor,
  sessionIdIn,
  sessionRowsOf,
  submitLogin,
  userByEmail,
  withoutAdminAccount,
} from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import {
  Browser,
  call,
  cookiePair,
  formErrors,
  formValues,
  getRequest,
  messagesShown,
  setCookie,
  toastOf,
  withinOneWindow,
} from "../support/http";

const test = setupTestDatabase();
const ONLY_DESIGNATED = "Only the designated admin email can be used";
const ALREADY_EXISTS = "The admin account already exists. Log in instead.";
const REFUSED = "Invalid email or password";

const createAdmin = (fields: Record<string, string>, browser = new Browser()) =>
  browser.submit(adminCreateAction, "/admin/create-user", fields);
const adminLogin = (browser: Browser, email: string, password = PASSWORD) =>
  browser.submit(adminLoginAction, "/admin/login", { email, password });

async function userCount() {
  const [row] = await test.db.select({ n: count() }).from(users);
  return row.n;
}

/** The admin account is one for the whole file: a test that counts its sessions starts with none. */
async function signedOutEverywhere(userId: string) {
  await test.db.delete(sessions).where(eq(sessions.userId, userId));
}

describe("/admin/create-user", () => {
  it("refuses any other email with 403, never naming the admin's, and creates nothing", async () => {
    await withoutAdminAccount();
    const before = await userCount();
    const reply = await createAdmin({ email: "boss@shop.example.in", password: PASSWORD, name: "Boss" });
    expect(reply.status).toBe(403);
    expect(formErrors(reply)).toEqual({ email: [ONLY_DESIGNATED] });
    expect(JSON.stringify(reply.data)).not.toContain(ADMIN_EMAIL);
    expect(formValues(reply)).not.toHaveProperty("password");
    expect(await userCount()).toBe(before);
    expect(await test.db.select().from(admins)).toEqual([]);
  });

  it("once the admin exists, answers every email alike, so none is shown to be the admin's", async () => {
    await designatedAdmin();
    const replies = [
      await createAdmin({ email: ADMIN_EMAIL, password: PASSWORD, name: "Usurper" }),
      await createAdmin({ email: "boss@shop.example.in", password: PASSWORD, name: "Usurper" }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(409);
      expect(formErrors(reply)).toEqual({ "": [ALREADY_EXISTS] });
    }
  });

  it("counts every try against the address before looking at the email: the 11th a minute is refused with 429 and Retry-After", async () => {
    await withoutAdminAccount();
    await withinOneWindow(60);
    const browser = new Browser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await createAdmin({ email: `guess-${attempt}@isent.example.in`, password: PASSWORD, name: "Guess" }, browser)).status).toBe(
        403,
      );
    }
    const eleventh = await createAdmin({ email: ADMIN_EMAIL, password: PASSWORD, name: "Guess" }, browser);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(formErrors(eleventh)?.[""]?.[0]).toMatch(/^Too many attempts\. Please wait \d+ (second|minute)s? and try again\.$/);
    expect(await userByEmail(ADMIN_EMAIL)).toBeUndefined();
  });

  it("refuses bad input with the form's messages", async () => {
    await withoutAdminAccount();
    const reply = await createAdmin({ email: ADMIN_EMAIL, password: "123", name: "A" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({
      password: ["Password must be at least 6 characters"],
      name: ["Name must be at least 2 characters"],
    });
    expect(await userByEmail(ADMIN_EMAIL)).toBeUndefined();
  });

  it.each([
    ["123456", PASSWORD_TOO_COMMON],
    ["password", PASSWORD_TOO_COMMON],
    ["aaaaaa", PASSWORD_ONE_CHARACTER],
    [`${ADMIN_EMAIL.split("@")[0]}2024`, PASSWORD_FROM_ACCOUNT_DETAILS],
    ["SiteAdmin2024", PASSWORD_FROM_ACCOUNT_DETAILS],
  ])("refuses the password %j with 400 and its message, creating nothing", async (password, message) => {
    await withoutAdminAccount();
    const before = await userCount();
    const reply = await createAdmin({ email: ADMIN_EMAIL, password, name: "Site Admin" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({ password: [message] });
    expect(formValues(reply)).not.toHaveProperty("password");
    expect(await userCount()).toBe(before);
    expect(await userByEmail(ADMIN_EMAIL)).toBeUndefined();
  });

  it("creates the admin for the designated email, then sends them to /admin/login with 'Admin Created'", async () => {
    await withoutAdminAccount();
    const reply = await createAdmin({ email: ADMIN_EMAIL.toUpperCase(), password: PASSWORD, name: "Site Admin" });
    expect(reply).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Admin Created" });
    expect(setCookie(reply, "__session")).toBeUndefined();

    const row = await userByEmail(ADMIN_EMAIL);
    expect(row).toMatchObject({ role: "admin", name: "Site Admin", status: "active" });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await test.db.select().from(admins).where(eq(admins.userId, row.id))).toEqual([
      expect.objectContaining({ email: ADMIN_EMAIL, isAdmin: true, lastLogin: null }),
    ]);
  });

  it("refuses to create it a second time with 409", async () => {
    await designatedAdmin();
    const before = await userCount();
    const reply = await createAdmin({ email: ADMIN_EMAIL, password: "another-password", name: "Usurper" });
    expect(reply.status).toBe(409);
    expect(await messagesShown(reply)).toContain(ALREADY_EXISTS);
    expect(await userCount()).toBe(before);
    expect((await userByEmail(ADMIN_EMAIL)).name).toBe("Site Admin");
  });
});

describe("/admin/login", () => {
  it("refuses a wrong password, another account (even with its right password) and an unknown email alike: 401, one message", async () => {
    const admin = await designatedAdmin();
    await signedOutEverywhere(admin.id);
    const user = await createUser();
    const replies = [
      await adminLogin(new Browser(), ADMIN_EMAIL, "wrong-password"),
      await adminLogin(new Browser(), user.email),
      await adminLogin(new Browser(), "nobody@shop.example.in"),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(formErrors(reply)).toEqual({ "": [REFUSED] });
      expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Login Failed", description: REFUSED });
      expect(formValues(reply)).not.toHaveProperty("password");
      expect(setCookie(reply, "__session")).toBeUndefined();
    }
    expect(await sessionRowsOf(admin.id)).toEqual([]);
    expect(await sessionRowsOf(user.id)).toEqual([]);
  });

  it("counts wrong passwords at /admin/login against the admin account: that source then waits, there and at /auth", async () => {
    await designatedAdmin();
    const attacker = new Browser();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await adminLogin(attacker, ADMIN_EMAIL, `wrong-${attempt}`)).status).toBe(401);
    }
    const [row] = await test.db
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.accountKey, ADMIN_EMAIL), eq(signInFailures.source, attacker.ip)));
    expect(row.failures).toBe(5);

    const refused = await adminLogin(attacker, ADMIN_EMAIL);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(formErrors(refused)).toEqual({ "": ["Too many attempts. Please wait 30 seconds and try again."] });
    expect(setCookie(refused, "__session")).toBeUndefined();
    expect((await submitLogin(new Browser(attacker.ip), ADMIN_EMAIL)).status).toBe(429);

    // The admin, from anywhere else, is not held back.
    expect(await adminLogin(new Browser(), ADMIN_EMAIL)).toMatchObject({ status: 302, location: "/admin" });
  });

  it("holds a source that has failed to the wait from its first failure once the admin account is under attack", async () => {
    await designatedAdmin();
    const lastFailedAt = new Date();
    await test.db
      .insert(signInFailures)
      .values(
        Array.from({ length: 20 }, (_, index) => ({ accountKey: ADMIN_EMAIL, source: `198.51.100.${index}`, failures: 5, lastFailedAt })),
      );
    try {
      const attacker = new Browser();
      expect((await adminLogin(attacker, ADMIN_EMAIL, "wrong-password")).status).toBe(401);
      expect((await adminLogin(attacker, ADMIN_EMAIL)).status).toBe(429);
      expect(await adminLogin(new Browser(), ADMIN_EMAIL)).toMatchObject({ status: 302, location: "/admin" });
    } finally {
      await test.db.delete(signInFailures).where(eq(signInFailures.accountKey, ADMIN_EMAIL));
    }
  });

  it("counts every try against the address before looking at the email: the 11th a minute is refused with 429 and Retry-After", async () => {
    await designatedAdmin();
    await withinOneWindow(60);
    const browser = new Browser();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await adminLogin(browser, `guess-${attempt}@shop.example.in`, `wrong-${attempt}`)).status).toBe(401);
    }
    const eleventh = await adminLogin(browser, ADMIN_EMAIL);
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(formErrors(eleventh)?.[""]?.[0]).toMatch(/^Too many attempts\. Please wait \d+ (second|minute)s? and try again\.$/);
  });

  it("signs the admin in to /admin, records lastLogin, and then skips the login page", async () => {
    const admin = await designatedAdmin();
    await signedOutEverywhere(admin.id);
    await test.db.update(admins).set({ lastLogin: null }).where(eq(admins.userId, admin.id));
    const browser = new Browser();
    const reply = await adminLogin(browser, ADMIN_EMAIL.toUpperCase());

    expect(reply).toMatchObject({ status: 302, location: "/admin" });
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Login Successful" });
    const [session] = await sessionRowsOf(admin.id);
    expect(await sessionIdIn(cookiePair(setCookie(reply, "__session")))).toBe(session.id);
    const [record] = await test.db.select().from(admins).where(eq(admins.userId, admin.id));
    expect(record.lastLogin!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    expect(await browser.visit(adminLoginLoader, "/admin/login")).toMatchObject({ status: 302, location: "/admin" });
    expect((await browser.visit(adminLayoutLoader, "/admin")).data).toEqual({ admin: { email: ADMIN_EMAIL, name: "Site Admin" } });
  });

  it("admin logout ends the session and goes back to /admin/login", async () => {
    const admin = await designatedAdmin();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(admin.id));
    const before = (await sessionRowsOf(admin.id)).length;
    const reply = await browser.submit(adminLogoutAction, "/admin/logout", {});
    expect(reply).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await toastOf(reply)).toMatchObject({ title: "Logged Out" });
    expect(await sessionRowsOf(admin.id)).toHaveLength(before - 1);
    expect(await browser.visit(adminLayoutLoader, "/admin/users")).toMatchObject({
      status: 302,
      location: "/admin/login?redirectTo=%2Fadmin%2Fusers",
    });
  });

  it("opens the admin page first asked for after sign-in, and only an admin page", async () => {
    await designatedAdmin();
    const asked = await new Browser().visit(adminLayoutLoader, "/admin/users?q=kiran");
    expect(asked).toMatchObject({ status: 302, location: "/admin/login?redirectTo=%2Fadmin%2Fusers%3Fq%3Dkiran" });
    const login = await new Browser().visit<{ redirectTo: string }>(
      adminLoginLoader,
      "/admin/login?redirectTo=%2Fadmin%2Fusers%3Fq%3Dkiran",
    );
    expect(login.data.redirectTo).toBe("/admin/users?q=kiran");

    const signIn = (redirectTo: string) =>
      new Browser().submit(adminLoginAction, "/admin/login", { email: ADMIN_EMAIL, password: PASSWORD, redirectTo });
    expect(await signIn("/admin/users?q=kiran")).toMatchObject({ status: 302, location: "/admin/users?q=kiran" });
    for (const elsewhere of ["//evil.example/admin", "https://evil.example/admin", "/app", "/administrator"]) {
      expect(await signIn(elsewhere)).toMatchObject({ status: 302, location: "/admin" });
    }
  });

  it("offers only what can work: no Google without Google configured, no 'Create the admin account' once it exists", async () => {
    await withoutAdminAccount();
    const before = await new Browser().visit<{ googleEnabled: boolean; canCreateAdmin: boolean }>(adminLoginLoader, "/admin/login");
    expect(before.data).toMatchObject({ googleEnabled: false, canCreateAdmin: true });
    await designatedAdmin();
    const after = await new Browser().visit<{ canCreateAdmin: boolean }>(adminLoginLoader, "/admin/login");
    expect(after.data.canCreateAdmin).toBe(false);
  });
});

describe("the admin layout guard", () => {
  it("sends anonymous visitors and signed-in non-admins to /admin/login", async () => {
    expect(await new Browser().visit(adminLayoutLoader, "/admin")).toMatchObject({ status: 302, location: "/admin/login" });

    const user = await createUser();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(user.id));
    expect(await browser.visit(adminLayoutLoader, "/admin/users")).toMatchObject({
      status: 302,
      location: "/admin/login?redirectTo=%2Fadmin%2Fusers",
    });
    expect((await browser.visit<{ googleEnabled: boolean }>(adminLoginLoader, "/admin/login")).status).toBe(200);
  });

  it("wants the designated email as well as the admin role", async () => {
    const impostor = await createUser({ role: "admin" });
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(impostor.id));
    expect(await browser.visit(adminLayoutLoader, "/admin")).toMatchObject({ status: 302, location: "/admin/login" });
  });
});

describe("isAdmin, one meaning everywhere: the admin role and the ADMIN_EMAIL address", () => {
  const me = (cookie: string) => call<{ isAdmin: boolean }>(meLoader, getRequest("/api/user/me", { cookie }));
  const adminArea = (cookie: string) => call(adminLayoutLoader, getRequest("/admin", { cookie }));

  it("is false for another account with the admin role, in /api/user/me and the admin area's guard", async () => {
    const impostor = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(impostor.id);
    expect((await me(cookie)).data.isAdmin).toBe(false);
    expect(await adminArea(cookie)).toMatchObject({ status: 302, location: "/admin/login" });
    // Nor does its right password open the admin login.
    expect((await adminLogin(new Browser(), impostor.email)).status).toBe(401);
  });

  it("is true for the designated admin, in /api/user/me and the admin area's guard", async () => {
    const admin = await designatedAdmin();
    const cookie = await sessionCookieFor(admin.id);
    expect((await me(cookie)).data.isAdmin).toBe(true);
    expect((await adminArea(cookie)).status).toBe(200);
  });
});
