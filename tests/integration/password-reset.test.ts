import { createHash } from "node:crypto";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";

import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { passwordResetTokens, users } from "~/db/schema";
import { PASSWORD_FROM_ACCOUNT_DETAILS, PASSWORD_ONE_CHARACTER, PASSWORD_TOO_COMMON } from "~/lib/schemas/auth";
import { issueTokenPair } from "~/models/api-tokens.server";
import { resetPassword } from "~/models/password-reset.server";
import { action as refreshAction } from "~/routes/api+/auth.refresh";
import { action as tokenAction } from "~/routes/api+/auth.token";
import { loader as meLoader } from "~/routes/api+/user.me";
import { action as authAction } from "~/routes/_auth+/auth";
import { action as resetAction, loader as resetLoader } from "~/routes/_auth+/reset-password";
import { smtpMailer, useMailer } from "~/services/mail.server";

import { PASSWORD, createUser, guardRedirect, sessionCookieFor, sessionIdIn, sessionRowsOf, submitLogin } from "../support/accounts";
import { jobsSettled, setupTestDatabase } from "../support/database";
import { mailSinkForTests } from "../support/fake-smtp";
import {
  Browser,
  call,
  cookiePair,
  formErrors,
  getRequest,
  jsonPost,
  messagesShown,
  setCookie,
  toastOf,
  withinOneWindow,
  type Reply,
} from "../support/http";

const test = setupTestDatabase();
const FROM = "iSent <no-reply@isent.example.in>";
const INVALID_LINK = "This reset link has expired or was already used. Ask for a new one.";

const smtp = mailSinkForTests(FROM);

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function askForReset(email: string) {
  return new Browser().submit(authAction, "/auth", { intent: "forgot", email });
}

const RESET_LINK = /http:\/\/localhost\/reset-password\?token=([A-Za-z0-9_-]+)/;

const resetJobsSettled = () => jobsSettled(test.handle, "password-reset-mail");

/** Asks for a reset and returns the token in the mailed link (as the user would click it). */
async function requestToken(email: string): Promise<string> {
  const mailsBefore = smtp.inbox.length;
  expect((await askForReset(email)).status).toBe(302);
  const link = (await smtp.mailTo(email, mailsBefore)).text.match(RESET_LINK);
  if (!link) throw new Error(`No reset link was mailed to ${email}`);
  return link[1];
}

function chooseNewPassword(token: string, password: string, browser = new Browser()) {
  return browser.submit(resetAction, "/reset-password", { token, password });
}

async function linkIsValid(token: string): Promise<boolean> {
  const { data } = await new Browser().visit<{ token: string | null }>(resetLoader, `/reset-password?token=${token}`);
  return data.token === token;
}

/** A refused link: 400, 'Password reset failed' and why, and nobody signed in. */
async function expectRefusedLink(reply: Reply) {
  expect(reply.status).toBe(400);
  expect(await messagesShown(reply)).toEqual(expect.arrayContaining(["Password reset failed", INVALID_LINK]));
  expect(setCookie(reply, "__session")).toBeUndefined();
}

async function passwordHashOf(userId: string) {
  const [row] = await test.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row.passwordHash;
}

async function tokenRows() {
  const [row] = await test.db.select({ n: count() }).from(passwordResetTokens);
  return row.n;
}

