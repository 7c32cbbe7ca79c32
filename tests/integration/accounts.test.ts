import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { creditLedger, sessions, users } from "~/db/schema";
import { loader as appLayoutLoader } from "~/routes/_app+/_layout";
import { action as authAction, loader as authLoader } from "~/routes/_auth+/auth";
import { action as logoutAction, loader as logoutLoader } from "~/routes/_auth+/logout";
import { INVALID_MOBILE } from "~/lib/schemas/contacts";
import { PASSWORD_FROM_ACCOUNT_DETAILS, PASSWORD_ONE_CHARACTER, PASSWORD_TOO_COMMON } from "~/lib/schemas/auth";
import { requireUser } from "~/utils/session.server";

import {
  PASSWORD,
  createUser,
  guardRedirect,
  submitLogin as login,
  sessionCookieFor,
  sessionIdIn,
  sessionRowsOf,
  uniqueEmail,
  userByEmail,
} from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import {
  Browser,
  cookiePair,
  formErrors,
  formValues,
  setCookie,
  submissionOf,
  toastOf,
  withinOneWindow,
  type Reply,
} from "../support/http";

const test = setupTestDatabase();

const register = (browser: Browser, fields: Record<string, string>) =>
  browser.submit(authAction, "/auth", { intent: "register", ...fields });

function registration() {
  return {
    username: uniqueEmail("new"),
    password: "secret-pass",
    name: "Ravi Kumar",
    businessName: "Kumar Hardware",
    mobileNumber: "9876543210",
  };
}

async function rowCounts() {
  const [[people], [ledger], [signedIn]] = await Promise.all([
    test.db.select({ n: count() }).from(users),
    test.db.select({ n: count() }).from(creditLedger),
    test.db.select({ n: count() }).from(sessions),
  ]);
  return { users: people.n, ledger: ledger.n, sessions: signedIn.n };
}

function loginRedirectFor(path: string) {
  return `/login?${new URLSearchParams({ redirectTo: path })}`;
}

