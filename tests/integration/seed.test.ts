import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { count, eq, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  admins,
  campaigns,
  contacts,
  categories,
  creditLedger,
  creditPacks,
  invoices,
  pages,
  postLikes,
  posts,
  postViews,
  priceHistory,
  pricing,
  smsMessages,
  templateCategories,
  templates,
  users,
} from "~/db/schema";
import { setupDatabase } from "~/db/setup.server";
import { parseFeedQuery } from "~/lib/feed-query";
import { listFeed, type FeedPost } from "~/models/feed.server";
import { toIndianDateTime } from "~/lib/india-days";
import { DEMO_USER } from "~/db/seed/seed.server";
import { createLocalDiskStorage } from "~/services/storage.server";
import { getConsentHistory } from "~/models/contact-consent.server";
import { listAdminActions } from "~/models/admin-audit.server";
import { verifyPassword } from "~/models/password.server";
import { listOwnSmsTemplates } from "~/models/sms-templates.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();
const storage = createLocalDiskStorage(mkdtempSync(path.join(tmpdir(), "isent-seed-")));
const options = { adminEmail: "owner@isent.example.in", adminPassword: "owner-password-1", demoData: true, storage };

async function tableCounts() {
  const totals = await Promise.all(
    [users, posts, postLikes, postViews, categories, templateCategories, templates, pages, pricing, creditLedger, admins, contacts].map(
      async (table) => (await test.db.select({ total: count() }).from(table))[0].total,
    ),
  );
  return totals;
}

// The first start seeds this file's database once; every test reads what it made.
let first: Awaited<ReturnType<typeof setupDatabase>>;
beforeAll(async () => {
  first = await setupDatabase(test.handle, options);
});

