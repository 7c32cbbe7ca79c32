import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { count, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { admins, creditLedger, refreshTokens, sessions, users } from "~/db/schema";
import { issueTokenPair, rotateRefreshToken } from "~/models/api-tokens.server";
import { verifyLogin } from "~/models/users.server";
import { loader as adminLayoutLoader } from "~/routes/admin+/_layout";
import AuthPage, { loader as authLoader } from "~/routes/_auth+/auth";
import { NotifyContext } from "~/hooks/root-context";
import { action as addContactAction } from "~/routes/_app+/add-contact";
import { endSession } from "~/models/sessions.server";
import { loadRootData } from "~/root.server";
import { action as googleAction } from "~/routes/_auth+/auth_.google";
import { loader as callbackLoader } from "~/routes/_auth+/auth_.google_.callback";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_account+/settings";
import { loader as meLoader } from "~/routes/api+/user.me";
import { GOOGLE_NOT_ENABLED, GOOGLE_NOT_THIS_ACCOUNT, createAuthenticator, useAuthenticator } from "~/utils/auth.server";
import { requireUser } from "~/utils/session.server";
import { useMailer, type MailMessage } from "~/services/mail.server";

import {
  ADMIN_EMAIL,
  PASSWORD,
  createUser,
  designatedAdmin,
  sessionCookieFor,
  sessionIdIn,
  sessionRowsOf,
  uniqueEmail,
  userByEmail,
} from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { startFakeGoogle, type FakeGoogle, type GoogleAccount, type SignInOptions } from "../support/fake-google";
import { Browser, SITE, call, cookiePair, getRequest, setCookie, toastOf, type Reply } from "../support/http";

const test = setupTestDatabase();
const CALLBACK = `${SITE}/auth/google/callback`;

let google: FakeGoogle;
let googleAccounts = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  useAuthenticator(createAuthenticator(google.settings(CALLBACK)));
});

afterAll(async () => {
  useAuthenticator(undefined);
  await google?.close();
});

beforeEach(() => {
  // Failed sign-ins are logged as warnings; keep the output readable.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

function googleAccount(overrides: Partial<GoogleAccount> = {}): GoogleAccount {
  googleAccounts += 1;
  return {
    sub: `1098765432100${googleAccounts}`,
    email: uniqueEmail("google"),
    email_verified: true,
    name: "Priya Sharma",
    picture: `https://lh3.googleusercontent.com/a/photo-${googleAccounts}`,
    ...overrides,
  };
}

/** The sign-in page as the server draws it from its loader's data. */
function renderAuthPage(path: string, data: Record<string, unknown>) {
  const RemixStub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: () => createElement(NotifyContext.Provider, { value: () => {} }, createElement(Outlet)),
      children: [{ id: "auth", path: "auth", Component: AuthPage, loader: () => data }],
    },
  ]);
  // The stub router's useLayoutEffect warns on the server; the product's server render does not use the stub.
  const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
  try {
    return renderToString(createElement(RemixStub, { initialEntries: [path], hydrationData: { loaderData: { auth: data } } }));
  } finally {
    quiet.mockRestore();
  }
}

/** Pressing a Google button: the app answers with a redirect to Google's consent screen. */
function pressGoogleButton(browser: Browser, intent = "google-login", redirectTo = "") {
  return browser.submit(googleAction, "/auth/google", { intent, redirectTo });
}