function expectSessionCookie(reply: Reply) {
  const line = setCookie(reply, "__session");
  expect(line).toBeDefined();
  expect(line).toMatch(/; HttpOnly/i);
  expect(line).toMatch(/; SameSite=Lax/i);
  expect(line).toMatch(/; Path=\//);
  // As long as the session can last: 30 days from sign-in.
  expect(line).toMatch(/; Max-Age=2592000/);
  return cookiePair(line);
}

describe("registration (POST /auth, intent register)", () => {
  it("creates the account with 0 credits until its email is verified, signs in and goes to /app", async () => {
    const browser = new Browser();
    const fields = registration();
    const reply = await register(browser, { ...fields, username: fields.username.toUpperCase() });

    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/app");
    const cookie = expectSessionCookie(reply);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Registration successful", description: "Welcome, Ravi Kumar" });

    const row = await userByEmail(fields.username);
    expect(row).toMatchObject({
      name: "Ravi Kumar",
      businessName: "Kumar Hardware",
      // Checked and stored as a contact's number is, E.164.
      mobileNumber: "+919876543210",
      balance: 0,
      emailVerifiedAt: null,
      role: "user",
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(fields.password);
    // The opening balance comes with the mailed link (tests/integration/email-verification.test.ts).
    expect(await test.db.select().from(creditLedger).where(eq(creditLedger.userId, row.id))).toEqual([]);

    const [session] = await sessionRowsOf(row.id);
    expect(await sessionIdIn(cookie)).toBe(session.id);
    expect(session.ipAddress).toBe(browser.ip);
    expect((await requireUser(browser.request("/app"))).id).toBe(row.id);
  });

  it.each([
    ["username", "not-an-email", "Please enter a valid email address"],
    ["password", "12345", "Password must be at least 6 characters"],
    ["name", "A", "Name must be at least 2 characters"],
    ["businessName", "B", "Business name must be at least 2 characters"],
    ["mobileNumber", "98450", "Mobile number must be at least 10 characters"],
    // The contacts' rule: a real Indian mobile, ten digits with or without +91 or 0.
    ["mobileNumber", "12345 67890", INVALID_MOBILE],
    ["mobileNumber", "98450 123456", INVALID_MOBILE],
    ["mobileNumber", "080 2345 6789", INVALID_MOBILE],
    ["mobileNumber", "+1 415 555 2671", INVALID_MOBILE],
    ["mobileNumber", "98450-1234x", INVALID_MOBILE],
  ])("refuses %s %j with 400 '%s' and creates nothing", async (field, value, message) => {
    const before = await rowCounts();
    const reply = await register(new Browser(), { ...registration(), [field]: value });
    expect(reply.status).toBe(400);
    expect(reply.data.intent).toBe("register");
    expect(formErrors(reply)).toEqual({ [field]: [message] });
    expect(formValues(reply)).not.toHaveProperty("password");
    expect(setCookie(reply, "__session")).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ["123456", () => "123456", PASSWORD_TOO_COMMON],
    ["password", () => "password", PASSWORD_TOO_COMMON],
    ["a common one in capitals", () => "Qwerty123", PASSWORD_TOO_COMMON],
    ["aaaaaa", () => "aaaaaa", PASSWORD_ONE_CHARACTER],
    ["the email's local part", (email: string) => email.split("@")[0], PASSWORD_FROM_ACCOUNT_DETAILS],
    ["the whole email", (email: string) => email.toUpperCase(), PASSWORD_FROM_ACCOUNT_DETAILS],
    ["the business name and digits", () => "kumarhardware123", PASSWORD_FROM_ACCOUNT_DETAILS],
    ["the business name spaced and punctuated", () => "Kumar Hardware!", PASSWORD_FROM_ACCOUNT_DETAILS],
    ["the name and digits", () => "RaviKumar@2024", PASSWORD_FROM_ACCOUNT_DETAILS],
  ])("refuses the password %s with 400 and its message, and creates nothing", async (_, password, message) => {
    const before = await rowCounts();
    const fields = registration();
    const reply = await register(new Browser(), { ...fields, password: password(fields.username) });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({ password: [message] });
    expect(formValues(reply)).not.toHaveProperty("password");
    expect(setCookie(reply, "__session")).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
    expect(await userByEmail(fields.username)).toBeUndefined();
  });

  it.each(["98450 12345", "+91 98450-12345", "098450 12345"])("takes the mobile %j as typed and stores it E.164", async (mobileNumber) => {
    const fields = { ...registration(), mobileNumber };
    expect((await register(new Browser(), fields)).status).toBe(302);
    expect((await userByEmail(fields.username)).mobileNumber).toBe("+919845012345");
  });

  it("takes a password that only contains the business name among other words", async () => {
    const fields = registration();
    expect(await register(new Browser(), { ...fields, password: "kumar-hardware-blue-tiger" })).toMatchObject({
      status: 302,
      location: "/app",
    });
  });

  it("names every missing field at once", async () => {
    const reply = await register(new Browser(), {});
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({
      username: ["Please enter a valid email address"],
      password: ["Password must be at least 6 characters"],
      name: ["Name must be at least 2 characters"],
      businessName: ["Business name must be at least 2 characters"],
      mobileNumber: ["Mobile number must be at least 10 characters"],
    });
  });

  it("answers 409 for a registered email (any case), creates nothing and keeps the entries but the password", async () => {
    const fields = registration();
    expect((await register(new Browser(), fields)).status).toBe(302);
    const before = await rowCounts();

    const again = { ...fields, username: fields.username.toUpperCase(), password: "another-pass", name: "Someone Else" };
    const reply = await register(new Browser(), again);
    expect(reply.status).toBe(409);
    expect(formErrors(reply)).toEqual({ username: ["This email is already registered. Log in instead."] });
    expect(formValues(reply)).toMatchObject({
      username: again.username,
      name: "Someone Else",
      businessName: fields.businessName,
      mobileNumber: fields.mobileNumber,
    });
    expect(formValues(reply)).not.toHaveProperty("password");
    expect(JSON.stringify(reply.data)).not.toContain("another-pass");
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Registration failed" });
    expect(setCookie(reply, "__session")).toBeUndefined();
    expect(await rowCounts()).toEqual(before);
  });
});

describe("login (POST /auth, intent login)", () => {
  it("makes a new session row with a new id at every sign-in", async () => {
    const user = await createUser();
    const first = await login(new Browser(), user.email.toUpperCase());
    const second = await login(new Browser(), user.email);
    for (const reply of [first, second]) {
      expect(reply.status).toBe(302);
      expect(reply.location).toBe("/app");
      expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Login successful", description: "Welcome back" });
    }
    const ids = [await sessionIdIn(expectSessionCookie(first)), await sessionIdIn(expectSessionCookie(second))];
    expect(ids[0]).not.toBe(ids[1]);
    expect((await sessionRowsOf(user.id)).map((row) => row.id).sort()).toEqual([...ids].sort());
  });

  it("never reuses the id a browser already carries", async () => {
    const user = await createUser();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(user.id));
    const oldId = await sessionIdIn(browser.cookie);
    await test.db.delete(sessions).where(eq(sessions.userId, user.id));

    const reply = await login(browser, user.email);
    expect(reply.status).toBe(302);
    expect(await sessionIdIn(browser.cookie)).not.toBe(oldId);
  });

  it("gives a wrong password and an unknown email the same 401 answer and the 'Login failed' toast", async () => {
    const user = await createUser();
    const before = await rowCounts();
    const wrongPassword = await login(new Browser(), user.email, "wrong-password");
    const unknownEmail = await login(new Browser(), "nobody@shop.example.in", "wrong-password");

    for (const reply of [wrongPassword, unknownEmail]) {
      expect(reply.status).toBe(401);
      expect(formErrors(reply)).toEqual({ "": ["Invalid email or password"] });
      expect(formValues(reply)).not.toHaveProperty("password");
      expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Login failed", description: "Invalid email or password" });
      expect(setCookie(reply, "__session")).toBeUndefined();
    }
    expect({ ...submissionOf(wrongPassword), initialValue: null }).toEqual({ ...submissionOf(unknownEmail), initialValue: null });
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ["email", "not-an-email", PASSWORD, { username: ["Please enter a valid email address"] }],
    ["password", "someone@shop.example.in", "12345", { password: ["Password must be at least 6 characters"] }],
  ])("refuses a bad %s with 400 and its message", async (_, email, password, errors) => {
    const reply = await login(new Browser(), email, password);
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual(errors);
  });

  it("still signs in an account whose password a new account could not choose", async () => {
    for (const password of ["123456", "aaaaaa"]) {
      const user = await createUser({ password });
      expect(await login(new Browser(), user.email, password)).toMatchObject({ status: 302, location: "/app" });
    }
  });

  it("goes back to a same-site redirectTo", async () => {
    const user = await createUser();
    const reply = await login(new Browser(), user.email, PASSWORD, { redirectTo: "/contacts?page=2" });
    expect(reply.location).toBe("/contacts?page=2");
  });

  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/.//evil.example",
  ])("never follows redirectTo %j off the site", async (target) => {
    const user = await createUser();
    const reply = await login(new Browser(), user.email, PASSWORD, { redirectTo: target });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/app");
  });

  it("sends a signed-in visitor from the auth page and its action to /app", async () => {
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor((await createUser()).id));
    expect(await browser.visit(authLoader, "/auth")).toMatchObject({ status: 302, location: "/app" });
    expect(await login(browser, "someone@shop.example.in")).toMatchObject({ status: 302, location: "/app" });
  });
});

