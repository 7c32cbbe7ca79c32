import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { makeCampaign, makeContact, makeOffer, makePost, makeTemplate, makeUser } from "~/db/seed/factories.server";
import { creditLedger, users } from "~/db/schema";
import { verifyLogin } from "~/models/users.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

async function ledgerTotal(userId: string) {
  const [row] = await test.db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row.total);
}

describe("the data factories", () => {
  it("make a business through createAccount: unique email, the opening balance and its ledger row, no password unless given", async () => {
    const [first, second] = [await makeUser(), await makeUser()];
    expect(first.email).not.toBe(second.email);
    expect(first).toMatchObject({ balance: 100, status: "active", isAdmin: false });
    expect(await ledgerTotal(first.id)).toBe(100);
    expect(await verifyLogin(first.email, "any-password")).toBeNull();

    const withPassword = await makeUser({ password: "a-password-1" });
    expect((await verifyLogin(withPassword.email, "a-password-1"))?.id).toBe(withPassword.id);
  });

  it("set a balance through the ledger, a status and profile fields", async () => {
    const rich = await makeUser({ balance: 250 });
    const poor = await makeUser({ balance: 5, status: "suspended", city: "Pune", lat: 18.52, lon: 73.86 });
    expect(rich.balance).toBe(250);
    expect(await ledgerTotal(rich.id)).toBe(250);
    expect(poor).toMatchObject({ balance: 5, status: "suspended" });
    expect(await ledgerTotal(poor.id)).toBe(5);
    const [row] = await test.db.select({ city: users.city, lat: users.lat }).from(users).where(eq(users.id, poor.id));
    expect(row).toEqual({ city: "Pune", lat: 18.52 });
  });

  it("make posts and offers with hashtags from their content, for a new business unless told", async () => {
    const post = await makePost({ content: "Fresh jalebi today #sweets #Diwali" });
    expect(post).toMatchObject({ kind: "update", status: "live", hashtags: ["sweets", "diwali"], validUntil: null });

    const offer = await makeOffer({ userId: post.userId });
    expect(offer.userId).toBe(post.userId);
    expect(offer.kind).toBe("offer");
    expect(offer.validUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(offer.validFrom!.getTime()).toBeLessThan(Date.now());

    // An offer that ended long ago started before it ended.
    const ended = await makeOffer({ validUntil: new Date(Date.now() - 10 * 86_400_000) });
    expect(ended.validFrom!.getTime()).toBeLessThanOrEqual(ended.validUntil!.getTime());
  });

  it("make contacts with their own numbers, templates and draft campaigns", async () => {
    const owner = await makeUser();
    const [first, second] = [await makeContact({ userId: owner.id }), await makeContact({ userId: owner.id })];
    expect(first.mobileNumber).toMatch(/^\+919\d{9}$/);
    expect(first.mobileNumber).not.toBe(second.mobileNumber);
    expect((await makeContact({ name: "Lakshmi" })).userId).not.toBe(owner.id);

    const template = await makeTemplate({ kind: "sms" });
    expect(template).toMatchObject({ kind: "sms", isActive: true });
    expect((await makeTemplate()).title).not.toBe(template.title);

    const campaign = await makeCampaign({ userId: owner.id });
    expect(campaign).toMatchObject({ userId: owner.id, status: "draft", recipientsCount: 0 });
  });
});