/** The browser at Google: Google sends it back to the callback (with a code, or an error). */
async function atGoogle(authorizeUrl: string): Promise<string> {
  const response = await fetch(authorizeUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  return response.headers.get("Location")!;
}

/** The whole round trip: button, Google, callback, as one browser. */
async function signInWithGoogle(
  browser: Browser,
  account: GoogleAccount | "cancel",
  intent = "google-login",
  redirectTo = "",
  options: SignInOptions = {},
) {
  google.nextSignIn(account, options);
  const start = await pressGoogleButton(browser, intent, redirectTo);
  expect(start.status).toBe(302);
  return browser.visit(callbackLoader, await atGoogle(start.location!));
}

async function totals() {
  const [[people], [signedIn]] = await Promise.all([
    test.db.select({ n: count() }).from(users),
    test.db.select({ n: count() }).from(sessions),
  ]);
  return { users: people.n, sessions: signedIn.n };
}

function expectSignedIn(reply: Reply, location: string) {
  expect(reply.status).toBe(302);
  expect(reply.location).toBe(location);
  const line = setCookie(reply, "__session");
  expect(line).toMatch(/HttpOnly/i);
  expect(line).toMatch(/SameSite=Lax/i);
  // The OAuth state has done its job and is cleared.
  expect(setCookie(reply, "_oauth")).toMatch(/Expires=Thu, 01 Jan 1970/);
  return cookiePair(line);
}

function expectNoSession(reply: Reply) {
  expect(setCookie(reply, "__session")).toBeUndefined();
}

const tokenCalls = () => google.calls.filter((call) => call.path === "/token").length;

describe("starting Google sign-in (POST /auth/google)", () => {
  it("redirects to Google with client_id, redirect_uri, state and scope, the state kept in an HttpOnly cookie", async () => {
    const first = await pressGoogleButton(new Browser());
    const second = await pressGoogleButton(new Browser());
    expect(first.status).toBe(302);
    const target = new URL(first.location!);
    expect(`${target.origin}${target.pathname}`).toBe(`${google.url}/authorize`);
    expect(target.searchParams.get("client_id")).toBe(google.clientId);
    expect(target.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(target.searchParams.get("response_type")).toBe("code");
    expect(target.searchParams.get("scope")?.split(" ")).toEqual(expect.arrayContaining(["openid"]));
    expect(target.searchParams.get("scope")).toMatch(/email/);
    expect(target.searchParams.get("scope")).toMatch(/profile/);
    expect(target.searchParams.get("prompt")).toBe("select_account");
    expect(target.searchParams.get("state")).toMatch(/.{16,}/);
    expect(new URL(second.location!).searchParams.get("state")).not.toBe(target.searchParams.get("state"));

    const state = setCookie(first, "_oauth");
    expect(state).toMatch(/HttpOnly/i);
    expect(state).toMatch(/SameSite=Lax/i);
    expect(state).toMatch(/Max-Age=600/);
    expectNoSession(first);
  });

  it.each([
    ["/auth", "Continue with Google"],
    ["/auth?tab=register", "Sign up with Google"],
  ])("is offered on %s while Google is configured ('%s')", async (path, label) => {
    const page = await new Browser().visit<{ googleEnabled: boolean }>(authLoader, path);
    expect(page.data.googleEnabled).toBe(true);
    const html = renderAuthPage(path, page.data);
    expect(html).toContain(label);
    expect(html).toContain('action="/auth/google"');
  });
});

describe("signing in with Google", () => {
  it("creates the account on first sign-in ('My Business', onboarding to do, 100 credits) and lands on /app", async () => {
    const account = googleAccount({ email: "Priya.Sharma@Gmail.example" });
    const browser = new Browser();
    const reply = await signInWithGoogle(browser, account);

    const cookie = expectSignedIn(reply, "/app");
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Login successful" });
    const row = await userByEmail("priya.sharma@gmail.example");
    expect(row).toMatchObject({
      googleId: account.sub,
      name: "Priya Sharma",
      businessName: "My Business",
      onboardingCompleted: false,
      balance: 100,
      passwordHash: null,
      profileImageUrl: account.picture,
    });
    // Google says the address is verified: so is the account, with its opening balance.
    expect(row.emailVerifiedAt).not.toBeNull();
    expect(await test.db.select().from(creditLedger).where(eq(creditLedger.userId, row.id))).toMatchObject([
      { amount: 100, reason: "opening_balance", reference: row.id },
    ]);
    const [session] = await sessionRowsOf(row.id);
    expect(await sessionIdIn(cookie)).toBe(session.id);
    expect((await requireUser(browser.request("/app"))).id).toBe(row.id);
    expect(google.calls.slice(-2).map(({ path, status }) => ({ path, status }))).toEqual([
      { path: "/token", status: 200 },
      { path: "/userinfo", status: 200 },
    ]);
  });

  it("reuses the account on the next sign-in", async () => {
    const account = googleAccount();
    expectSignedIn(await signInWithGoogle(new Browser(), account), "/app");
    const before = await totals();
    const again = await signInWithGoogle(new Browser(), { ...account, name: "Priya S." });
    expectSignedIn(again, "/app");
    const row = await userByEmail(account.email);
    expect(await totals()).toEqual({ users: before.users, sessions: before.sessions + 1 });
    expect(await sessionRowsOf(row.id)).toHaveLength(2);
  });

  it("links a verified Google email to the existing password account instead of making a second one", async () => {
    const existing = await createUser({ email: uniqueEmail("linked"), name: "Kiran Patel" });
    const before = await totals();
    const account = googleAccount({ email: existing.email.toUpperCase(), name: "Kiran P" });
    const reply = await signInWithGoogle(new Browser(), account);

    expectSignedIn(reply, "/app");
    expect(await totals()).toEqual({ users: before.users, sessions: before.sessions + 1 });
    const row = await userByEmail(existing.email);
    expect(row.id).toBe(existing.id);
    expect(row.googleId).toBe(account.sub);
    expect(row.name).toBe("Kiran Patel");
    expect(await sessionRowsOf(existing.id)).toHaveLength(1);
  });

  it("takes an account over from whoever registered the email with a password: password, sessions and API tokens end", async () => {
    // Someone registers the owner's address first (registration does not prove the email), signs in, takes an API token.
    const squatted = await createUser({ email: uniqueEmail("squatted") });
    const squatterSession = await sessionIdIn(await sessionCookieFor(squatted.id));
    const squatterToken = await issueTokenPair(squatted.id);
    const squatterCall = () =>
      call(meLoader, getRequest("/api/user/me", { headers: { Authorization: `Bearer ${squatterToken.accessToken}` } }));
    expect((await squatterCall()).status).toBe(200);

    const owner = googleAccount({ email: squatted.email });
    const reply = await signInWithGoogle(new Browser(), owner);
    expectSignedIn(reply, "/app");
    expect(await toastOf(reply)).toMatchObject({
      type: "success",
      title: "Login successful",
      description: "Your account now signs in with Google. To use a password as well, choose 'Forgot password?'.",
    });
    expect(await verifyLogin(squatted.email, PASSWORD)).toBeNull();
    const remaining = await sessionRowsOf(squatted.id);
    expect(remaining).toHaveLength(1);
    expect(remaining[0].id).not.toBe(squatterSession);
    expect(await rotateRefreshToken(squatterToken.refreshToken)).toEqual({ ok: false, reason: "invalid" });
    expect((await squatterCall()).status).toBe(401);
    const tokens = await test.db.select().from(refreshTokens).where(eq(refreshTokens.userId, squatted.id));
    expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);

    // The next Google sign-in is an ordinary one: nothing more ends.
    const again = await signInWithGoogle(new Browser(), owner);
    expect(await toastOf(again)).toMatchObject({ description: "Welcome back" });
    expect(await sessionRowsOf(squatted.id)).toHaveLength(2);
  });

  it("does not link an unverified Google email to someone else's account", async () => {
    const existing = await createUser({ email: uniqueEmail("unverified") });
    const before = await totals();
    const reply = await signInWithGoogle(new Browser(), googleAccount({ email: existing.email, email_verified: false }));

    expect(reply).toMatchObject({ status: 302, location: "/auth" });
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Login failed" });
    expectNoSession(reply);
    expect(await totals()).toEqual(before);
    expect((await userByEmail(existing.email)).googleId).toBeNull();
  });

  it("a new account whose address Google has not verified opens with 0 credits and is mailed a verification link", async () => {
    const sent: MailMessage[] = [];
    useMailer({ send: async (message) => void sent.push(message) });
    try {
      const account = googleAccount({ email_verified: false });
      expectSignedIn(await signInWithGoogle(new Browser(), account), "/app");
      const row = await userByEmail(account.email);
      expect(row).toMatchObject({ balance: 0, emailVerifiedAt: null });
      expect(await test.db.select().from(creditLedger).where(eq(creditLedger.userId, row.id))).toEqual([]);
      await vi.waitFor(() => expect(sent.map((mail) => mail.to)).toEqual([account.email]), { timeout: 15_000, interval: 100 });
      expect(sent[0].text).toMatch(/\/verify-email\?token=/);

      // Once Google says the address is verified, the account is, with its opening balance (once).
      expectSignedIn(await signInWithGoogle(new Browser(), { ...account, email_verified: true }), "/app");
      expectSignedIn(await signInWithGoogle(new Browser(), { ...account, email_verified: true }), "/app");
      expect(await userByEmail(account.email)).toMatchObject({ balance: 100, emailVerifiedAt: expect.any(Date) });
      expect(await test.db.select().from(creditLedger).where(eq(creditLedger.userId, row.id))).toHaveLength(1);
    } finally {
      useMailer(undefined);
    }
  });

  it("linking a verified Google email verifies the password account and grants its opening balance", async () => {
    const existing = await createUser({ email: uniqueEmail("unverified-link"), verified: false });
    expect(existing.balance).toBe(0);
    expectSignedIn(await signInWithGoogle(new Browser(), googleAccount({ email: existing.email })), "/app");
    expect(await userByEmail(existing.email)).toMatchObject({ balance: 100, emailVerifiedAt: expect.any(Date) });
    expect(await test.db.select().from(creditLedger).where(eq(creditLedger.userId, existing.id))).toMatchObject([
      { amount: 100, reason: "opening_balance", reference: existing.id },
    ]);
  });

  it("refuses a suspended account, as the password login does", async () => {
    const account = googleAccount();
    expectSignedIn(await signInWithGoogle(new Browser(), account), "/app");
    const row = await userByEmail(account.email);
    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, row.id));
    await test.db.delete(sessions).where(eq(sessions.userId, row.id));

    const reply = await signInWithGoogle(new Browser(), account);
    expect(reply).toMatchObject({ status: 302, location: "/auth" });
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Login failed" });
    expectNoSession(reply);
    expect(await sessionRowsOf(row.id)).toEqual([]);
  });

  it("goes on to a same-site redirectTo, never to another site", async () => {
    expectSignedIn(await signInWithGoogle(new Browser(), googleAccount(), "google-login", "/contacts"), "/contacts");
    expectSignedIn(await signInWithGoogle(new Browser(), googleAccount(), "google-login", "//evil.example"), "/app");
    expectSignedIn(await signInWithGoogle(new Browser(), googleAccount(), "google-register", "https://evil.example/x"), "/app");
  });
});

