import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { campaigns, creditLedger, passwordResetTokens, refreshTokens, users } from "~/db/schema";
import { makeCampaign, makeContact, makePost } from "~/db/seed/factories.server";
import { parseFeedQuery } from "~/lib/feed-query";
import { ADMIN_USERS_MESSAGES } from "~/lib/schemas/admin-users";
import { listAdminActions } from "~/models/admin-audit.server";
import { SUSPENDED_CAMPAIGN_REASON } from "~/models/admin-users.server";
import { issueTokenPair } from "~/models/api-tokens.server";
import { ledgerCsv } from "~/models/credits.server";
import { cachedFeedPage } from "~/models/feed-cache.server";
import { verifyLogin } from "~/models/users.server";
import { loader as usersLoader } from "~/routes/admin+/users";
import { action as businessAction, loader as businessLoader } from "~/routes/admin+/users_.$id";
import { action as refreshAction } from "~/routes/api+/auth.refresh";
import { loader as meLoader } from "~/routes/api+/user.me";

import { PASSWORD, createUser, guardRedirect, sessionCookieFor, sessionRowsOf, uniqueEmail } from "../support/accounts";
import { adminCookie } from "../support/admin";
import { setupTestDatabase } from "../support/database";
import { call, formPost, getRequest, jsonPost, toastOf, formErrors, type Reply } from "../support/http";

const test = setupTestDatabase();

type BusinessPage = Awaited<ReturnType<typeof businessLoader>>;
type UsersPage = Awaited<ReturnType<typeof usersLoader>>;

async function adminPost(userId: string, fields: Record<string, string>, cookie?: string) {
  return call(businessAction, formPost(`/admin/users/${userId}`, fields, { cookie: cookie ?? (await adminCookie()) }), { id: userId });
}

async function businessPage(userId: string, query = "") {
  return call<BusinessPage>(businessLoader, getRequest(`/admin/users/${userId}${query}`, { cookie: await adminCookie() }), { id: userId });
}

async function usersList(query: string) {
  return (await call<UsersPage>(usersLoader, getRequest(`/admin/users${query}`, { cookie: await adminCookie() }))).data;
}

const adjust = (userId: string, fields: Record<string, string>) =>
  adminPost(userId, { intent: "adjust-credits", direction: "add", nonce: randomUUID(), ...fields });

async function statusOf(userId: string) {
  const [row] = await db().select({ status: users.status, balance: users.balance }).from(users).where(eq(users.id, userId));
  return row;
}

function feedQuery(q: string) {
  const parsed = parseFeedQuery(new URLSearchParams({ q }));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.query;
}

function expectRefused(reply: Reply, status: number, field: string, message: string) {
  expect(reply.status).toBe(status);
  expect(formErrors(reply)?.[field]).toEqual([message]);
}