describe("asking for a reset link (POST /auth, intent forgot)", () => {
  it("mails a link through SMTP and stores only the token's hash, valid for 30 minutes", async () => {
    const user = await createUser();
    const mailsBefore = smtp.inbox.length;
    const reply = await askForReset(user.email.toUpperCase());

    expect(reply).toMatchObject({ status: 302, location: "/auth" });
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Password reset email sent" });
    const mail = await smtp.mailTo(user.email, mailsBefore);
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe("no-reply@isent.example.in");
    expect(mail.raw).toMatch(/^Subject: Reset your iSent password\r?$/m);
    expect(mail.text).toContain("Hello Asha Rao,");
    expect(mail.text).toContain("within 30 minutes");

    const token = mail.text.match(RESET_LINK)![1];
    expect(token.length).toBeGreaterThanOrEqual(40);
    const rows = await test.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(rows[0].tokenHash).not.toContain(token);
    expect(rows[0].usedAt).toBeNull();
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(await linkIsValid(token)).toBe(true);
  });

  it("gives an unknown email the same answer, and mails and stores nothing", async () => {
    const user = await createUser();
    const known = await askForReset(user.email);
    await resetJobsSettled();
    const mails = smtp.inbox.length;
    const tokens = await tokenRows();

    const unknown = await askForReset("nobody-here@shop.example.in");
    expect({ status: unknown.status, location: unknown.location }).toEqual({ status: known.status, location: known.location });
    const shown = async (reply: Reply) => {
      const toast = await toastOf(reply);
      return { type: toast?.type, title: toast?.title, description: toast?.description };
    };
    expect(await shown(unknown)).toEqual(await shown(known));
    await resetJobsSettled();
    expect(smtp.inbox.length).toBe(mails);
    expect(await tokenRows()).toBe(tokens);
  });

  it("refuses an invalid email with 400 'Please enter a valid email address'", async () => {
    const mails = smtp.inbox.length;
    const reply = await askForReset("not-an-email");
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({ email: ["Please enter a valid email address"] });
    expect(smtp.inbox.length).toBe(mails);
  });

  it("answers before the lookup and the mail: a mail server that hangs does not hold the answer", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    useMailer({
      send: async (message) => {
        await held;
        sent.push(message.to);
      },
    });
    try {
      const user = await createUser();
      const reply = await askForReset(user.email);
      expect(reply).toMatchObject({ status: 302, location: "/auth" });
      expect(sent).toEqual([]);
      release();
      await vi.waitFor(() => expect(sent).toEqual([user.email]), { timeout: 15_000, interval: 100 });
    } finally {
      smtp.useAgain();
    }
  });

  it("retries the mail later when the mail server is down, with the same answer now", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    useMailer(smtpMailer(`smtp://127.0.0.1:${deadPort}`, FROM));
    try {
      const user = await createUser();
      const reply = await askForReset(user.email);
      expect(reply).toMatchObject({ status: 302, location: "/auth" });
      expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Password reset email sent" });
      await vi.waitFor(
        async () => {
          const { rows } = await test.handle.executeSql(
            "select state from pgboss.job where name = 'password-reset-mail' and data->>'email' = $1",
            [user.email],
          );
          expect(rows).toEqual([{ state: "retry" }]);
        },
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      smtp.useAgain();
    }
  });

  it("builds the link from PUBLIC_URL, never from a forged Host header", async () => {
    const user = await createUser();
    const mailsBefore = smtp.inbox.length;
    const forged = new Request("http://attacker.example/auth", {
      method: "POST",
      headers: {
        Host: "attacker.example",
        "X-Forwarded-Host": "attacker.example",
        Origin: "http://attacker.example",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "10.250.0.1",
      },
      body: new URLSearchParams({ intent: "forgot", email: user.email }).toString(),
    });
    expect((await call(authAction, forged)).status).toBe(302);
    const mail = await smtp.mailTo(user.email, mailsBefore);
    expect(mail.text).toMatch(RESET_LINK);
    expect(mail.text).not.toContain("attacker.example");
  });

  it("mails one address at most 3 times an hour, and answers the same every time", async () => {
    const user = await createUser();
    const mailsBefore = smtp.inbox.length;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(await askForReset(user.email)).toMatchObject({ status: 302, location: "/auth" });
    }
    await resetJobsSettled();
    expect(smtp.inbox.slice(mailsBefore).filter((message) => message.to.includes(user.email))).toHaveLength(3);
    expect(await test.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toHaveLength(3);
  });
});

