import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { creditLedger, emailVerificationTokens, pricing, users } from "~/db/schema";
import { verifyEmail } from "~/models/email-verification.server";
import { outboxMailer, readKeptMail, useMailer } from "~/services/mail.server";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/_app+/app";
import { action as authAction } from "~/routes/_auth+/auth";
import { action as verifyAction, loader as verifyLoader } from "~/routes/_auth+/verify-email";
import { loader as meLoader } from "~/routes/api+/user.me";

import { createUser, sessionCookieFor, uniqueEmail, userByEmail } from "../support/accounts";
import { jobsSettled, setupTestDatabase } from "../support/database";
import { mailSinkForTests } from "../support/fake-smtp";
import { Browser, call, getRequest, toastOf, type Reply } from "../support/http";

const test = setupTestDatabase();
const FROM = "iSent <no-reply@isent.example.in>";
const VERIFY_LINK = /http:\/\/localhost\/verify-email\?token=([A-Za-z0-9_-]+)/;
const EXPIRED = "This link has expired. Send a new one from your dashboard.";
const NOT_VALID = "This link is not valid. Open the whole link from the latest email, or send a new one from your dashboard.";
const ALREADY = "Your email is already verified. Nothing more to do.";

const smtp = mailSinkForTests(FROM);

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function registration(email = uniqueEmail("verify")) {
  return {
    intent: "register",
    username: email,
    password: "secret-pass",
    name: "Ravi Kumar",
    businessName: "Kumar Hardware",
    mobileNumber: "9876543210",
  };
}

/** The mails to this address so far (they go from a background job, after the answer). */
const mailsTo = (email: string) => smtp.inbox.filter((mail) => mail.to.includes(email));

function tokenIn(text: string): string {
  const match = text.match(VERIFY_LINK);
  if (!match) throw new Error("No verification link in the mail");
  return match[1];
}

/** Registers through the form, signed in in `browser`; returns the account and the token of its mailed link. */
async function register(browser = new Browser()) {
  const fields = registration();
  const reply = await browser.submit(authAction, "/auth", fields);
  expect(reply).toMatchObject({ status: 302, location: "/app" });
  const mail = await smtp.mailTo(fields.username);
  return { email: fields.username, account: await userByEmail(fields.username), token: tokenIn(mail.text), mail };
}

async function accountOf(id: string) {
  const [row] = await test.db.select().from(users).where(eq(users.id, id));
  const ledger = await test.db
    .select({ amount: creditLedger.amount, reason: creditLedger.reason, reference: creditLedger.reference })
    .from(creditLedger)
    .where(eq(creditLedger.userId, id));
  return { balance: row.balance, verified: row.emailVerifiedAt !== null, ledger };
}

const openLink = (token: string, browser = new Browser()) =>
  browser.visit<{ token: string | null; email: string | null; message: string | null }>(verifyLoader, `/verify-email?token=${token}`);
const pressVerify = (token: string, browser = new Browser()) =>
  browser.submit<{ token: null; message: string }>(verifyAction, "/verify-email", { token });

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

const pressResend = (browser: Browser) =>
  browser.submit<{ resendRefused?: string }>(dashboardAction, "/app", { intent: "resend-verification" });

function expectRefused(reply: Reply<{ token: string | null; message: string | null }>, status: number, message: string) {
  expect(reply.status).toBe(status);
  expect(reply.data).toMatchObject({ token: null, message });
}