describe("suspending a business", () => {
  it("ends its sessions and tokens, takes its posts off the feed at once, pauses its running campaigns, and records why", async () => {
    const business = await createUser({ businessName: "Suspend Me Sweets" });
    const cookie = await sessionCookieFor(business.id);
    const tokens = await issueTokenPair(business.id);
    const word = `zq${randomUUID().slice(0, 8)}`;
    const post = await makePost({ userId: business.id, content: `Fresh jalebi today ${word}` });
    const sending = await makeCampaign({ userId: business.id, status: "sending" });
    const scheduled = await makeCampaign({ userId: business.id, status: "scheduled" });
    const draft = await makeCampaign({ userId: business.id });
    // The feed page is in the feed's cache before the suspension.
    expect((await cachedFeedPage(feedQuery(word))).posts.map((shown) => shown.id)).toEqual([post.id]);

    const reply = await adminPost(business.id, { intent: "suspend", reason: "Spam reports from many visitors" });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(`/admin/users/${business.id}`);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Business suspended" });

    expect((await statusOf(business.id)).status).toBe("suspended");
    expect(await sessionRowsOf(business.id)).toEqual([]);
    expect(await guardRedirect(getRequest("/app", { cookie }))).toMatch(/^\/login/);
    expect((await call(meLoader, getRequest("/api/user/me", { headers: { Authorization: `Bearer ${tokens.accessToken}` } }))).status).toBe(
      401,
    );
    expect((await call(refreshAction, jsonPost("/api/auth/refresh", { refreshToken: tokens.refreshToken }))).status).toBe(401);
    expect(await verifyLogin(business.email, PASSWORD)).toBeNull();
    expect((await cachedFeedPage(feedQuery(word))).posts).toEqual([]);

    const statuses = await db()
      .select({ id: campaigns.id, status: campaigns.status, reason: campaigns.statusReason })
      .from(campaigns)
      .where(eq(campaigns.userId, business.id));
    expect(statuses).toEqual(
      expect.arrayContaining([
        { id: sending.id, status: "paused", reason: SUSPENDED_CAMPAIGN_REASON },
        { id: scheduled.id, status: "paused", reason: SUSPENDED_CAMPAIGN_REASON },
        { id: draft.id, status: "draft", reason: null },
      ]),
    );

    expect(await listAdminActions({ entityType: "user", entityId: business.id })).toEqual([
      expect.objectContaining({
        action: "suspend_user",
        reason: "Spam reports from many visitors",
        before: { status: "active" },
        after: { status: "suspended", sessionsEnded: 1, campaignsPaused: 2 },
      }),
    ]);
    const page = (await businessPage(business.id)).data;
    expect(page.suspension).toMatchObject({ reason: "Spam reports from many visitors" });
  });

  it("reactivates: signs in again, posts back in the feed, paused campaigns stay paused for the business", async () => {
    const business = await createUser();
    const word = `zr${randomUUID().slice(0, 8)}`;
    const post = await makePost({ userId: business.id, content: `Samosa fresh ${word}` });
    const campaign = await makeCampaign({ userId: business.id, status: "sending" });
    expect((await adminPost(business.id, { intent: "suspend", reason: "Checking a complaint" })).status).toBe(302);
    expect((await cachedFeedPage(feedQuery(word))).posts).toEqual([]);

    const reply = await adminPost(business.id, { intent: "reactivate" });
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Business reactivated" });
    expect((await statusOf(business.id)).status).toBe("active");
    expect(await verifyLogin(business.email, PASSWORD)).toMatchObject({ id: business.id });
    expect((await cachedFeedPage(feedQuery(word))).posts.map((shown) => shown.id)).toEqual([post.id]);
    const [after] = await db().select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(after.status).toBe("paused");
    expect((await listAdminActions({ entityType: "user", entityId: business.id })).map((entry) => entry.action)).toEqual([
      "reactivate_user",
      "suspend_user",
    ]);
  });

  it("refuses without a reason, twice, for the admin, for a deleted account, and for a business user; nothing changes", async () => {
    const business = await createUser();
    expectRefused(await adminPost(business.id, { intent: "suspend", reason: "  " }), 400, "reason", ADMIN_USERS_MESSAGES.reasonRequired);
    expectRefused(await adminPost(business.id, { intent: "suspend" }), 400, "reason", ADMIN_USERS_MESSAGES.reasonRequired);
    expectRefused(
      await adminPost(business.id, { intent: "suspend", reason: "x".repeat(301) }),
      400,
      "reason",
      ADMIN_USERS_MESSAGES.reasonTooLong,
    );
    expect((await statusOf(business.id)).status).toBe("active");
    expectRefused(await adminPost(business.id, { intent: "reactivate" }), 409, "", ADMIN_USERS_MESSAGES.notSuspended);

    await adminPost(business.id, { intent: "suspend", reason: "First time" });
    expectRefused(await adminPost(business.id, { intent: "suspend", reason: "Again" }), 409, "", ADMIN_USERS_MESSAGES.alreadySuspended);

    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expectRefused(await adminPost(admin.id, { intent: "suspend", reason: "Oops" }), 409, "", ADMIN_USERS_MESSAGES.isAdmin);
    expect((await statusOf(admin.id)).status).toBe("active");

    const deleted = await createUser({ status: "deleted" });
    expectRefused(await adminPost(deleted.id, { intent: "suspend", reason: "Gone" }), 409, "", ADMIN_USERS_MESSAGES.deleted);
    expect((await statusOf(deleted.id)).status).toBe("deleted");

    const other = await createUser();
    const asBusiness = await adminPost(other.id, { intent: "suspend", reason: "Mischief" }, await sessionCookieFor(business.id));
    expect(asBusiness.status).toBe(302);
    expect(asBusiness.location).toMatch(/^\/admin\/login\?redirectTo=/);
    expect((await statusOf(other.id)).status).toBe("active");
    expect((await listAdminActions({ entityType: "user", entityId: other.id })).length).toBe(0);
  });
});

