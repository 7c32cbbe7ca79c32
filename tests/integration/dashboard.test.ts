import { describe, expect, it } from "vitest";

import { makeContact, makeOffer, makePost, makeUser } from "~/db/seed/factories.server";
import { businessStats, productStats } from "~/models/dashboard.server";

import { setupTestDatabase } from "../support/database";

setupTestDatabase();
const HOUR = 3_600_000;

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
    const before = await productStats();
    const suspended = await makeUser({ status: "suspended" });
    await makeOffer({ validUntil: new Date(Date.now() + HOUR) });
    await makeOffer({ validUntil: null });
    await makeOffer({ validUntil: new Date(Date.now() - HOUR) });
    await makeOffer({ status: "hidden" });
    await makeOffer({ userId: suspended.id });
    await makePost();

    const after = await productStats();
    expect(after.liveOffers - before.liveOffers).toBe(2);
    expect(after.posts - before.posts).toBe(6);
  });
});
