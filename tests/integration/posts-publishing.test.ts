import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { creditLedger, idempotencyKeys, posts, templates, users } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { addDays } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { POST_MESSAGES } from "~/lib/schemas/posts";
import { queueJob } from "~/jobs/queue.server";
import { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/workers.server";
import { listFeed } from "~/models/feed.server";
import { forgetExpiredKeys } from "~/models/idempotency.server";
import { changePost, deletePost, publishDueScheduledPosts } from "~/models/posts.server";
import { storeImageUpload } from "~/models/uploads.server";
import { action as postsApi } from "~/routes/api+/posts";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { INDIRANAGAR, usePricingAndCategories } from "../support/publishing";
import { useTemporaryStorage } from "../support/storage";
import { EVIL_SITE, SITE, call, freshIp } from "../support/http";

const test = setupTestDatabase();
useTemporaryStorage("posts");

const MYSURU = { lat: 12.2958, lon: 76.6394 }; // About 120 km away.

usePricingAndCategories();

/** A business that can publish: placed in Indiranagar, with `balance` credits. */
function business(overrides: Parameters<typeof makeUser>[0] = {}) {
  return makeUser({ ...INDIRANAGAR, businessName: "Kiran Sweets", ...overrides });
}

async function publishViaApi(userId: string, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request(new URL("/api/posts", SITE), {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: await sessionCookieFor(userId), "X-Forwarded-For": freshIp(), ...headers },
    body: JSON.stringify(body),
  });
  return call<{ post: { id: string; status: string; url: string }; balance: number; message: string; shortfall: number }>(
    postsApi,
    request,
  );
}

