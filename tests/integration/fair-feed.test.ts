import { beforeAll, describe, expect, it } from "vitest";

import { makePost, makeUser } from "~/db/seed/factories.server";
import { FAIR_MAX_PER_RUN, FAIR_RUN, fairOrder } from "~/lib/fair-feed";
import { parseFeedQuery, type FeedQuery } from "~/lib/feed-query";
import { listFeed, type FeedPage, type FeedPost } from "~/models/feed.server";

import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase();

const INDIRANAGAR = { lat: 12.9719, lon: 77.6412 };
const MYSURU = { lat: 12.2958, lon: 76.6394 };
const start = Date.UTC(2026, 10, 22, 12);

function query(params: Record<string, string>): FeedQuery {
  const result = parseFeedQuery(new URLSearchParams(params));
  if (!result.ok) throw new Error(result.message);
  return result.query;
}

/** Every live post, newest first, as the feed reads them: what the fair rule is applied to. */
type Made = { id: string; userId: string; createdAt: string; nearby: boolean };
const made: Made[] = [];
const names = new Map<string, string>();

// A neighbourhood where one shop posts 120 offers in a row (more than one read of the feed), others
// post in bursts, some posts share a time to the millisecond, some are hidden, some in Mysuru.
beforeAll(async () => {
  const shops: string[] = [];
  for (const name of ["Asha's Kitchen", "Bala Bakery", "Chai Point", "Dosa Mane", "Eye Care", "Fresh Mart"]) {
    const user = await makeUser({ name: `Owner of ${name}`, businessName: name });
    shops.push(user.id);
    names.set(user.id, name);
  }
  let seed = 7;
  const next = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  let time = start;
  const plan: Array<{ userId: string; count: number }> = [
    { userId: shops[0], count: 10 },
    { userId: shops[1], count: 1 },
    { userId: shops[2], count: 3 },
    { userId: shops[0], count: 120 },
    { userId: shops[3], count: 1 },
  ];
  for (let i = 0; i < 60; i++) plan.push({ userId: shops[Math.floor(next() * shops.length)], count: next() < 0.3 ? 4 : 1 });
  for (const { userId, count } of plan) {
    for (let i = 0; i < count; i++) {
      if (next() < 0.85) time -= 60_000;
      const far = next() < 0.1;
      const hidden = next() < 0.05;
      const post = await makePost({
        userId,
        content: `Post ${made.length}`,
        ...(far ? MYSURU : INDIRANAGAR),
        status: hidden ? "hidden" : "live",
        createdAt: new Date(time),
      });
      if (!hidden) made.push({ id: post.id, userId, createdAt: post.createdAt.toISOString().replace("Z", "000Z"), nearby: !far });
    }
  }
  // One shop's 20 posts for a sale, in a row: its tag is a question with 20 answers.
  const dhamaka = await makeUser({ name: "Dhamaka", businessName: "Diwali Dhamaka" });
  for (let i = 0; i < 20; i++) {
    const createdAt = new Date(start - 3 * 86_400_000 + i * 60_000);
    const post = await makePost({ userId: dhamaka.id, content: `Sale day ${i}`, hashtags: ["diwalisale"], ...INDIRANAGAR, createdAt });
    made.push({ id: post.id, userId: dhamaka.id, createdAt: createdAt.toISOString().replace("Z", "000Z"), nearby: true });
  }
  // Three posts of one millisecond, as the database keeps them (to the microsecond): a cursor
  // to the millisecond would put the second on the wrong side of the first.
  const gita = await makeUser({ name: "Gita", businessName: "Gita Gifts" });
  for (const micros of ["123003", "123002", "123001"]) {
    const post = await makePost({ userId: gita.id, content: `Gift hamper ${micros}`, ...INDIRANAGAR });
    const createdAt = `2026-11-20T10:00:00.${micros}Z`;
    await database.handle.executeSql("update posts set created_at = $1 where id = $2", [createdAt, post.id]);
    made.push({ id: post.id, userId: gita.id, createdAt, nearby: true });
  }
  made.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
});

const ids = (posts: Array<{ id: string }>) => posts.map((post) => post.id);

async function byCursor(params: Record<string, string>) {
  const all: FeedPost[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: FeedPage = await listFeed(query({ ...params, ...(cursor ? { cursor } : {}) }));
    all.push(...page.posts);
    if (!page.hasMore) return all;
    cursor = page.nextCursor;
  }
  throw new Error("too many pages");
}

async function byOffset(params: Record<string, string>, limit: number) {
  const all: FeedPost[] = [];
  for (let offset = 0; offset <= 1000; offset += limit) {
    const page = await listFeed(query({ ...params, limit: String(limit), offset: String(offset) }));
    all.push(...page.posts);
    if (page.posts.length < limit) return all;
  }
  throw new Error("too many pages");
}

describe.each([
  ["everywhere", {}, (_post: Made): boolean => true],
  ["near Indiranagar", { lat: String(INDIRANAGAR.lat), lon: String(INDIRANAGAR.lon) }, (post: Made): boolean => post.nearby],
])("the fair feed %s", (_name, params: Record<string, string>, within: (post: Made) => boolean) => {
  it("pages by cursor and by offset list every post once, in the fair order: a long run moved down, never left out", async () => {
    const stream = made.filter(within);
    const expected = ids(fairOrder(stream));
    // The long run is moved down: the order is not the newest-first one.
    expect(expected).not.toEqual(ids(stream));

    const cursorPages = await byCursor(params);
    expect(ids(cursorPages)).toEqual(expected);
    for (const limit of [7, 20, 50]) expect(ids(await byOffset(params, limit))).toEqual(expected);

    // The rule holds wherever at least 5 businesses still have posts to show.
    for (let at = 0; at < cursorPages.length; at++) {
      if (new Set(cursorPages.slice(at).map((post) => post.userId)).size < FAIR_RUN / FAIR_MAX_PER_RUN) break;
      const run = cursorPages.slice(Math.max(0, at - FAIR_RUN + 1), at + 1).filter((post) => post.userId === cursorPages[at].userId);
      expect(run.length).toBeLessThanOrEqual(FAIR_MAX_PER_RUN);
    }
  });

  it("a search for a business's name lists all of its posts", async () => {
    const asha = made.filter((post) => within(post) && names.get(post.userId) === "Asha's Kitchen");
    const found = await byCursor({ ...params, q: "asha's kitchen" });
    expect(ids(found).sort()).toEqual(ids(asha).sort());
    expect(found.length).toBeGreaterThan(90);
  });
});

it("pages one post at a time through posts of one millisecond, to the microsecond", async () => {
  const gifts = made.filter((post) => post.createdAt.startsWith("2026-11-20T10:00:00.123"));
  expect(ids(await byCursor({ q: "gift hamper", limit: "1" }))).toEqual(ids(gifts));
});

it("a tag one shop used on 20 posts in a row finds all 20", async () => {
  const found = await byCursor({ q: "#diwalisale" });
  expect(found).toHaveLength(20);
  expect(new Set(ids(found)).size).toBe(20);
});