describe("adding and removing credits", () => {
  it("adds with the reason as the ledger row's note, and the audit trail says before and after", async () => {
    const business = await createUser({ balance: 40 });
    const reply = await adjust(business.id, { amount: "500", reason: "Diwali goodwill credit" });
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({
      type: "success",
      title: "Added 500 credits",
      description: "The balance is now 540 credits.",
    });
    expect((await statusOf(business.id)).balance).toBe(540);
    const page = (await businessPage(business.id)).data;
    expect(page.business.balance).toBe(540);
    expect(page.ledger.entries[0]).toMatchObject({
      reason: "admin_adjustment",
      amount: 500,
      balanceAfter: 540,
      note: "Diwali goodwill credit",
    });
    let csv = "";
    for await (const chunk of ledgerCsv(business.id)) csv += chunk;
    expect(csv).toContain("Admin adjustment");
    expect(csv).toMatch(/,500,540,Diwali goodwill credit\r\n/);
    expect(page.audit[0]).toMatchObject({
      action: "add_credits",
      reason: "Diwali goodwill credit",
      before: { balance: 40 },
      after: { balance: 540 },
    });
  });

  it("removes, but never below zero: a removal larger than the balance changes nothing", async () => {
    const business = await createUser({ balance: 100 });
    const tooMuch = await adjust(business.id, { direction: "remove", amount: "101", reason: "Refunded outside the app" });
    expectRefused(tooMuch, 409, "amount", ADMIN_USERS_MESSAGES.insufficient(100));
    expect((await statusOf(business.id)).balance).toBe(100);
    expect(await listAdminActions({ entityType: "user", entityId: business.id })).toEqual([]);

    const reply = await adjust(business.id, { direction: "remove", amount: "100", reason: "Refunded outside the app" });
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({ title: "Removed 100 credits" });
    expect((await statusOf(business.id)).balance).toBe(0);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const business = await createUser({ balance: 100 });
    const ledgerRows = async () => (await db().select().from(creditLedger).where(eq(creditLedger.userId, business.id))).length;
    const before = await ledgerRows();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ amount: "500", reason: "" }, "reason", ADMIN_USERS_MESSAGES.reasonRequired],
      [{ amount: "abc", reason: "Gift" }, "amount", ADMIN_USERS_MESSAGES.amountWhole],
      [{ amount: "12.5", reason: "Gift" }, "amount", ADMIN_USERS_MESSAGES.amountWhole],
      [{ amount: "-5", reason: "Gift" }, "amount", ADMIN_USERS_MESSAGES.amountWhole],
      [{ amount: "", reason: "Gift" }, "amount", ADMIN_USERS_MESSAGES.amountRequired],
      [{ amount: "0", reason: "Gift" }, "amount", ADMIN_USERS_MESSAGES.amountRange],
      [{ amount: "1000001", reason: "Gift" }, "amount", ADMIN_USERS_MESSAGES.amountRange],
      [{ amount: "99999999999999999999", reason: "Gift" }, "amount", ADMIN_USERS_MESSAGES.amountRange],
      [{ amount: "5", reason: "Gift", direction: "steal" }, "direction", ADMIN_USERS_MESSAGES.directionRequired],
      [{ amount: "5", reason: "Gift", nonce: "" }, "nonce", ADMIN_USERS_MESSAGES.nonceInvalid],
    ];
    for (const [fields, field, message] of cases) {
      const reply = await adjust(business.id, fields);
      expectRefused(reply, 400, field, message);
      expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Credits not changed" });
    }
    expect((await statusOf(business.id)).balance).toBe(100);
    expect(await ledgerRows()).toBe(before);
  });

  it("applies a form sent twice (the same nonce) once", async () => {
    const business = await createUser({ balance: 10 });
    const fields = { amount: "500", reason: "Goodwill", nonce: randomUUID() };
    const [first, second] = await Promise.all([adjust(business.id, fields), adjust(business.id, fields)]);
    expect([first.status, second.status]).toEqual([302, 302]);
    const third = await adjust(business.id, fields);
    expect(await toastOf(third)).toMatchObject({ type: "info", title: "Already done: this form was sent before" });
    expect((await statusOf(business.id)).balance).toBe(510);
    const rows = await db()
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, business.id), eq(creditLedger.reason, "admin_adjustment")));
    expect(rows.filter((row) => row.note === "Goodwill")).toHaveLength(1);
    expect(
      (await listAdminActions({ entityType: "user", entityId: business.id })).filter((entry) => entry.action === "add_credits"),
    ).toHaveLength(1);
  });

  it("refuses the admin's own account", async () => {
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expectRefused(await adjust(admin.id, { amount: "5", reason: "Me" }), 409, "", ADMIN_USERS_MESSAGES.isAdmin);
  });
});

describe("sending a password-reset link", () => {
  it("queues the reset mail to the business's email and records it; a suspended account gets none", async () => {
    const business = await createUser();
    const reply = await adminPost(business.id, { intent: "send-reset" });
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: `Password-reset link sent to ${business.email}` });
    const { rows } = await test.handle.executeSql("select id from pgboss.job where name = $1 and data ->> 'email' = $2", [
      "password-reset-mail",
      business.email,
    ]);
    expect(rows).toHaveLength(1);
    expect((await listAdminActions({ entityType: "user", entityId: business.id }))[0]).toMatchObject({ action: "send_password_reset" });

    await adminPost(business.id, { intent: "suspend", reason: "Fraud check" });
    expectRefused(await adminPost(business.id, { intent: "send-reset" }), 409, "", ADMIN_USERS_MESSAGES.resetNotActive);
  });
});