const balanceOf = async (userId: string) =>
  (await test.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
const postsOf = (userId: string) => test.db.select().from(posts).where(eq(posts.userId, userId));
const ledgerOf = (userId: string) => test.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
const ledgerSum = async (userId: string) => (await ledgerOf(userId)).reduce((sum, row) => sum + row.amount, 0);

const today = () => indianDate();
const OFFER = () => ({
  kind: "offer",
  content: "Kaju katli at 20% off all week. #diwali",
  title: "20% off kaju katli",
  couponCode: "diwali20",
  terms: "On 500 g or more.",
  validFrom: today(),
  validUntil: addDays(today(), 6),
  callToAction: { type: "call" },
  hashtags: ["sweets", "#Offers"],
  category: "Bakery",
});

async function nearbyFeed(at: { lat: number; lon: number }) {
  return (await listFeed({ location: { ...at, radiusKm: 25 }, limit: 50, offset: 0 })).posts;
}

describe("POST /api/posts", () => {
  it("publishes a post at the business's place, charges its price with a ledger row, and puts it in the feed near the business only", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const reply = await publishViaApi(owner.id, {
      kind: "update",
      content: "Fresh jalebi from 7 am #jalebi",
      hashtags: "morning, #Sweets",
    });
    expect(reply.status).toBe(201);
    const { post, balance } = reply.data;
    expect(balance).toBe(before - 5);
    expect(post).toMatchObject({ status: "live", url: `${SITE}/?post=${post.id}` });
    const [row] = await postsOf(owner.id);
    // The hashtags field's tags, then the text's: '#jalebi' finds it.
    expect(row).toMatchObject({
      ...INDIRANAGAR,
      kind: "update",
      hashtags: ["morning", "sweets", "jalebi"],
      pricePaid: 5,
      country: "India",
    });
    const found = await listFeed({ location: { ...INDIRANAGAR, radiusKm: 25 }, q: "#jalebi", limit: 50, offset: 0 });
    expect(found.posts.map((shown) => shown.id)).toEqual([post.id]);
    const ledger = await ledgerOf(owner.id);
    expect(ledger.find((entry) => entry.reason === "post")).toMatchObject({ amount: -5, reference: post.id, balanceAfter: balance });
    expect(await ledgerSum(owner.id)).toBe(balance);
    expect((await nearbyFeed(INDIRANAGAR)).map((shown) => shown.id)).toContain(post.id);
    expect((await nearbyFeed(MYSURU)).map((shown) => shown.id)).not.toContain(post.id);
  });

  it("publishes an offer with its dates as days in India, its coupon, terms and button", async () => {
    const owner = await business({ businessPhone: "+918023456789" });
    const reply = await publishViaApi(owner.id, OFFER());
    expect(reply.status).toBe(201);
    const [row] = await postsOf(owner.id);
    expect(row).toMatchObject({
      kind: "offer",
      offerTitle: "20% off kaju katli",
      couponCode: "DIWALI20",
      callToActionType: "call",
      pricePaid: 10,
    });
    expect(indianDate(row.validFrom!)).toBe(today());
    expect(indianDate(row.validUntil!)).toBe(addDays(today(), 6));
    // The offer lasts to the last moment of its last day in India.
    expect(indianDate(new Date(row.validUntil!.getTime() + 1))).toBe(addDays(today(), 7));
    const shown = (await nearbyFeed(INDIRANAGAR)).find((feedPost) => feedPost.id === reply.data.post.id);
    expect(shown?.callToAction).toEqual({ type: "call", label: "Call now", href: "tel:+918023456789" });
  });

  it("refuses bad input with a clear message, and publishes and charges nothing", async () => {
    const owner = await business();
    const stranger = await business();
    const strangersImage = (
      await storeImageUpload(
        stranger.id,
        new Uint8Array(
          await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
            .png()
            .toBuffer(),
        ),
      )
    ).url;
    const before = await balanceOf(owner.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "update", content: "x".repeat(1501) }, POST_MESSAGES.contentTooLong],
      [{ kind: "update", content: "   " }, POST_MESSAGES.contentRequired],
      [
        { kind: "update", content: "Hi", images: Array.from({ length: 7 }, (_, index) => `/uploads/u/${index}.jpg`) },
        POST_MESSAGES.tooManyImages,
      ],
      [{ kind: "update", content: "Hi", images: ["https://evil.example/x.jpg"] }, "Use images you uploaded here"],
      [{ kind: "update", content: "Hi", images: [strangersImage] }, "Use images you uploaded here"],
      [{ kind: "update", content: "Hi", category: "Casino" }, POST_MESSAGES.unknownCategory],
      [{ kind: "update", content: "Hi", hashtags: Array.from({ length: 11 }, (_, index) => `tag${index}`) }, POST_MESSAGES.tooManyHashtags],
      [{ kind: "update", content: "Hi", hashtags: ["<script>"] }, POST_MESSAGES.badHashtag],
      [{ ...OFFER(), validFrom: addDays(today(), 5), validUntil: addDays(today(), 2) }, POST_MESSAGES.endsBeforeStart],
      [{ ...OFFER(), validFrom: addDays(today(), -9), validUntil: addDays(today(), -2) }, POST_MESSAGES.alreadyEnded],
      [{ ...OFFER(), validUntil: "2026-02-30" }, POST_MESSAGES.badDate],
      [{ ...OFFER(), title: "" }, POST_MESSAGES.offerTitleRequired],
      [{ ...OFFER(), couponCode: "X".repeat(200) }, "A coupon code can be at most 20 characters"],
      [{ ...OFFER(), callToAction: { type: "website", url: "javascript:alert(1)" } }, POST_MESSAGES.websiteForButton],
      [{ ...OFFER(), callToAction: { type: "website" } }, POST_MESSAGES.websiteForButton],
      [{ ...OFFER(), callToAction: { type: "fax" } }, "Choose what the button does"],
      [
        { kind: "update", content: "Hi", place: { lat: 51.5, lon: -0.12, label: "London" } },
        "That place is not near a city or town in India we know",
      ],
      [{ kind: "update", content: "Hi", publishAt: new Date(Date.now() - 60_000).toISOString() }, POST_MESSAGES.scheduleInPast],
      [{ kind: "update", content: "Hi", publishAt: new Date(Date.now() + 100 * 86_400_000).toISOString() }, POST_MESSAGES.scheduleTooFar],
      [{ kind: "poem", content: "Hi" }, "kind must be 'update' or 'offer'"],
    ];
    for (const [body, message] of cases) {
      const reply = await publishViaApi(owner.id, body);
      expect(reply.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(reply.data.message).toContain(message);
    }
    expect(await postsOf(owner.id)).toEqual([]);
    expect(await balanceOf(owner.id)).toBe(before);
  });

  it("refuses a business with no location (409) and one whose balance is short (402, with the shortfall)", async () => {
    const nowhere = await makeUser();
    const noPlace = await publishViaApi(nowhere.id, { kind: "update", content: "Hello" });
    expect(noPlace.status).toBe(409);
    expect(noPlace.data.message).toBe("Set your business location before publishing: your posts reach people near it.");

    const poor = await business({ balance: 3 });
    const short = await publishViaApi(poor.id, OFFER());
    expect(short.status).toBe(402);
    expect(short.data).toMatchObject({
      shortfall: 7,
      message: "This offer costs 10 credits and your balance is 3: you need 7 more credits to publish it.",
    });
    expect([await postsOf(poor.id), await balanceOf(poor.id), await ledgerSum(poor.id)]).toEqual([[], 3, 3]);
  });

  it("publishes and charges once for a request sent again with the same Idempotency-Key", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const key = { "Idempotency-Key": "tap-twice-12345" };
    const [first, second] = await Promise.all([
      publishViaApi(owner.id, { kind: "update", content: "Once only" }, key),
      publishViaApi(owner.id, { kind: "update", content: "Once only" }, key),
    ]);
    const third = await publishViaApi(owner.id, { kind: "update", content: "Once only" }, key);
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(new Set([first.data.post.id, second.data.post.id, third.data.post.id]).size).toBe(1);
    expect(await postsOf(owner.id)).toHaveLength(1);
    expect(await balanceOf(owner.id)).toBe(before - 5);
    expect((await ledgerOf(owner.id)).filter((row) => row.reason === "post")).toHaveLength(1);
    expect(await publishViaApi(owner.id, { kind: "update", content: "Hi" }, { "Idempotency-Key": "short" })).toMatchObject({
      status: 400,
    });
  });

  it("refuses the same Idempotency-Key on a different request with 422, the body's field order not counting", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const key = { "Idempotency-Key": "one-key-two-bodies" };
    const first = await publishViaApi(owner.id, { kind: "update", content: "Samosas at 4 pm", category: "Bakery" }, key);
    expect(first.status).toBe(201);
    const reordered = await publishViaApi(owner.id, { category: "Bakery", content: "Samosas at 4 pm", kind: "update" }, key);
    expect([reordered.status, reordered.data.post.id]).toEqual([201, first.data.post.id]);

    const other = await publishViaApi(owner.id, { kind: "update", content: "Kachoris at 5 pm", category: "Bakery" }, key);
    expect(other.status).toBe(422);
    expect(other.data.message).toBe("This Idempotency-Key was already used for a different request. Send a new key to publish this one.");
    expect((await postsOf(owner.id)).map((post) => post.content)).toEqual(["Samosas at 4 pm"]);
    expect(await balanceOf(owner.id)).toBe(before - 5);
  });

  it("keeps a deleted post's key spent (409, nothing charged again), and a refused request's key free", async () => {
    const owner = await business({ balance: 7 });
    const key = { "Idempotency-Key": "delete-then-retry" };
    const first = await publishViaApi(owner.id, { kind: "update", content: "Closed on Monday" }, key);
    expect(first.status).toBe(201);
    expect(await deletePost(owner.id, first.data.post.id)).toEqual({ refunded: 0 });

    const again = await publishViaApi(owner.id, { kind: "update", content: "Closed on Monday" }, key);
    expect(again.status).toBe(409);
    expect(again.data.message).toBe(
      "This Idempotency-Key was already used, and the post it published has since been deleted. Send a new key to publish again.",
    );
    expect([await postsOf(owner.id), await balanceOf(owner.id), await ledgerSum(owner.id)]).toEqual([[], 2, 2]);

    // A request refused for its balance spent nothing, its key included: with credits, the same key publishes.
    const refusedKey = { "Idempotency-Key": "refused-then-paid" };
    expect((await publishViaApi(owner.id, { kind: "update", content: "Open on Tuesday" }, refusedKey)).status).toBe(402);
    await test.db.update(users).set({ balance: 12 }).where(eq(users.id, owner.id));
    expect((await publishViaApi(owner.id, { kind: "update", content: "Open on Tuesday" }, refusedKey)).status).toBe(201);
  });

  it("forgets a key after 24 hours: the same request is then a new post, and the hourly job deletes old keys", async () => {
    const owner = await business();
    const key = { "Idempotency-Key": "yesterdays-key" };
    const first = await publishViaApi(owner.id, { kind: "update", content: "Daily special: dosa" }, key);
    const mine = eq(idempotencyKeys.userId, owner.id);
    const dayOld = () =>
      test.db
        .update(idempotencyKeys)
        .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
        .where(mine);
    await dayOld();
    // The post itself is not a day old: publishing it again is confirmed (the flag is not part of the request's hash).
    const today = await publishViaApi(owner.id, { kind: "update", content: "Daily special: dosa", confirmDuplicate: true }, key);
    expect(today.status).toBe(201);
    expect(today.data.post.id).not.toBe(first.data.post.id);
    expect(await test.db.select({ resourceId: idempotencyKeys.resourceId }).from(idempotencyKeys).where(mine)).toEqual([
      { resourceId: today.data.post.id },
    ]);

    await dayOld();
    expect(await forgetExpiredKeys()).toBe(1);
    expect(await test.db.select().from(idempotencyKeys).where(mine)).toEqual([]);
  });

  it("publishes exactly 5 of 20 simultaneous offers with credit for 5: balance 0, never negative, 5 ledger rows", async () => {
    const owner = await business({ balance: 50 });
    const replies = await Promise.all(
      // Twenty near-identical offers: each confirmed as meant, so only the balance stops them.
      Array.from({ length: 20 }, (_, index) => publishViaApi(owner.id, { ...OFFER(), content: `Offer ${index}`, confirmDuplicate: true })),
    );
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(5);
    expect(replies.filter((reply) => reply.status === 402)).toHaveLength(15);
    expect(await postsOf(owner.id)).toHaveLength(5);
    expect(await balanceOf(owner.id)).toBe(0);
    expect((await ledgerOf(owner.id)).filter((row) => row.reason === "offer")).toHaveLength(5);
    expect(await ledgerSum(owner.id)).toBe(0);
  });

  it("schedules a post: paid now, out of the feed until its time, then live at the top; deleted before, it is refunded", async () => {
    const owner = await business();
    const before = await balanceOf(owner.id);
    const at = new Date(Date.now() + 3600_000);
    const reply = await publishViaApi(owner.id, { kind: "update", content: "Opening at noon!", publishAt: at.toISOString() });
    expect(reply.status).toBe(201);
    expect(reply.data.post.status).toBe("scheduled");
    expect(await balanceOf(owner.id)).toBe(before - 5);
    expect((await nearbyFeed(INDIRANAGAR)).map((shown) => shown.id)).not.toContain(reply.data.post.id);

    expect(await publishDueScheduledPosts(new Date())).not.toContain(reply.data.post.id);
    const later = new Date(at.getTime() + 1000);
    expect(await publishDueScheduledPosts(later)).toContain(reply.data.post.id);
    const [live] = await postsOf(owner.id);
    expect(live).toMatchObject({ status: "live", createdAt: later });

    const cancelled = await publishViaApi(owner.id, { kind: "update", content: "Never mind", publishAt: at.toISOString() });
    expect(await deletePost(owner.id, cancelled.data.post.id)).toEqual({ refunded: 5 });
    expect(await balanceOf(owner.id)).toBe(before - 5);
    expect((await ledgerOf(owner.id)).find((row) => row.reason === "refund")).toMatchObject({
      amount: 5,
      reference: cancelled.data.post.id,
    });
    expect(await ledgerSum(owner.id)).toBe(await balanceOf(owner.id));
  });

  it("puts a scheduled post live by the background job at its time, and at start for one whose time passed while stopped", async () => {
    const owner = await business();
    // Missed while no server ran: the start of the jobs publishes it.
    const [missed] = await test.db
      .insert(posts)
      .values({ userId: owner.id, content: "Missed", status: "scheduled", createdAt: new Date(Date.now() - 3600_000), ...INDIRANAGAR })
      .returning();
    await stopBackgroundJobs();
    await startBackgroundJobs();
    expect((await test.db.select().from(posts).where(eq(posts.id, missed.id)))[0].status).toBe("live");

    // Scheduled through the API: its own job runs at its time (here, a few seconds ahead).
    const reply = await publishViaApi(owner.id, {
      kind: "update",
      content: "Soon",
      publishAt: new Date(Date.now() + 6 * 60_000).toISOString(),
    });
    await test.db
      .update(posts)
      .set({ createdAt: new Date(Date.now() + 1500) })
      .where(eq(posts.id, reply.data.post.id));
    await queueJob("publish-scheduled-posts", {}, { startAfter: new Date(Date.now() + 1500) });
    await expect
      .poll(async () => (await test.db.select().from(posts).where(eq(posts.id, reply.data.post.id)))[0].status, {
        timeout: 15_000,
        interval: 500,
      })
      .toBe("live");
  });

  it("ends early an offer that has not started yet (its window closes now)", async () => {
    const owner = await business();
    const reply = await publishViaApi(owner.id, { ...OFFER(), validFrom: addDays(today(), 3), validUntil: addDays(today(), 9) });
    const ended = await changePost(owner.id, reply.data.post.id, "end");
    expect(ended).not.toBeNull();
    expect(ended!.validUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(ended!.validFrom!.getTime()).toBeLessThanOrEqual(ended!.validUntil!.getTime());
    expect((await nearbyFeed(INDIRANAGAR)).map((shown) => shown.id)).not.toContain(reply.data.post.id);
  });

  it("lets a template's picture be used, as well as the business's own uploads", async () => {
    const owner = await business();
    const own = await storeImageUpload(
      owner.id,
      new Uint8Array(
        await sharp({ create: { width: 30, height: 20, channels: 3, background: "#f80" } })
          .jpeg()
          .toBuffer(),
      ),
    );
    await test.db.insert(templates).values({ title: "Diwali", content: "Happy Diwali", imageUrl: "/uploads/seed/templates/diwali.jpg" });
    const reply = await publishViaApi(owner.id, {
      kind: "update",
      content: "Happy Diwali!",
      images: ["/uploads/seed/templates/diwali.jpg", `${SITE}${own.url}`],
    });
    expect(reply.status).toBe(201);
    const [row] = await test.db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, owner.id), eq(posts.id, reply.data.post.id)));
    // Stored as this site's paths, whichever form of the address was sent.
    expect(row.images).toEqual(["/uploads/seed/templates/diwali.jpg", own.url]);
  });

  it("refuses a request from another site, and anyone not signed in", async () => {
    const owner = await business();
    expect((await publishViaApi(owner.id, { kind: "update", content: "Hi" }, { Origin: EVIL_SITE })).status).toBe(403);
    const anonymous = await call(
      postsApi,
      new Request(new URL("/api/posts", SITE), { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } }),
    );
    expect(anonymous.status).toBe(401);
    expect(await postsOf(owner.id)).toEqual([]);
  });
});
