import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { makePost, makeUser } from "~/db/seed/factories.server";
import { posts, users } from "~/db/schema";
import { FEED_PAGE_SIZE, decodeCursor, parseFeedQuery, type FeedQuery } from "~/lib/feed-query";
import { getLivePost, listFeed } from "~/models/feed.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();
const HOUR = 3_600_000;
const now = Date.now();

// Indiranagar, Bengaluru; Koramangala is ~4 km away, Whitefield ~13 km, Mysuru ~125 km.
const INDIRANAGAR = { lat: 12.9719, lon: 77.6412 };
const KORAMANGALA = { lat: 12.9352, lon: 77.6245 };
const WHITEFIELD = { lat: 12.9698, lon: 77.75 };
const MYSURU = { lat: 12.2958, lon: 76.6394 };

function query(params: Record<string, string>): FeedQuery {
  const result = parseFeedQuery(new URLSearchParams(params));
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

let ravi: string;
let meera: string;
/** Five grocers posting in turn: a fair feed shows all their posts (2 of each in any 10). */
let grocers: string[];

// The neighbourhood every test of this file reads (none changes it): two businesses and their posts.
beforeAll(async () => {
  ravi = (await makeUser({ name: "Ravi Kumar", businessName: "Ravi Stores" })).id;
  meera = (await makeUser({ name: "Meera Nair", businessName: "Chai Corner" })).id;
  grocers = [];
  for (const businessName of ["Kaveri Mart", "Annapurna Provisions", "Sri Ram General Store", "Green Basket", "Daily Needs"]) {
    grocers.push((await makeUser({ name: `Owner of ${businessName}`, businessName })).id);
  }
  // 25 posts at Indiranagar an hour apart, by five grocers in turn: more than one page.
  const neighbourhood: Array<Parameters<typeof makePost>[0]> = [
    ...Array.from({ length: 25 }, (_, index) => ({
      userId: grocers[index % grocers.length],
      content: `Fresh stock number ${index} #groceries`,
      hashtags: ["groceries"],
      category: "Grocery",
      ...INDIRANAGAR,
      city: "Bengaluru",
      state: "Karnataka",
      createdAt: new Date(now - (index + 1) * HOUR),
    })),
    {
      userId: meera,
      content: "Masala chai at Koramangala #chai #evening",
      hashtags: ["chai", "evening"],
      category: "Cafe",
      ...KORAMANGALA,
      createdAt: new Date(now - 30 * 60_000),
    },
    {
      userId: meera,
      content: "Filter coffee in Whitefield",
      hashtags: ["coffee"],
      category: "cafe",
      ...WHITEFIELD,
      createdAt: new Date(now - 90 * 60_000),
    },
    {
      userId: meera,
      content: "Mysuru pak by the box #sweets",
      hashtags: ["sweets"],
      category: "Bakery",
      ...MYSURU,
      createdAt: new Date(now - 10 * 60_000),
    },
    { userId: meera, content: "Online-only announcement with no place", createdAt: new Date(now - 5 * 60_000) },
    { userId: ravi, content: "hidden post", status: "hidden" as const, ...INDIRANAGAR, createdAt: new Date(now) },
    { userId: ravi, content: "removed post", status: "removed" as const, ...INDIRANAGAR, createdAt: new Date(now) },
    {
      userId: ravi,
      content: "expired offer",
      kind: "offer" as const,
      validFrom: new Date(now - 10 * 24 * HOUR),
      validUntil: new Date(now - HOUR),
      ...INDIRANAGAR,
      createdAt: new Date(now),
    },
    {
      userId: ravi,
      content: "Running offer: 10% off rice",
      kind: "offer" as const,
      offerTitle: "10% off",
      validFrom: new Date(now - 24 * HOUR),
      validUntil: new Date(now + 24 * HOUR),
      ...INDIRANAGAR,
      createdAt: new Date(now - 20 * 60_000),
    },
  ];
  for (const post of neighbourhood) await makePost(post);
});

const contents = (page: { posts: Array<{ content: string }> }) => page.posts.map((post) => post.content);

describe("the feed without a location (Show all)", () => {
  it("lists live posts newest first, 20 to a page, with names and a cursor, at most 2 of one business in any 10", async () => {
    const first = await listFeed(query({}));
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(contents(first).slice(0, 4)).toEqual([
      "Online-only announcement with no place",
      "Mysuru pak by the box #sweets",
      "Running offer: 10% off rice",
      // Chai Corner's third post in a row moves down to the first place the rule allows.
      "Fresh stock number 0 #groceries",
    ]);
    expect(first.posts[0]).toMatchObject({ businessName: "Chai Corner", authorName: "Meera Nair", distanceKm: null });
    expect(contents(first).slice(10, 12)).toEqual(["Masala chai at Koramangala #chai #evening", "Filter coffee in Whitefield"]);

    const second = await listFeed(query({ cursor: first.nextCursor! }));
    expect(second.posts).toHaveLength(10);
    expect(second.hasMore).toBe(false);
    expect(second.nextCursor).toBeNull();
    // Every live post, once.
    const all = [...contents(first), ...contents(second)];
    expect(new Set(all).size).toBe(30);
    for (const hidden of ["hidden post", "removed post", "expired offer"]) expect(all).not.toContain(hidden);
  });

  it("pages by offset as GET /api/feed does", async () => {
    const byCursor = await listFeed(query({}));
    const byOffset = await listFeed(query({ offset: "5", limit: "3" }));
    expect(byOffset.posts.map((post) => post.id)).toEqual(byCursor.posts.slice(5, 8).map((post) => post.id));
  });

  it("drops the posts of a suspended business", async () => {
    const business = await makeUser({ name: "Kiran Shah", businessName: "Kiran Optics" });
    await makePost({ userId: business.id, content: "Eye test camp this Sunday", createdAt: new Date(now - 60_000) });
    const shown = async () => (await listFeed(query({ q: "Kiran" }))).posts.map((post) => post.userId);
    expect(await shown()).toEqual([business.id]);
    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, business.id));
    expect(await shown()).toEqual([]);
  });
});