describe("a form kept when the session ended, and signing in again with Google", () => {
  it("opens the same screen with the form filled in", async () => {
    const browser = new Browser();
    const account = googleAccount();
    await signInWithGoogle(browser, account);
    await endSession((await sessionIdIn(browser.cookie))!);
    const sent = await browser.submit(addContactAction, "/add-contact", { name: "Asha Kulkarni", mobileNumber: "98123 45678" });
    expect(sent.location).toBe("/login?redirectTo=%2Fadd-contact");

    const back = await signInWithGoogle(browser, account, "google-login", "/add-contact");
    expect(back.location).toBe("/add-contact");
    const page = await browser.visit<{ keptDraft: unknown }>(({ request }) => loadRootData(request), "/add-contact");
    expect(page.data.keptDraft).toMatchObject({
      fields: [
        ["name", "Asha Kulkarni"],
        ["mobileNumber", "98123 45678"],
      ],
    });
  });
});

describe("Google sign-in that does not complete", () => {
  it.each([
    ["google-login", "", "/auth"],
    ["google-login", "/contacts", "/auth?redirectTo=%2Fcontacts"],
    ["google-register", "", "/auth?tab=register"],
    ["google-admin", "/admin", "/admin/login"],
  ])(
    "cancelled at Google (%s, going to '%s'): back to %s without a message (cancellations are silent), and no session",
    async (intent, redirectTo, back) => {
      const [before, exchanged] = [await totals(), tokenCalls()];
      const browser = new Browser();
      const reply = await signInWithGoogle(browser, "cancel", intent, redirectTo);
      expect(reply).toMatchObject({ status: 302, location: back });
      expect(setCookie(reply, "toast")).toBeUndefined();
      expect(await toastOf(reply)).toBeNull();
      expect(setCookie(reply, "_oauth")).toMatch(/Expires=Thu, 01 Jan 1970/);
      expectNoSession(reply);
      expect(await totals()).toEqual(before);
      expect(tokenCalls()).toBe(exchanged);
      if (back.startsWith("/auth")) {
        // The sign-in page it lands on shows no message either.
        const page = await browser.visit(authLoader, back);
        expect(page.status).toBe(200);
        expect(setCookie(page, "toast")).toBeUndefined();
        expect(JSON.stringify(page.data)).not.toMatch(/cancel/i);
      }
    },
  );

  it("a state that does not match the browser's: no session, and the code is never exchanged", async () => {
    const browser = new Browser();
    google.nextSignIn(googleAccount());
    const back = new URL(await atGoogle((await pressGoogleButton(browser)).location!));
    back.searchParams.set("state", "attacker-chosen-state");
    const before = { ...(await totals()), tokenCalls: tokenCalls() };

    const reply = await browser.visit(callbackLoader, back.toString());
    expect(reply).toMatchObject({ status: 302, location: "/auth" });
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Login failed" });
    expectNoSession(reply);
    expect({ ...(await totals()), tokenCalls: tokenCalls() }).toEqual(before);
  });

  it("a callback link opened in another browser (no state cookie) signs nobody in", async () => {
    const victim = googleAccount();
    google.nextSignIn(victim);
    const back = await atGoogle((await pressGoogleButton(new Browser())).location!);
    const before = await totals();
    const reply = await new Browser().visit(callbackLoader, back);
    expect(reply.location).toBe("/auth");
    expectNoSession(reply);
    expect(await totals()).toEqual(before);
    expect(await userByEmail(victim.email)).toBeUndefined();
  });

  it("a replayed callback (the code already used) signs nobody in", async () => {
    const browser = new Browser();
    google.nextSignIn(googleAccount());
    const start = await pressGoogleButton(browser);
    const stateCookie = browser.cookie;
    const back = await atGoogle(start.location!);
    expectSignedIn(await browser.visit(callbackLoader, back), "/app");

    const before = await totals();
    const replay = await new Browser().visit(callbackLoader, back, { cookie: stateCookie });
    expect(replay.location).toBe("/auth");
    expectNoSession(replay);
    expect(await totals()).toEqual(before);
    expect(google.calls.filter((call) => call.path === "/token").at(-1)?.status).toBe(400);
  });

  it("a wrong client secret (Google refuses the code exchange) signs nobody in", async () => {
    useAuthenticator(createAuthenticator(google.settings(CALLBACK, { clientSecret: "not-the-secret" })));
    try {
      const before = await totals();
      const reply = await signInWithGoogle(new Browser(), googleAccount());
      expect(reply).toMatchObject({ status: 302, location: "/auth" });
      expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Login failed" });
      expectNoSession(reply);
      expect(await totals()).toEqual(before);
      expect(google.calls.at(-1)).toMatchObject({ path: "/token", status: 401 });
    } finally {
      useAuthenticator(createAuthenticator(google.settings(CALLBACK)));
    }
  });
});

