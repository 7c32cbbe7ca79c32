import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { admins, users } from "~/db/schema";
import { createAdminAccount } from "~/models/admins.server";
import { loader as adminLayoutLoader } from "~/routes/admin+/_layout";
import { action as adminCreateAction } from "~/routes/admin_+/create-user";
import { action as adminLoginAction, loader as adminLoginLoader } from "~/routes/admin_+/login";
import { action as adminLogoutAction } from "~/routes/admin_+/logout";

import { PASSWORD, createUser, sessionCookieFor, sessionIdIn, sessionRowsOf, userByEmail } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, cookiePair, formErrors, formValues, messagesShown, setCookie, toastOf } from "../support/http";

const test = setupTestDatabase();
const ADMIN_EMAIL = "admin@isent.example.in";
const ONLY_DESIGNATED = "Only the designated admin email (admin@isent.example.in) can be used";
const NOT_ADMIN = "This email does not have admin privileges";

const createAdmin = (fields: Record<string, string>) => new Browser().submit(adminCreateAction, "/admin/create-user", fields);
const adminLogin = (browser: Browser, email: string, password = PASSWORD) =>
  browser.submit(adminLoginAction, "/admin/login", { email, password });

async function userCount() {
  const [row] = await test.db.select({ n: count() }).from(users);
  return row.n;
}

/** The admin account, made here unless the create-user tests already made it. */
async function ensureAdmin() {
  const existing = await userByEmail(ADMIN_EMAIL);
  return existing ? { id: existing.id } : createAdminAccount({ email: ADMIN_EMAIL, password: PASSWORD, name: "Site Admin" });
}

describe("/admin/create-user", () => {
  it("refuses any other email with 403 and the designated address, creating nothing", async () => {
    const before = await userCount();
    const reply = await createAdmin({ email: "boss@shop.example.in", password: PASSWORD, name: "Boss" });
    expect(reply.status).toBe(403);
    expect(formErrors(reply)).toEqual({ email: [ONLY_DESIGNATED] });
    expect(formValues(reply)).not.toHaveProperty("password");
    expect(await userCount()).toBe(before);
    expect(await test.db.select().from(admins)).toEqual([]);
  });

  it("refuses bad input with the form's messages", async () => {
    const reply = await createAdmin({ email: ADMIN_EMAIL, password: "123", name: "A" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({
      password: ["Password must be at least 6 characters"],
      name: ["Name must be at least 2 characters"],
    });
    expect(await userByEmail(ADMIN_EMAIL)).toBeUndefined();
  });

  it("creates the admin for the designated email, then sends them to /admin/login with 'Admin Created'", async () => {
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
    await ensureAdmin();
    const before = await userCount();
    const reply = await createAdmin({ email: ADMIN_EMAIL, password: "another-password", name: "Usurper" });
    expect(reply.status).toBe(409);
    expect(await messagesShown(reply)).toContain("The admin account already exists. Log in instead.");
    expect(await userCount()).toBe(before);
    expect((await userByEmail(ADMIN_EMAIL)).name).toBe("Site Admin");
  });
});

describe("/admin/login", () => {
  it("refuses any email but the admin's with 'This email does not have admin privileges', even with its right password", async () => {
    const user = await createUser();
    const reply = await adminLogin(new Browser(), user.email);
    expect(reply.status).toBe(403);
    expect(formErrors(reply)).toEqual({ email: [NOT_ADMIN] });
    expect(await messagesShown(reply)).toContain("Login Failed");
    expect(setCookie(reply, "__session")).toBeUndefined();
    expect(await sessionRowsOf(user.id)).toEqual([]);
  });

  it("refuses the admin's email with a wrong password", async () => {
    const admin = await ensureAdmin();
    const reply = await adminLogin(new Browser(), ADMIN_EMAIL, "wrong-password");
    expect(reply.status).toBe(401);
    expect(await messagesShown(reply)).toEqual(expect.arrayContaining(["Login Failed", "Invalid email or password"]));
    expect(await sessionRowsOf(admin.id)).toEqual([]);
  });

  it("signs the admin in to /admin, records lastLogin, and then skips the login page", async () => {
    const admin = await ensureAdmin();
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
    const admin = await ensureAdmin();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(admin.id));
    const before = (await sessionRowsOf(admin.id)).length;
    const reply = await browser.submit(adminLogoutAction, "/admin/logout", {});
    expect(reply).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await toastOf(reply)).toMatchObject({ title: "Logged Out" });
    expect(await sessionRowsOf(admin.id)).toHaveLength(before - 1);
    expect(await browser.visit(adminLayoutLoader, "/admin/users")).toMatchObject({ status: 302, location: "/admin/login" });
  });
});

describe("the admin layout guard", () => {
  it("sends anonymous visitors and signed-in non-admins to /admin/login", async () => {
    expect(await new Browser().visit(adminLayoutLoader, "/admin")).toMatchObject({ status: 302, location: "/admin/login" });

    const user = await createUser();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(user.id));
    expect(await browser.visit(adminLayoutLoader, "/admin/users")).toMatchObject({ status: 302, location: "/admin/login" });
    expect((await browser.visit<{ googleEnabled: boolean }>(adminLoginLoader, "/admin/login")).status).toBe(200);
  });

  it("wants the designated email as well as the admin role", async () => {
    const impostor = await createUser({ role: "admin" });
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(impostor.id));
    expect(await browser.visit(adminLayoutLoader, "/admin")).toMatchObject({ status: 302, location: "/admin/login" });
  });
});