describe("the nearby feed", () => {
  const at = (point: { lat: number; lon: number }, extra: Record<string, string> = {}) =>
    query({ lat: String(point.lat), lon: String(point.lon), ...extra });

  it("keeps posts within 25 km by default, newest first, with their distance", async () => {
    const page = await listFeed(at(INDIRANAGAR, { limit: "50" }));
    const found = contents(page);
    expect(found).toContain("Masala chai at Koramangala #chai #evening");
    expect(found).toContain("Filter coffee in Whitefield");
    expect(found).not.toContain("Mysuru pak by the box #sweets");
    expect(found).not.toContain("Online-only announcement with no place");
    expect(page.posts).toHaveLength(28); // 25 groceries, the running offer, chai and coffee
    const times = page.posts.map((post) => post.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const chai = page.posts.find((post) => post.content.startsWith("Masala"))!;
    expect(chai.distanceKm).toBeGreaterThan(4);
    expect(chai.distanceKm).toBeLessThan(4.6);
  });

  it("honours a smaller radius", async () => {
    const page = await listFeed(at(INDIRANAGAR, { radiusKm: "5", limit: "50" }));
    expect(contents(page)).toContain("Masala chai at Koramangala #chai #evening");
    expect(contents(page)).not.toContain("Filter coffee in Whitefield");
  });

  it("pages with a cursor without repeating or skipping", async () => {
    const first = await listFeed(at(INDIRANAGAR));
    expect(first.hasMore).toBe(true);
    const second = await listFeed(at(INDIRANAGAR, { cursor: first.nextCursor! }));
    expect(second.posts).toHaveLength(8);
    expect(second.hasMore).toBe(false);
    expect(new Set([...contents(first), ...contents(second)]).size).toBe(28);
  });

  it("pages with an offset", async () => {
    const all = await listFeed(at(INDIRANAGAR, { limit: "50" }));
    const slice = await listFeed(at(INDIRANAGAR, { offset: "20", limit: "5" }));
    expect(slice.posts.map((post) => post.id)).toEqual(all.posts.slice(20, 25).map((post) => post.id));
  });

  it("finds Mysuru from Mysuru and nothing in the sea", async () => {
    expect(contents(await listFeed(at(MYSURU)))).toEqual(["Mysuru pak by the box #sweets"]);
    expect((await listFeed(at({ lat: 10, lon: 70 }))).posts).toEqual([]);
  });
});

describe("search (every term must match; '#term' only hashtags) and category (exact, any case)", () => {
  it("requires every term, split on spaces and commas", async () => {
    expect(contents(await listFeed(query({ q: "masala, chai" })))).toEqual(["Masala chai at Koramangala #chai #evening"]);
    expect((await listFeed(query({ q: "masala coffee" }))).posts).toEqual([]);
  });

  it("matches business and author names, case-insensitively", async () => {
    expect((await listFeed(query({ q: "CHAI corner", limit: "50" }))).posts.every((post) => post.businessName === "Chai Corner")).toBe(
      true,
    );
    // Meera's four posts, all of them: with one business left, the rule reorders nothing.
    const meeras = await listFeed(query({ q: "meera", limit: "50" }));
    expect(meeras.posts.map((post) => post.userId)).toEqual([meera, meera, meera, meera]);
    expect(meeras.hasMore).toBe(false);
  });

  it("matches #terms against hashtags only, partially", async () => {
    expect(contents(await listFeed(query({ q: "#even" })))).toEqual(["Masala chai at Koramangala #chai #evening"]);
    // 'rice' is in a post's text but in no hashtag.
    expect((await listFeed(query({ q: "#rice" }))).posts).toEqual([]);
    expect(contents(await listFeed(query({ q: "rice" })))).toEqual(["Running offer: 10% off rice"]);
  });

  it("treats % and _ literally", async () => {
    expect(contents(await listFeed(query({ q: "10%" })))).toEqual(["Running offer: 10% off rice"]);
    expect((await listFeed(query({ q: "%" }))).posts).toHaveLength(1);
    expect((await listFeed(query({ q: "_" }))).posts).toEqual([]);
  });

  it("filters by category, case-insensitive but exact", async () => {
    const cafes = await listFeed(query({ category: "CAFE" }));
    expect(contents(cafes).sort()).toEqual(["Filter coffee in Whitefield", "Masala chai at Koramangala #chai #evening"]);
    expect((await listFeed(query({ category: "Caf" }))).posts).toEqual([]);
  });

  it("combines location, search and category", async () => {
    const page = await listFeed(
      query({ lat: String(INDIRANAGAR.lat), lon: String(INDIRANAGAR.lon), q: "#groceries", category: "grocery" }),
    );
    expect(page.posts).toHaveLength(20);
    expect(page.posts.every((post) => post.category === "Grocery")).toBe(true);
  });
});

describe("a shared post", () => {
  it("is found while live, with its distance", async () => {
    const [anyPost] = (await listFeed(query({ q: "Koramangala" }))).posts;
    const post = await getLivePost(anyPost.id, { ...INDIRANAGAR, radiusKm: 25 });
    expect(post?.distanceKm).toBeGreaterThan(4);
  });

  it("is not found when hidden or unknown", async () => {
    const [hidden] = await test.db.select({ id: posts.id }).from(posts).where(eq(posts.content, "hidden post"));
    expect(await getLivePost(hidden.id)).toBeNull();
    expect(await getLivePost("00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("feed parameters", () => {
  const problem = (params: Record<string, string>) => {
    const result = parseFeedQuery(new URLSearchParams(params));
    return result.ok ? null : result.message;
  };

  it.each([
    [{ lat: "abc", lon: "77" }, "lat must be a number"],
    [{ lat: "12" }, "lat and lon must be given together"],
    [{ lat: "95", lon: "77" }, "lat must be between -90 and 90"],
    [{ lat: "12", lon: "77", radiusKm: "-1" }, "radiusKm must be more than 0 and at most 500"],
    [{ lat: "12", lon: "77", radiusKm: "Infinity" }, "radiusKm must be a number"],
    [{ limit: "51" }, "limit must be at most 50"],
    [{ limit: "0" }, "limit must be at least 1"],
    [{ offset: "-3" }, "offset must not be negative"],
    [{ cursor: "garbage" }, "cursor is not valid"],
  ])("%o → %s", (params, message) => {
    expect(problem(params)).toBe(message);
  });

  it("defaults the radius to 25 km and ignores empty values", () => {
    const result = parseFeedQuery(new URLSearchParams({ lat: "12.9", lon: "77.6", q: "", category: "" }));
    expect(result).toEqual({ ok: true, query: { location: { lat: 12.9, lon: 77.6, radiusKm: 25 }, limit: 20, offset: 0 } });
  });

  it("reads a cursor from before, without the fair feed's window, as one that starts an empty window", () => {
    const id = "6f1c2b7e-1d2a-4c3b-9a8e-1234567890ab";
    expect(decodeCursor(`2026-11-22T10:00:00.000Z_${id}`)).toEqual({
      frontier: { createdAt: "2026-11-22T10:00:00.000000Z", id },
      window: [],
      deferred: [],
    });
  });
});