describe("Google not configured", () => {
  it.each([
    ["google-login", "/auth"],
    ["google-register", "/auth?tab=register"],
    ["google-admin", "/admin/login"],
  ])("%s goes back to %s with 'Google Sign-In is not enabled. Please contact support.'", async (intent, back) => {
    useAuthenticator(undefined);
    try {
      const reply = await pressGoogleButton(new Browser(), intent);
      expect(reply).toMatchObject({ status: 302, location: back });
      expect(await toastOf(reply)).toMatchObject({ type: "error", title: GOOGLE_NOT_ENABLED });
      expect(setCookie(reply, "_oauth")).toBeUndefined();
      // Not offered where it cannot work, as on the admin's sign-in page.
      for (const path of ["/auth", "/auth?tab=register"]) {
        const page = await new Browser().visit<{ googleEnabled: boolean }>(authLoader, path);
        expect(page.data.googleEnabled).toBe(false);
        const html = renderAuthPage(path, page.data);
        expect(html).not.toMatch(/with Google/);
        expect(html).not.toContain('action="/auth/google"');
        // The page itself is there: the email forms.
        expect(html).toMatch(/Login with Email|Register with Email/);
      }
      const callback = await new Browser().visit(callbackLoader, "/auth/google/callback?code=x&state=y");
      expect(callback.location).toBe("/auth");
      expectNoSession(callback);
    } finally {
      useAuthenticator(createAuthenticator(google.settings(CALLBACK)));
    }
  });
});