describe("registration limits", () => {
  it("limits registrations from one address like sign-in (tests/integration/sign-in-limits.test.ts), on a count of their own", async () => {
    await withinOneWindow(60);
    const fields = registration();
    const browser = new Browser("203.0.113.8");
    expect((await register(browser, fields)).status).toBe(302);
    const repeat = new Browser("203.0.113.8");
    for (let attempt = 2; attempt <= 10; attempt++) expect((await register(repeat, fields)).status).toBe(409);
    const eleventh = await register(repeat, registration());
    expect(eleventh.status).toBe(429);
    expect(eleventh.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Signing in from that address is counted apart, and still goes.
    expect(await login(new Browser("203.0.113.8"), fields.username, fields.password)).toMatchObject({ status: 302, location: "/app" });
  });
});

describe("sessions", () => {
  it("let the owner in and send anyone else to /login with where they were going", async () => {
    const user = await createUser();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(user.id));
    expect(await guardRedirect(browser.request("/contacts?page=2"))).toBeNull();
    expect(await guardRedirect(new Browser().request("/contacts?page=2"))).toBe(loginRedirectFor("/contacts?page=2"));
  });

  it("refuse an unsigned cookie and one whose signature belongs to another id", async () => {
    const victim = await createUser();
    const victimId = await sessionIdIn(await sessionCookieFor(victim.id));
    const unsigned = `__session=${Buffer.from(JSON.stringify({ sessionId: victimId })).toString("base64")}`;
    expect(await guardRedirect(new Browser().request("/app", { cookie: unsigned }))).toBe(loginRedirectFor("/app"));

    const attackerCookie = await sessionCookieFor((await createUser()).id);
    const signature = decodeURIComponent(attackerCookie.split("=")[1]).split(".").pop();
    const forged = `__session=${encodeURIComponent(`${Buffer.from(JSON.stringify({ sessionId: victimId })).toString("base64")}.${signature}`)}`;
    expect(await guardRedirect(new Browser().request("/app", { cookie: forged }))).toBe(loginRedirectFor("/app"));
  });

  it("end when the row is deleted, when it has expired, or when the user is suspended", async () => {
    const user = await createUser();
    const cookies = await Promise.all([1, 2, 3].map(() => sessionCookieFor(user.id)));
    const [revoked, expired] = await Promise.all(cookies.map(sessionIdIn));

    await test.db.delete(sessions).where(eq(sessions.id, revoked!));
    await test.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.id, expired!));
    expect(await guardRedirect(new Browser().request("/app", { cookie: cookies[0] }))).toBe(loginRedirectFor("/app"));
    expect(await guardRedirect(new Browser().request("/app", { cookie: cookies[1] }))).toBe(loginRedirectFor("/app"));
    expect(await guardRedirect(new Browser().request("/app", { cookie: cookies[2] }))).toBeNull();

    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, user.id));
    expect(await guardRedirect(new Browser().request("/app", { cookie: cookies[2] }))).toBe(loginRedirectFor("/app"));
  });

  it("are extended when used after an hour, so one in use does not end for being idle", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const id = (await sessionIdIn(cookie))!;
    await test.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 hours'`, expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.id, id));
    expect(await guardRedirect(new Browser().request("/app", { cookie }))).toBeNull();
    const [row] = await test.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
  });

  it("logout deletes the row and the cookie, and the old cookie no longer works", async () => {
    const user = await createUser();
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(user.id));
    const oldCookie = browser.cookie;
    // A link (GET) never signs anyone out.
    expect(await browser.visit(logoutLoader, "/logout")).toMatchObject({ status: 302, location: "/" });
    expect(await sessionRowsOf(user.id)).toHaveLength(1);

    const reply = await browser.submit(logoutAction, "/logout", {});
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/");
    expect(setCookie(reply, "__session")).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Logged out" });
    expect(browser.has("__session")).toBe(false);
    expect(await sessionRowsOf(user.id)).toEqual([]);
    expect(await guardRedirect(new Browser().request("/app", { cookie: oldCookie }))).toBe(loginRedirectFor("/app"));
  });

  it("the app container shows the signed-in user's name, address, picture and balance (amber below one post's price) and sends visitors to /login", async () => {
    const user = await createUser({ name: "Meena", businessName: "Meena Tailors" });
    const browser = new Browser();
    expect(await browser.visit(appLayoutLoader, "/app")).toMatchObject({ status: 302, location: loginRedirectFor("/app") });
    browser.setCookie(await sessionCookieFor(user.id));
    expect((await browser.visit(appLayoutLoader, "/app")).data).toEqual({
      user: { name: "Meena", businessName: "Meena Tailors", email: user.email, balance: 100, profileImageUrl: null, postPrice: 5 },
    });
  });
});