describe("choosing a new password (POST /reset-password)", () => {
  it("limits one address to 10 tries a minute, with a 429 that says when to come back", async () => {
    await withinOneWindow(60);
    const guesser = new Browser("203.0.113.61");
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await chooseNewPassword(`made-up-token-${attempt}`.padEnd(43, "x"), "brand-new-pass", guesser)).status).toBe(400);
    }
    const eleventh = await chooseNewPassword("made-up-token-11".padEnd(43, "x"), "brand-new-pass", guesser);
    expect(eleventh.status).toBe(429);
    // The true wait: the rest of this minute, plus part of the next while this minute's tries still weigh.
    expect(Number(eleventh.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(eleventh.headers.get("Retry-After"))).toBeLessThanOrEqual(120);
  });

  it("sets the password, signs this browser in, ends every other session, and works once", async () => {
    const user = await createUser();
    const otherDevices = [await sessionCookieFor(user.id), await sessionCookieFor(user.id)];
    const token = await requestToken(user.email);

    const browser = new Browser();
    const reply = await chooseNewPassword(token, "brand-new-pass", browser);
    expect(reply).toMatchObject({ status: 302, location: "/app" });
    expect(setCookie(reply, "__session")).toMatch(/HttpOnly/i);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Password updated" });

    const rows = await sessionRowsOf(user.id);
    expect(rows.map((row) => row.id)).toEqual([await sessionIdIn(cookiePair(setCookie(reply, "__session")))]);
    expect(await guardRedirect(browser.request("/app"))).toBeNull();
    for (const cookie of otherDevices) expect(await guardRedirect(new Browser().request("/app", { cookie }))).toMatch(/^\/login\?/);

    const [row] = await test.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row.usedAt).not.toBeNull();
    expect(await linkIsValid(token)).toBe(false);

    const again = await chooseNewPassword(token, "third-password");
    await expectRefusedLink(again);

    expect(await submitLogin(new Browser(), user.email, "brand-new-pass")).toMatchObject({ status: 302, location: "/app" });
    expect((await submitLogin(new Browser(), user.email, PASSWORD)).status).toBe(401);
    expect((await submitLogin(new Browser(), user.email, "third-password")).status).toBe(401);
  });

  it("the reset itself ends every session of the account, in its own transaction", async () => {
    const user = await createUser();
    await sessionCookieFor(user.id);
    await sessionCookieFor(user.id);
    const bystander = await createUser();
    await sessionCookieFor(bystander.id);

    // The model alone, without the page that signs the browser in afterwards.
    expect(await resetPassword(await requestToken(user.email), "brand-new-pass")).toBe(user.id);
    expect(await sessionRowsOf(user.id)).toEqual([]);
    expect(await sessionRowsOf(bystander.id)).toHaveLength(1);
  });

  it("a refused reset ends no session", async () => {
    const user = await createUser();
    await sessionCookieFor(user.id);
    expect(await resetPassword("x".repeat(43), "brand-new-pass")).toBeNull();
    expect(await sessionRowsOf(user.id)).toHaveLength(1);
  });

  it("also ends the account's API tokens: the refresh token, and the access token at once rather than in 15 minutes", async () => {
    const user = await createUser();
    const me = (accessToken: string) => call(meLoader, getRequest("/api/user/me", { headers: { Authorization: `Bearer ${accessToken}` } }));
    const apiClient = await issueTokenPair(user.id);
    expect((await me(apiClient.accessToken)).status).toBe(200);

    expect(await chooseNewPassword(await requestToken(user.email), "brand-new-pass")).toMatchObject({ status: 302 });
    const refreshed = await call(refreshAction, jsonPost("/api/auth/refresh", { refreshToken: apiClient.refreshToken }));
    expect(refreshed.status).toBe(401);
    expect((await me(apiClient.accessToken)).status).toBe(401);

    const signedInAgain = await call<{ accessToken: string }>(
      tokenAction,
      jsonPost("/api/auth/token", { email: user.email, password: "brand-new-pass" }),
    );
    expect((await me(signedInAgain.data.accessToken)).status).toBe(200);
  });

  it("refuses an expired link and leaves the password as it was", async () => {
    const user = await createUser();
    const token = await requestToken(user.email);
    await test.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));

    expect(await linkIsValid(token)).toBe(false);
    await expectRefusedLink(await chooseNewPassword(token, "brand-new-pass"));
    expect((await submitLogin(new Browser(), user.email, "brand-new-pass")).status).toBe(401);
    expect((await submitLogin(new Browser(), user.email, PASSWORD)).status).toBe(302);
  });

  it("a newer link's use retires the older ones", async () => {
    const user = await createUser();
    const older = await requestToken(user.email);
    const newer = await requestToken(user.email);
    expect(newer).not.toBe(older);
    expect((await chooseNewPassword(newer, "brand-new-pass")).status).toBe(302);
    await expectRefusedLink(await chooseNewPassword(older, "attacker-pass"));
    expect((await submitLogin(new Browser(), user.email, "brand-new-pass")).status).toBe(302);
  });

  it("refuses a made-up token and a short password; a refused short password leaves the link usable", async () => {
    const user = await createUser();
    const token = await requestToken(user.email);
    await expectRefusedLink(await chooseNewPassword("x".repeat(43), "brand-new-pass"));
    expect(await linkIsValid("x".repeat(43))).toBe(false);

    const short = await chooseNewPassword(token, "12345");
    expect(short.status).toBe(400);
    expect(formErrors(short)).toEqual({ password: ["Password must be at least 6 characters"] });
    expect(await linkIsValid(token)).toBe(true);
    expect((await chooseNewPassword(token, "brand-new-pass")).status).toBe(302);
  });

  it.each([
    ["123456", () => "123456", PASSWORD_TOO_COMMON],
    ["password", () => "password", PASSWORD_TOO_COMMON],
    ["aaaaaa", () => "aaaaaa", PASSWORD_ONE_CHARACTER],
    ["the email's local part", (email: string) => email.split("@")[0], PASSWORD_FROM_ACCOUNT_DETAILS],
    ["the business name and digits", () => "sharmastores123", PASSWORD_FROM_ACCOUNT_DETAILS],
  ])("refuses the new password %s with 400 and its message; the password and the link stay as they were", async (_, password, message) => {
    const user = await createUser({ businessName: "Sharma Stores" });
    const before = await passwordHashOf(user.id);
    const token = await requestToken(user.email);
    const reply = await chooseNewPassword(token, password(user.email));
    expect(reply.status).toBe(400);
    expect(formErrors(reply)).toEqual({ password: [message] });
    expect(setCookie(reply, "__session")).toBeUndefined();
    expect(await passwordHashOf(user.id)).toBe(before);
    expect(await linkIsValid(token)).toBe(true);
  });
});