describe("admin sign-in with Google (intent google-admin)", () => {
  it("refuses a Google account that is not the admin: back to /admin/login, no session", async () => {
    const before = { ...(await totals()), admins: await test.db.select().from(admins) };
    const reply = await signInWithGoogle(new Browser(), googleAccount(), "google-admin", "/admin");
    expect(reply).toMatchObject({ status: 302, location: "/admin/login" });
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Your Google account does not have admin privileges" });
    expectNoSession(reply);
    expect((await totals()).sessions).toBe(before.sessions);
    expect(await test.db.select().from(admins)).toEqual(before.admins);
  });

  it("signs the designated admin in to /admin and records the admin login", async () => {
    const admin = await designatedAdmin();
    const browser = new Browser();
    const reply = await signInWithGoogle(browser, googleAccount({ email: ADMIN_EMAIL, name: "Site Admin" }), "google-admin", "/admin");

    expectSignedIn(reply, "/admin");
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Login Successful" });
    const [record] = await test.db.select().from(admins).where(eq(admins.userId, admin.id));
    expect(record).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });
    expect(record.lastLogin!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await browser.visit(adminLayoutLoader, "/admin")).data).toEqual({ admin: { email: ADMIN_EMAIL, name: "Site Admin" } });
  });
});

describe("'Confirm with Google' before deleting an account without a password (intent google-confirm)", () => {
  /** A Google-only account, signed in in its own browser through Google. */
  async function googleOnlyOwner() {
    const account = googleAccount({ name: "Meena Iyer" });
    const browser = new Browser();
    expectSignedIn(await signInWithGoogle(browser, account), "/app");
    const row = await userByEmail(account.email);
    return { account, browser, row };
  }

  const confirmWithGoogle = (browser: Browser, account: GoogleAccount | "cancel", options: SignInOptions = {}) =>
    signInWithGoogle(browser, account, "google-confirm", "", options);
  const deleteAccount = (browser: Browser) =>
    browser.submit(settingsAction, "/settings", { intent: "delete-account", confirmBusinessName: "My Business" });
  const statusOf = async (id: string) => (await test.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0].status;
  const confirmedUntil = async (browser: Browser) =>
    (await browser.visit<{ googleConfirmedUntil: string | null }>(settingsLoader, "/settings")).data.googleConfirmedUntil;

  it("asks Google for a fresh sign-in, comes back to /settings confirmed for 5 minutes, and then deletes", async () => {
    const { account, browser, row } = await googleOnlyOwner();
    google.nextSignIn(account);
    const start = await pressGoogleButton(browser, "google-confirm");
    expect(new URL(start.location!).searchParams.get("max_age")).toBe("0");
    const before = await totals();
    const back = await browser.visit(callbackLoader, await atGoogle(start.location!));
    expect(back).toMatchObject({ status: 302, location: "/settings" });
    expect(await toastOf(back)).toMatchObject({
      type: "success",
      title: "Confirmed with Google",
      description: "You can delete your account in the next 5 minutes.",
    });
    // The same session, nothing made: only marked in this browser's cookie.
    expect(await totals()).toEqual(before);
    expect(await confirmedUntil(browser)).toMatch(/^\d{1,2} \w+ at \d{1,2}:\d{2} [ap]m$/);

    const reply = await deleteAccount(browser);
    expect(reply).toMatchObject({ status: 302, location: "/" });
    expect(await statusOf(row.id)).toBe("deleted");
  });

  it("a Google account other than the one this account signs in with confirms nothing, and makes or links nothing", async () => {
    const { browser, row } = await googleOnlyOwner();
    const someoneElse = await createUser({ email: uniqueEmail("other-owner") });
    for (const other of [googleAccount(), googleAccount({ email: someoneElse.email })]) {
      const before = await totals();
      const back = await confirmWithGoogle(browser, other);
      expect(back).toMatchObject({ status: 302, location: "/settings" });
      expect(await toastOf(back)).toMatchObject({
        type: "error",
        title: "Not confirmed with Google",
        description: GOOGLE_NOT_THIS_ACCOUNT,
      });
      expect(await totals()).toEqual(before);
    }
    expect((await userByEmail(someoneElse.email)).googleId).toBeNull();
    expect(await confirmedUntil(browser)).toBeNull();
    expect((await deleteAccount(browser)).status).toBe(400);
    expect(await statusOf(row.id)).toBe("active");
  });

  it("a Google sign-in that is not fresh (auth_time over 5 minutes ago) confirms nothing", async () => {
    const { account, browser, row } = await googleOnlyOwner();
    const back = await confirmWithGoogle(browser, account, { authTime: Math.floor(Date.now() / 1000) - 3600 });
    expect(await toastOf(back)).toMatchObject({ type: "error", title: "Not confirmed with Google" });
    expect((await deleteAccount(browser)).status).toBe(400);
    expect(await statusOf(row.id)).toBe("active");
    // A fresh one does.
    await confirmWithGoogle(browser, account, { authTime: Math.floor(Date.now() / 1000) - 10 });
    expect(await confirmedUntil(browser)).not.toBeNull();
  });

  it("cancelled at Google: back to /settings without a message, not confirmed", async () => {
    const { browser } = await googleOnlyOwner();
    const back = await confirmWithGoogle(browser, "cancel");
    expect(back).toMatchObject({ status: 302, location: "/settings" });
    expect(await toastOf(back)).toBeNull();
    expect(await confirmedUntil(browser)).toBeNull();
  });

  it("the confirmation lasts 5 minutes, in this browser's session only", async () => {
    const { account, browser, row } = await googleOnlyOwner();
    const otherBrowser = new Browser();
    otherBrowser.setCookie(await sessionCookieFor(row.id));
    await confirmWithGoogle(browser, account);
    expect((await deleteAccount(otherBrowser)).status).toBe(400);

    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5 * 60_000 + 1000 });
    try {
      expect(await confirmedUntil(browser)).toBeNull();
      expect((await deleteAccount(browser)).status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
    expect(await statusOf(row.id)).toBe("active");
  });

  it("needs a signed-in browser", async () => {
    const reply = await pressGoogleButton(new Browser(), "google-confirm");
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(/^\/login/);
  });
});