describe("registration", () => {
  it("opens with 0 credits and mails a link, stored as its hash and valid for 24 hours", async () => {
    const { email, account, token, mail } = await register();
    expect(await accountOf(account.id)).toEqual({ balance: 0, verified: false, ledger: [] });
    expect(mail.raw).toMatch(/^Subject: Verify your email for iSent\r?$/m);
    expect(mail.text).toContain("Hello Ravi Kumar,");
    expect(mail.text).toContain("within 24 hours");
    expect(mail.text).toContain("Your 100 opening credits are added to your balance as soon as you do.");
    expect(mail.to).toEqual([email]);
    const rows = await test.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(rows[0].usedAt).toBeNull();
    const hoursLeft = (rows[0].expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });

  it("says so on the dashboard, with the address the link went to and the opening credits it brings", async () => {
    const browser = new Browser();
    const { email } = await register(browser);
    const page = await browser.visit<{ balance: number; verification: unknown }>(dashboardLoader, "/app");
    expect(page.data.balance).toBe(0);
    expect(page.data.verification).toEqual({ email, openingCredits: 100, linkHours: 24, mailKept: false });
    const me = await browser.visit<{ emailVerified: boolean; balance: number }>(meLoader, "/api/user/me");
    expect(me.data).toMatchObject({ emailVerified: false, balance: 0 });
  });

  it("in a demo, whose mail stays in the outbox, says the link is kept on this server, and so does 'Resend'", async () => {
    const browser = new Browser();
    const { email } = await register(browser);
    const outbox = await mkdtemp(path.join(tmpdir(), "isent-outbox-"));
    useMailer(outboxMailer(outbox, FROM));
    try {
      const page = await browser.visit<{ verification: unknown }>(dashboardLoader, "/app");
      expect(page.data.verification).toMatchObject({ email, mailKept: true });
      const reply = await pressResend(browser);
      expect(await toastOf(reply)).toMatchObject({
        title: "Verification email kept",
        description: `Demo: the new link for ${email} is kept on this server, in the admin's Outbox.`,
      });
      await jobsSettled(test.handle, "email-verification-mail");
      const { mails } = await readKeptMail(outbox, { page: 1, to: email });
      expect(mails).toEqual([expect.objectContaining({ to: email, text: expect.stringContaining("/verify-email?token=") })]);
    } finally {
      smtp.useAgain();
      await rm(outbox, { recursive: true, force: true });
    }
  });
});

describe("the verification link (/verify-email)", () => {
  it("opening it only asks to confirm: a mail scanner fetching it verifies nothing", async () => {
    const { email, account, token } = await register();
    const page = await openLink(token);
    expect(page).toMatchObject({ status: 200, data: { token, email, message: null } });
    expect(await accountOf(account.id)).toMatchObject({ balance: 0, verified: false });
  });

  it("'Verify my email' verifies the address and grants the opening balance once, referenced by the account", async () => {
    const browser = new Browser();
    const { email, account, token } = await register(browser);
    const reply = await pressVerify(token, browser);
    expect(reply).toMatchObject({ status: 302, location: "/app" });
    expect(await toastOf(reply)).toMatchObject({
      type: "success",
      title: "Email verified",
      description: `${email} is verified. 100 opening credits were added to its balance.`,
    });
    expect(await accountOf(account.id)).toEqual({
      balance: 100,
      verified: true,
      ledger: [{ amount: 100, reason: "opening_balance", reference: account.id }],
    });
    const page = await browser.visit<{ balance: number; verification: unknown }>(dashboardLoader, "/app");
    expect(page.data).toMatchObject({ balance: 100, verification: null });
    expect((await browser.visit<{ emailVerified: boolean }>(meLoader, "/api/user/me")).data.emailVerified).toBe(true);
  });

  it("works in a browser that is not signed in (the mail opened on another device), then asks to log in", async () => {
    const { email, account, token } = await register();
    const reply = await pressVerify(token);
    expect(reply).toMatchObject({ status: 302, location: "/login" });
    expect((await toastOf(reply))?.description).toContain(`${email} is verified`);
    expect(await accountOf(account.id)).toMatchObject({ balance: 100, verified: true });
  });

  it("a used link grants nothing more and says the email is verified already", async () => {
    const { account, token } = await register();
    expect((await pressVerify(token)).status).toBe(302);
    const again = await pressVerify(token);
    expectRefused(again, 200, ALREADY);
    expectRefused(await openLink(token), 200, ALREADY);
    expect(await accountOf(account.id)).toMatchObject({ balance: 100, ledger: [expect.objectContaining({ amount: 100 })] });
  });

  it("two taps at once grant the opening balance once", async () => {
    const { account, token } = await register();
    const replies = await Promise.all([pressVerify(token), pressVerify(token), pressVerify(token)]);
    expect(replies.filter((reply) => reply.status === 302)).toHaveLength(1);
    expect(await accountOf(account.id)).toMatchObject({ balance: 100, ledger: [expect.objectContaining({ amount: 100 })] });
  });

  it("an expired link is refused with what to do, and verifies nothing", async () => {
    const { account, token } = await register();
    await test.db
      .update(emailVerificationTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(emailVerificationTokens.tokenHash, sha256(token)));
    expectRefused(await openLink(token), 400, EXPIRED);
    expectRefused(await pressVerify(token), 400, EXPIRED);
    expect(await accountOf(account.id)).toEqual({ balance: 0, verified: false, ledger: [] });
  });

  it("an unknown, cut-off or missing token is refused with what to do", async () => {
    const { token } = await register();
    for (const bad of ["x".repeat(43), token.slice(0, 30), ""]) {
      expectRefused(await openLink(bad), 400, NOT_VALID);
      expectRefused(await pressVerify(bad), 400, NOT_VALID);
    }
  });

  it("another account's link verifies that account, never the one signed in here", async () => {
    const here = new Browser();
    const mine = await register(here);
    const theirs = await register();
    const reply = await pressVerify(theirs.token, here);
    expect(reply).toMatchObject({ status: 302, location: "/app" });
    expect((await toastOf(reply))?.description).toContain(`${theirs.email} is verified`);
    expect(await accountOf(mine.account.id)).toEqual({ balance: 0, verified: false, ledger: [] });
    expect(await accountOf(theirs.account.id)).toMatchObject({ balance: 100, verified: true });
    // Mine still works for me.
    expect((await pressVerify(mine.token, here)).status).toBe(302);
    expect(await accountOf(mine.account.id)).toMatchObject({ balance: 100, verified: true });
  });

  it("a suspended account's link verifies nothing", async () => {
    const { account, token } = await register();
    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, account.id));
    expectRefused(await pressVerify(token), 400, NOT_VALID);
    expect(await accountOf(account.id)).toMatchObject({ balance: 0, verified: false });
  });

  it("grants the admin's opening-balance price when one is set", async () => {
    await test.db.insert(pricing).values({ key: "opening_balance", label: "Opening balance", credits: 250 });
    try {
      const { account, token, mail } = await register();
      expect(mail.text).toContain("Your 250 opening credits");
      const result = await verifyEmail(token);
      expect(result).toMatchObject({ ok: true, creditsGranted: 250 });
      expect(await accountOf(account.id)).toMatchObject({ balance: 250, ledger: [expect.objectContaining({ amount: 250 })] });
    } finally {
      await test.db.delete(pricing).where(eq(pricing.key, "opening_balance"));
    }
  });
});

