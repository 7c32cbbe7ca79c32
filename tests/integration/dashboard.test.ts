import { describe, expect, it } from "vitest";

import { makeCampaign, makeContact, makeOffer, makePost, makeUser } from "~/db/seed/factories.server";
import { db } from "~/db/db.server";
import { postReports } from "~/db/schema";
import { indianDate } from "~/lib/india-time";
import { DASHBOARD_DAYS, adminDashboard } from "~/models/admin-dashboard.server";
import { chargeCredits, grantCredits } from "~/models/credits.server";
import { businessStats } from "~/models/dashboard.server";

import { setupTestDatabase } from "../support/database";

setupTestDatabase();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("the business dashboard", () => {
  it("counts the business's live posts as the feed shows them: not hidden, removed or ended offers", async () => {
    const business = await makeUser();
    await makePost({ userId: business.id });
    await makeOffer({ userId: business.id, validUntil: new Date(Date.now() + HOUR) });
    await makePost({ userId: business.id, status: "hidden" });
    await makePost({ userId: business.id, status: "removed" });
    await makeOffer({ userId: business.id, validUntil: new Date(Date.now() - HOUR) });
    await makeContact({ userId: business.id });
    await makePost();

    expect(await businessStats(business.id)).toEqual({ contacts: 1, sentSms: 0, livePosts: 2 });
  });
});

describe("the admin dashboard", () => {
  it("counts live offers as the feed shows them: running, of an active business", async () => {
    const before = (await adminDashboard()).totals;
    const suspended = await makeUser({ status: "suspended" });
    await makeOffer({ validUntil: new Date(Date.now() + HOUR) });
    await makeOffer({ validUntil: null });
    await makeOffer({ validUntil: new Date(Date.now() - HOUR) });
    await makeOffer({ status: "hidden" });
    await makeOffer({ userId: suspended.id });
    await makePost();

    const after = (await adminDashboard()).totals;
    expect(after.liveOffers - before.liveOffers).toBe(2);
    expect(after.offers - before.offers).toBe(5);
    expect(after.posts - before.posts).toBe(1);
  });

  it("draws the last 30 days per Indian day, today last, and leaves out what is older", async () => {
    const now = new Date();
    const before = await adminDashboard(now);
    const business = await makeUser();
    await makePost({ userId: business.id, createdAt: new Date(now.getTime() - 2 * DAY) });
    await makePost({ userId: business.id, createdAt: new Date(now.getTime() - 40 * DAY) });

    const after = await adminDashboard(now);
    expect(after.daily.days).toHaveLength(DASHBOARD_DAYS);
    expect(after.daily.days.at(-1)).toBe(indianDate(now));
    const change = (key: string, index: number) => after.daily.values[key].at(index)! - before.daily.values[key].at(index)!;
    expect(change("businesses", -1)).toBe(1);
    expect(change("posts", -3)).toBe(1);
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    expect(sum(after.daily.values.posts) - sum(before.daily.values.posts)).toBe(1);
    expect(after.totals.posts - before.totals.posts).toBe(2);
  });

  it("counts credits sold and spent from the ledger, and what waits: reported posts, failed campaigns", async () => {
    const business = await makeUser();
    const before = await adminDashboard();
    await db().transaction(async (tx) => {
      await grantCredits(tx, { userId: business.id, amount: 500, reason: "purchase", reference: "order-dash" });
      await chargeCredits(tx, { userId: business.id, amount: 5, reason: "post", reference: "post-dash" });
    });
    const reported = await makePost();
    await db()
      .insert(postReports)
      .values([
        { postId: reported.id, visitorId: "v-1", reason: "spam" },
        { postId: reported.id, visitorId: "v-2", reason: "scam" },
      ]);
    await makeCampaign({ userId: business.id, status: "failed" });

    const after = await adminDashboard();
    expect(after.totals.creditsSold - before.totals.creditsSold).toBe(500);
    expect(after.totals.creditsSpent - before.totals.creditsSpent).toBe(5);
    expect(after.daily.values.creditsSold.at(-1)! - before.daily.values.creditsSold.at(-1)!).toBe(500);
    expect(after.waiting.reportedPosts - before.waiting.reportedPosts).toBe(1);
    expect(after.waiting.failedCampaigns - before.waiting.failedCampaigns).toBe(1);
  });
});