describe("first start on an empty database", () => {
  it("seeds the demo neighbourhood, then a second setup adds nothing", async () => {
    expect(first.firstStart).toBe(true);

    const [userTotal, postTotal] = await tableCounts();
    expect(userTotal).toBe(32); // 30 businesses, the demo user and the admin
    expect(postTotal).toBe(306); // 300 posts and offers, the demo user's five offers in a row (the fair feed's demo) and its scheduled one

    const before = await tableCounts();
    const second = await setupDatabase(test.handle, options);
    expect(second.firstStart).toBe(false);
    expect(await tableCounts()).toEqual(before);
  });

  it("starts each price's history once, and shows the admin's pricing manager a withdrawn festive pack with its audit rows", async () => {
    const history = await test.db.select().from(priceHistory);
    expect(history.map((row) => [row.priceKey, row.credits, row.changedBy]).sort()).toEqual(
      [
        ["offer", 10, null],
        ["opening_balance", 100, null],
        ["post", 5, null],
        ["sms", 1, null],
      ].sort(),
    );
    const packs = await test.db.select({ name: creditPacks.name, active: creditPacks.active }).from(creditPacks);
    expect(packs).toContainEqual({ name: "Diwali Special", active: false });
    expect((await listAdminActions({ entityType: "credit_pack" })).map((entry) => entry.action)).toEqual([
      "withdraw_credit_pack",
      "add_credit_pack",
    ]);
  });

  it("spreads businesses over several Indian cities with +91-style mobile numbers", async () => {
    const rows = await test.db.select({ city: users.city, mobile: users.mobileNumber }).from(users).where(eq(users.role, "user"));
    const cities = new Set(rows.map((row) => row.city));
    for (const city of ["Bengaluru", "Mumbai", "Delhi", "Pune", "Jaipur", "Kochi"]) expect(cities).toContain(city);
    for (const row of rows) expect(row.mobile).toMatch(/^[6-9]\d{9}$/);
  });

  it("dates posts over the last 30 days, with hashtags and 0-6 images each", async () => {
    const [range] = await test.db
      .select({
        oldest: sql<string>`min(${posts.createdAt})`,
        newest: sql<string>`max(${posts.createdAt})`,
        maxImages: sql<number>`max(cardinality(${posts.images}))`,
        minImages: sql<number>`min(cardinality(${posts.images}))`,
        withHashtags: sql<number>`count(*) filter (where cardinality(${posts.hashtags}) > 0)`,
        offers: sql<number>`count(*) filter (where ${posts.kind} = 'offer')`,
      })
      .from(posts);
    const day = 86_400_000;
    expect(Date.now() - new Date(range.oldest).getTime()).toBeLessThanOrEqual(30 * day + 60_000);
    expect(Date.now() - new Date(range.newest).getTime()).toBeLessThan(3 * day);
    expect(Number(range.minImages)).toBe(0);
    expect(Number(range.maxImages)).toBeLessThanOrEqual(6);
    expect(Number(range.maxImages)).toBeGreaterThanOrEqual(4);
    expect(Number(range.withHashtags)).toBeGreaterThan(250);
    expect(Number(range.offers)).toBeGreaterThan(30);
  });

  it("keeps like and view counters equal to the rows behind them", async () => {
    const mismatched = await test.db.execute(sql`
      select p.id from posts p
      where p.likes_count <> (select count(*) from post_likes l where l.post_id = p.id)
         or p.views_count <> (select count(*) from post_views v where v.post_id = p.id)`);
    const rows = Array.isArray(mismatched) ? mismatched : (mismatched as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(0);
    const [likes] = await test.db.select({ total: count() }).from(postLikes);
    expect(likes.total).toBeGreaterThan(1000);
  });

  it("gives every user an opening balance of 100 recorded in the ledger; the demo user has paid for its scheduled post and its campaigns and bought 500 credits", async () => {
    const rows = await test.db
      .select({ email: users.email, balance: users.balance, amount: creditLedger.amount, reason: creditLedger.reason })
      .from(users)
      .innerJoin(creditLedger, eq(creditLedger.userId, users.id));
    const openings = rows.filter((row) => row.reason === "opening_balance");
    expect(openings).toHaveLength(32);
    for (const { email: _email, balance: _balance, ...row } of openings) expect(row).toEqual({ amount: 100, reason: "opening_balance" });
    // 100 + 500 bought - 5 for the post - 14 for the sent campaign + 2 refunded - 15 reserved for the scheduled one.
    expect(rows.filter((row) => row.reason !== "opening_balance")).toEqual(
      expect.arrayContaining([
        { email: DEMO_USER.email, balance: 568, amount: -5, reason: "post" },
        { email: DEMO_USER.email, balance: 568, amount: 500, reason: "purchase" },
        { email: DEMO_USER.email, balance: 568, amount: -14, reason: "campaign" },
        { email: DEMO_USER.email, balance: 568, amount: 2, reason: "refund" },
        { email: DEMO_USER.email, balance: 568, amount: -15, reason: "campaign" },
      ]),
    );
    expect(rows.filter((row) => row.reason !== "opening_balance")).toHaveLength(5);
    const [invoice] = await test.db.select().from(invoices);
    expect(invoice).toMatchObject({ credits: 500, taxablePaise: 45_000, totalPaise: 53_100, buyerName: DEMO_USER.business.businessName });
  });

  it("gives the demo user a sent campaign (delivered, failed, skipped, settled), one scheduled for tomorrow at 10:00 in India and a draft", async () => {
    const [demo] = await test.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USER.email));
    const rows = await test.db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        status: campaigns.status,
        cost: campaigns.cost,
        refunded: campaigns.refunded,
        startsAt: campaigns.startsAt,
        settledAt: campaigns.settledAt,
      })
      .from(campaigns)
      .where(eq(campaigns.userId, demo.id));
    expect(rows.map((row) => row.status).sort()).toEqual(["draft", "scheduled", "sent"]);
    const sent = rows.find((row) => row.status === "sent")!;
    expect(sent).toMatchObject({ name: "Diwali sweets offer", cost: 14, refunded: 2 });
    expect(sent.settledAt).not.toBeNull();
    const statuses = await test.db
      .select({ status: smsMessages.status, messages: count() })
      .from(smsMessages)
      .where(eq(smsMessages.campaignId, sent.id))
      .groupBy(smsMessages.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.messages]))).toEqual({
      delivered: 10,
      failed: 2,
      undelivered: 1,
      skipped: 1,
    });
    const scheduled = rows.find((row) => row.status === "scheduled")!;
    expect(toIndianDateTime(scheduled.startsAt!)).toMatch(/T10:00$/);
    expect(scheduled.startsAt!.getTime()).toBeGreaterThan(Date.now());
    expect(scheduled.cost).toBe(15);
  });

  it("gives every balance its ledger rows: they add up to it, for every user", async () => {
    const totals = await test.db
      .select({ balance: users.balance, ledger: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
      .from(users)
      .leftJoin(creditLedger, eq(creditLedger.userId, users.id))
      .groupBy(users.id);
    expect(totals).toHaveLength(32);
    for (const row of totals) expect(Number(row.ledger)).toBe(row.balance);
  });

  it("creates the demo user and the admin with argon2id passwords", async () => {
    const [demo] = await test.db.select().from(users).where(eq(users.email, DEMO_USER.email));
    expect(demo.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(demo.passwordHash!, DEMO_USER.password)).toBe(true);
    expect(await verifyPassword(demo.passwordHash!, "wrong-password")).toBe(false);

    const [admin] = await test.db.select().from(users).where(eq(users.email, options.adminEmail));
    expect(admin.role).toBe("admin");
    expect(await verifyPassword(admin.passwordHash!, options.adminPassword)).toBe(true);
    const [record] = await test.db.select().from(admins).where(eq(admins.userId, admin.id));
    expect(record.email).toBe(options.adminEmail);
  });

  it("gives the demo business a customer list: valid +91 mobiles, groups, a few who opted out", async () => {
    const [demo] = await test.db.select().from(users).where(eq(users.email, DEMO_USER.email));
    const list = await test.db.select().from(contacts).where(eq(contacts.userId, demo.id));
    expect(list.length).toBeGreaterThanOrEqual(30);
    for (const contact of list) expect(contact.mobileNumber).toMatch(/^\+91[6-9]\d{9}$/);
    expect(list.filter((contact) => contact.tags.length > 0).length).toBeGreaterThan(10);
    expect(list.filter((contact) => contact.optedOut)).toHaveLength(2);
    expect(await test.db.select().from(contacts).where(ne(contacts.userId, demo.id))).toEqual([]);
  });

  it("registers the demo business with DLT, with one template of its own, sent under its own header", async () => {
    const [demo] = await test.db.select().from(users).where(eq(users.email, DEMO_USER.email));
    expect(demo).toMatchObject({ dltEntityId: "1101456789012345678", smsSenderHeader: "ASHASK" });
    expect((await listOwnSmsTemplates(demo.id)).map((template) => template.name)).toEqual(["Thali of the day"]);
  });

  it("gives demo contacts a consent history, some with a STOP reply and an opt-in again with where it was given", async () => {
    const [demo] = await test.db.select().from(users).where(eq(users.email, DEMO_USER.email));
    const list = await test.db.select().from(contacts).where(eq(contacts.userId, demo.id));
    const histories = await Promise.all(list.map((contact) => getConsentHistory(demo.id, contact.id)));
    expect(histories.every((history) => history.total >= 1)).toBe(true);
    const optedInAgain = histories.filter(({ events }) => events.length === 3);
    expect(optedInAgain).toHaveLength(2);
    for (const { events } of optedInAgain) {
      expect(events).toMatchObject([
        { state: "opted_in", source: expect.stringMatching(/^Asked in store on \d+ \w+$/), channel: "form" },
        { state: "opted_out", source: "Replied STOP", channel: "sms_reply" },
        { state: "opted_in", channel: "form" },
      ]);
    }
    // Each contact holds its history's latest entry.
    for (const [index, contact] of list.entries()) {
      expect(contact.optedOut, contact.name).toBe(histories[index].events[0].state === "opted_out");
      expect(contact.consentSource).toBe(histories[index].events[0].source);
    }
  });

  it("writes the pictures it refers to", async () => {
    const [post] = await test.db
      .select({ images: posts.images })
      .from(posts)
      .where(sql`cardinality(${posts.images}) > 0`)
      .limit(1);
    const key = post.images[0].replace(/^\/uploads\//, "");
    const file = await storage.get(key);
    expect(file?.contentType).toBe("image/jpeg");
    expect(file!.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it("never overwrites an edited page or price", async () => {
    await test.db.update(pages).set({ body: "Edited by the admin." }).where(eq(pages.slug, "about"));
    await test.db.update(pricing).set({ credits: 7 }).where(eq(pricing.key, "post"));
    await setupDatabase(test.handle, options);
    const [about] = await test.db.select().from(pages).where(eq(pages.slug, "about"));
    const [price] = await test.db.select().from(pricing).where(eq(pricing.key, "post"));
    expect(about.body).toBe("Edited by the admin.");
    expect(price.credits).toBe(7);
  });
});

describe("the feed on the demo data lists every match", () => {
  /** Every post a feed query lists, page by page through its cursor. */
  async function everyPage(params: Record<string, string>): Promise<FeedPost[]> {
    const shown: FeedPost[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const parsed = parseFeedQuery(new URLSearchParams({ ...params, ...(cursor ? { cursor } : {}) }));
      if (!parsed.ok) throw new Error(parsed.message);
      const page = await listFeed(parsed.query);
      shown.push(...page.posts);
      if (!page.hasMore) return shown;
      cursor = page.nextCursor;
    }
    throw new Error("too many pages");
  }

  /** Live posts (published, of an active account, not ended) by group, counted by the database. */
  async function liveCounts(group: "category" | "user_id"): Promise<Map<string, number>> {
    const { rows } = await test.handle.executeSql(
      `select p.${group} as key, count(*)::int as total from posts p join users u on u.id = p.user_id
       where p.status = 'live' and u.status = 'active' and (p.valid_until is null or p.valid_until > now()) and p.${group} is not null
       group by p.${group}`,
    );
    return new Map((rows as Array<{ key: string; total: number }>).map((row) => [row.key, row.total]));
  }

  it("every category: its posts across all pages are its live posts, each once", async () => {
    const counts = await liveCounts("category");
    expect(counts.get("Restaurant")).toBeGreaterThan(20);
    for (const [category, total] of counts) {
      const shown = await everyPage({ category });
      expect(new Set(shown.map((post) => post.id)).size, category).toBe(shown.length);
      expect(shown.length, category).toBe(total);
    }
  });

  it("a search for a business's name lists all of its posts", async () => {
    const counts = await liveCounts("user_id");
    const named = await test.db.select({ id: users.id, businessName: users.businessName }).from(users).where(ne(users.businessName, ""));
    for (const { id, businessName } of named) {
      if (!businessName || !counts.get(id)) continue;
      const shown = (await everyPage({ q: businessName })).filter((post) => post.userId === id);
      expect(shown.length, businessName).toBe(counts.get(id));
    }
    const asha = named.find((business) => business.businessName === "Asha's Kitchen")!;
    expect((await everyPage({ q: "asha's kitchen" })).filter((post) => post.userId === asha.id)).toHaveLength(counts.get(asha.id)!);
  });
});
