import { beforeAll, describe, expect, it } from "vitest";

import { makePost, makeUser } from "~/db/seed/factories.server";
import { FAIR_MAX_PER_RUN, FAIR_RUN, fairSequence } from "~/lib/fair-feed";
import { parseFeedQuery, type FeedQuery } from "~/lib/feed-query";
import { listFeed, type FeedPage, type FeedPost } from "~/models/feed.server";

import { setupTestDatabase } from "../support/database";

setupTestDatabase();

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
      if (!hidden) made.push({ id: post.id, userId, createdAt: post.createdAt.toISOString(), nearby: !far });
    }
  }
  made.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
});

type Shown = { id: string; userId: string; collapsed: Record<string, number> };
const shown = (posts: FeedPost[]): Shown[] =>
  posts.map((post) => ({
    id: post.id,
    userId: post.userId,
    collapsed: Object.fromEntries((post.collapsedAfter ?? []).map((entry) => [entry.userId, entry.count])),
  }));

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
  it("pages by cursor and by offset add up to the rule over every post: each shown or counted once", async () => {
    const stream = made.filter(within);
    const expected = fairSequence(stream).map((item) => ({
      id: item.row.id,
      userId: item.row.userId,
      collapsed: Object.fromEntries(item.collapsedAfter.map((entry) => [entry.userId, entry.count])),
    }));
    // The long run is left out, bar two.
    expect(expected.length).toBeLessThan(stream.length - 100);

    const cursorPages = await byCursor(params);
    expect(shown(cursorPages)).toEqual(expected);
    for (const limit of [7, 20, 50]) expect(shown(await byOffset(params, limit))).toEqual(expected);

    const accounted = cursorPages.length + cursorPages.flatMap((post) => post.collapsedAfter ?? []).reduce((sum, e) => sum + e.count, 0);
    expect(accounted).toBe(stream.length);
    for (let at = 0; at + FAIR_RUN <= cursorPages.length; at++) {
      const counts = new Map<string, number>();
      for (const post of cursorPages.slice(at, at + FAIR_RUN)) counts.set(post.userId, (counts.get(post.userId) ?? 0) + 1);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(FAIR_MAX_PER_RUN);
    }
  });

  it("names the business of a collapsed entry", async () => {
    const [first, second] = (await listFeed(query(params))).posts;
    expect(first.businessName).toBe("Asha's Kitchen");
    expect(second.collapsedAfter).toEqual([{ userId: second.userId, businessName: "Asha's Kitchen", count: expect.any(Number) as number }]);
    expect(second.collapsedAfter![0].count).toBeGreaterThan(0);
  });
});