describe("'Resend' on the dashboard", () => {
  it("mails a new link; either link verifies, and then the others are used up", async () => {
    const browser = new Browser();
    const { email, account, token: first } = await register(browser);
    const mailsBefore = smtp.inbox.length;
    const reply = await pressResend(browser);
    expect(reply).toMatchObject({ status: 302, location: "/app" });
    expect(await toastOf(reply)).toMatchObject({
      type: "success",
      title: "Verification email sent",
      description: `We sent a new link to ${email}.`,
    });
    const second = tokenIn((await smtp.mailTo(email, mailsBefore)).text);
    expect(second).not.toBe(first);
    expect((await pressVerify(second)).status).toBe(302);
    expectRefused(await pressVerify(first), 200, ALREADY);
    expect(await accountOf(account.id)).toMatchObject({ balance: 100, ledger: [expect.objectContaining({ amount: 100 })] });
  });

  it("sends at most 3 mails an hour (the registration's included), then says when to try again", async () => {
    const browser = new Browser();
    const { email } = await register(browser);
    expect((await pressResend(browser)).status).toBe(302);
    expect((await pressResend(browser)).status).toBe(302);
    const refused = await pressResend(browser);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data.resendRefused).toMatch(
      /^You can ask for 3 verification emails an hour\. Please wait \d+ minutes? and try again\.$/,
    );
    await jobsSettled(test.handle, "email-verification-mail");
    expect(mailsTo(email)).toHaveLength(3);
  });

  it("a verified account is told so and mailed nothing", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    expect((await browser.visit<{ verification: unknown }>(dashboardLoader, "/app")).data.verification).toBeNull();
    const reply = await pressResend(browser);
    expect(await toastOf(reply)).toMatchObject({ title: "Your email is already verified" });
    expect(mailsTo(owner.email)).toEqual([]);
    expect(
      await test.db
        .select()
        .from(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.userId, owner.id))),
    ).toEqual([]);
  });

  it("needs a signed-in account", async () => {
    const reply = await call(
      dashboardAction,
      new Request("http://localhost/app", { method: "POST", headers: { Origin: "http://localhost" } }),
    );
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(/^\/login/);
  });
});

describe("GET /api/user/me", () => {
  it("tells an API client whether the email is verified", async () => {
    const verified = await createUser();
    const unverified = await createUser({ verified: false });
    for (const [account, expected] of [
      [verified, true],
      [unverified, false],
    ] as const) {
      const reply = await call<{ emailVerified: boolean; balance: number }>(
        meLoader,
        getRequest("/api/user/me", { cookie: await sessionCookieFor(account.id) }),
      );
      expect(reply.data).toMatchObject({ emailVerified: expected, balance: expected ? 100 : 0 });
    }
  });
});