describe("a business's page", () => {
  it("shows the profile, counts and latest records but never a password hash, token hash, token or session id", async () => {
    const business = await createUser({ city: "Mysuru", gstNumber: "29ABCDE1234F1Z5", businessCategories: ["Bakery"] });
    const cookie = await sessionCookieFor(business.id);
    const tokens = await issueTokenPair(business.id);
    await db()
      .insert(passwordResetTokens)
      .values({ userId: business.id, tokenHash: "reset-hash-secret", expiresAt: new Date(Date.now() + 60_000) });
    await makeContact({ userId: business.id });
    await makePost({ userId: business.id });
    await makeCampaign({ userId: business.id, name: "Weekend blast" });

    const reply = await businessPage(business.id);
    expect(reply.status).toBe(200);
    const page = reply.data;
    expect(page.business).toMatchObject({
      city: "Mysuru",
      gstNumber: "29ABCDE1234F1Z5",
      contactsCount: 1,
      postsCount: 1,
      activeSessions: 1,
    });
    expect(page.business.campaigns.map((campaign) => campaign.name)).toEqual(["Weekend blast"]);

    const [secrets] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, business.id));
    const [refresh] = await db()
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, business.id));
    const [session] = await sessionRowsOf(business.id);
    const shown = JSON.stringify(page);
    for (const secret of [
      secrets.passwordHash!,
      refresh.tokenHash,
      tokens.refreshToken,
      tokens.accessToken,
      session.id,
      "reset-hash-secret",
      cookie,
    ]) {
      expect(shown).not.toContain(secret);
    }
    expect(shown).not.toMatch(/passwordHash|tokenHash|tokenVersion|googleId/);
  });

  it("answers 404 for an unknown or malformed id, to the page and its actions", async () => {
    for (const id of [randomUUID(), "not-a-uuid"]) {
      expect((await businessPage(id)).status).toBe(404);
      expect((await adminPost(id, { intent: "suspend", reason: "Who?" })).status).toBe(404);
      expect((await adjust(id, { amount: "5", reason: "Who?" })).status).toBe(404);
    }
  });

  it("pages the ledger by ?ledger=", async () => {
    const business = await createUser();
    for (let index = 0; index < 21; index++) await adjust(business.id, { amount: "1", reason: `Gift ${index}` });
    const second = (await businessPage(business.id, "?ledger=2")).data;
    expect(second.ledger.page).toBe(2);
    expect(second.ledger.pageCount).toBe(2);
  });
});

describe("the list of businesses", () => {
  it("searches by name, business, email, phone and city; filters by status; sorts; never lists the admin", async () => {
    const tag = randomUUID().slice(0, 6);
    const first = await createUser({
      name: `Meera ${tag}`,
      businessName: `Aa Flowers ${tag}`,
      email: uniqueEmail(`meera${tag}`),
      mobileNumber: "9876501234",
      city: `Hubli${tag}`,
      balance: 10,
    });
    const second = await createUser({ businessName: `Zz Books ${tag}`, city: `Hubli${tag}`, balance: 900 });
    await adminPost(second.id, { intent: "suspend", reason: "Test" });

    const ids = (page: UsersPage) => page.businesses.map((business) => business.id);
    expect(ids(await usersList(`?q=Meera+${tag}`))).toEqual([first.id]);
    expect(ids(await usersList(`?q=${encodeURIComponent(`meera${tag}`)}`))).toEqual([first.id]);
    expect(ids(await usersList(`?q=98765+01234`))).toContain(first.id);
    // A word with letters is a name, not a number: its digits are not looked up in the phones.
    expect(ids(await usersList(`?q=ab98765cd`))).not.toContain(first.id);
    expect(ids(await usersList(`?q=Hubli${tag}&sort=name`))).toEqual([first.id, second.id]);
    expect(ids(await usersList(`?q=Hubli${tag}&sort=balance`))).toEqual([second.id, first.id]);
    expect(ids(await usersList(`?q=Hubli${tag}&status=suspended`))).toEqual([second.id]);
    expect(ids(await usersList(`?q=Hubli${tag}&status=active`))).toEqual([first.id]);
    const everyone = await usersList("?q=admin%40isent.example.in");
    expect(everyone.businesses).toEqual([]);

    const long = await usersList(`?q=${"a".repeat(500)}&status=nonsense&sort=evil&page=-3`);
    expect(long.query).toEqual({ q: "a".repeat(100), status: "all", sort: "newest", page: 1 });
  });

  it("sends a business user to the admin sign-in", async () => {
    const business = await createUser();
    const reply = await call(usersLoader, getRequest("/admin/users", { cookie: await sessionCookieFor(business.id) }));
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers");
  });
});
