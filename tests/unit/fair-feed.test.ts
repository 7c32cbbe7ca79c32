import { describe, expect, it } from "vitest";

import {
  FAIR_MAX_PER_RUN,
  FAIR_RUN,
  FairWindow,
  decodeWindow,
  encodeWindow,
  fairPage,
  fairSequence,
  type FairPage,
  type FairPosition,
  type FairRow,
  type FairSource,
} from "~/lib/fair-feed";

/** A small deterministic random source (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const business = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** A newest-first stream: bursts of one business (a shop posting ten offers in a row) among others. */
function stream(seed: number, length: number): FairRow[] {
  const next = random(seed);
  const businesses = 1 + Math.floor(next() * 8);
  const rows: FairRow[] = [];
  let time = Date.UTC(2026, 10, 22);
  while (rows.length < length) {
    const userId = business(Math.floor(next() * businesses));
    const burst = next() < 0.3 ? 1 + Math.floor(next() * 12) : 1;
    for (let i = 0; i < burst && rows.length < length; i++) {
      // Some posts share a time: the id breaks the tie, as in the SQL (created_at desc, id desc).
      if (next() < 0.8) time -= 1000 * (1 + Math.floor(next() * 100));
      rows.push({ id: `p${String(rows.length).padStart(5, "0")}`, userId, createdAt: new Date(time).toISOString() });
    }
  }
  // Newest first, ties by id descending.
  return rows.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
}

/** The feed's SQL over an array: rows after a position, and a run of posts from some businesses. */
function arraySource(rows: FairRow[], calls = { rows: 0, runOf: 0 }): FairSource<FairRow> {
  const startOf = (after: FairPosition | null) => (after ? rows.findIndex((row) => row.id === after.id) + 1 : 0);
  return {
    async rows(after, count) {
      calls.rows++;
      const start = startOf(after);
      return rows.slice(start, start + count);
    },
    async runOf(after, businesses) {
      calls.runOf++;
      let index = startOf(after);
      const counts: Array<{ userId: string; count: number }> = [];
      let last: FairRow | null = null;
      while (index < rows.length && businesses.includes(rows[index].userId)) {
        const row = rows[index++];
        const entry = counts.find((candidate) => candidate.userId === row.userId);
        if (entry) entry.count++;
        else counts.push({ userId: row.userId, count: 1 });
        last = row;
      }
      return { counts, last };
    },
  };
}

type Item = { id: string; userId: string; collapsed: Record<string, number> };
const flatten = (items: Array<{ row: FairRow; collapsedAfter: Array<{ userId: string; count: number }> }>): Item[] =>
  items.map((item) => ({
    id: item.row.id,
    userId: item.row.userId,
    collapsed: Object.fromEntries(item.collapsedAfter.map((entry) => [entry.userId, entry.count])),
  }));

async function allPagesByCursor(rows: FairRow[], limit: number, batch: number) {
  const source = arraySource(rows);
  const items: Item[] = [];
  let start: FairPosition | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page: FairPage<FairRow> = await fairPage(source, { start, offset: 0, limit, batch });
    items.push(...flatten(page.items));
    expect(page.items.length === limit || !page.hasMore).toBe(true);
    if (!page.hasMore) return items;
    // The cursor goes through its text form, as it does in a URL.
    const window = decodeWindow(encodeWindow(page.next!.window))!;
    expect(window).toEqual(page.next!.window);
    start = { ...page.next!, window };
  }
  throw new Error("too many pages");
}

async function allPagesByOffset(rows: FairRow[], limit: number, batch: number) {
  const source = arraySource(rows);
  const items: Item[] = [];
  for (let offset = 0; offset < rows.length + limit; offset += limit) {
    const page = await fairPage(source, { start: null, offset, limit, batch });
    items.push(...flatten(page.items));
    if (!page.hasMore) return items;
  }
  return items;
}

describe("the fair feed's rule", () => {
  it("shows a shop's ten offers in a row as two, then '8 more'", () => {
    const rows = [
      ...Array.from({ length: 10 }, (_, i) => ({ id: `a${i}`, userId: "asha", createdAt: `2026-11-22T10:${50 - i}:00.000Z` })),
      { id: "b0", userId: "bala", createdAt: "2026-11-22T10:30:00.000Z" },
    ];
    expect(flatten(fairSequence(rows))).toEqual([
      { id: "a0", userId: "asha", collapsed: {} },
      { id: "a1", userId: "asha", collapsed: { asha: 8 } },
      { id: "b0", userId: "bala", collapsed: {} },
    ]);
  });

  it("lets a business back in once its posts are more than 10 back", () => {
    const userIds = ["a", "a", "b", "c", "d", "e", "f", "g", "h", "a", "i", "a"];
    const rows = userIds.map((userId, i) => ({ id: `p${i}`, userId, createdAt: `2026-11-22T10:${59 - i}:00.000Z` }));
    // p9 (a third 'a' within 10) is counted after p8; p11 comes 10 after p0, with one other 'a' (p1) in its run: shown.
    const shown = fairSequence(rows).map((item) => item.row.id);
    expect(shown).toEqual(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p10", "p11"]);
  });

  it("starts from a window: two of a business just before the page leave its next post out", () => {
    const window = new FairWindow(["a", "b", "a"]);
    expect(window.allows("a")).toBe(false);
    expect(window.allows("b")).toBe(true);
    expect(window.full()).toEqual(["a"]);
  });

  it("writes the window into a cursor and reads it back, refusing a damaged one", () => {
    const window = [business(1), business(2), business(1), business(3)];
    expect(decodeWindow(encodeWindow(window))).toEqual(window);
    expect(decodeWindow("")).toEqual([]);
    expect(encodeWindow([])).toBe("");
    expect(decodeWindow("01-abc")).toBeNull();
    expect(decodeWindow(`02-${"a".repeat(64)}`)).toBeNull();
    expect(decodeWindow(`0123456789-${"a".repeat(32)}`)).toBeNull();
  });
});

describe("the fair feed, for random streams (property tests)", () => {
  const seeds = Array.from({ length: 60 }, (_, i) => i + 1);

  it.each(seeds)("seed %i: any 10 shown in a row hold at most 2 of one business; every post is shown or counted once", (seed) => {
    const rows = stream(seed, 30 + (seed % 7) * 25);
    const items = flatten(fairSequence(rows));
    for (let start = 0; start + FAIR_RUN <= items.length; start++) {
      const counts = new Map<string, number>();
      for (const item of items.slice(start, start + FAIR_RUN)) counts.set(item.userId, (counts.get(item.userId) ?? 0) + 1);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(FAIR_MAX_PER_RUN);
    }
    // Newest first: the shown posts keep the stream's order (nothing is moved, only left out).
    const order = new Map(rows.map((row, index) => [row.id, index]));
    const positions = items.map((item) => order.get(item.id)!);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    // Each post once: shown, or counted after the shown post before it (and by its own business).
    const perBusiness = new Map<string, number>();
    for (const row of rows) perBusiness.set(row.userId, (perBusiness.get(row.userId) ?? 0) + 1);
    const accounted = new Map<string, number>();
    for (const item of items) {
      accounted.set(item.userId, (accounted.get(item.userId) ?? 0) + 1);
      for (const [userId, count] of Object.entries(item.collapsed)) accounted.set(userId, (accounted.get(userId) ?? 0) + count);
    }
    expect(accounted).toEqual(perBusiness);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  });

  it.each(seeds)("seed %i: pages by cursor and by offset, at any size, add up to the whole sequence exactly", async (seed) => {
    const rows = stream(seed, 20 + (seed % 9) * 30);
    const whole = flatten(fairSequence(rows));
    const next = random(seed * 7919);
    const limit = 1 + Math.floor(next() * 25);
    // Small batches make pages end among left-out posts, and step over runs with runOf.
    const batch = 1 + Math.floor(next() * 12);
    expect(await allPagesByCursor(rows, limit, batch)).toEqual(whole);
    expect(await allPagesByOffset(rows, limit, batch)).toEqual(whole);
  });

  it("steps over one business's long run in one step, not post by post", async () => {
    const rows: FairRow[] = [
      ...Array.from({ length: 500 }, (_, i) => ({
        id: `a${String(i).padStart(3, "0")}`,
        userId: "asha",
        createdAt: new Date(Date.UTC(2026, 10, 22, 12) - i * 1000).toISOString(),
      })),
      { id: "b", userId: "bala", createdAt: "2026-11-01T00:00:00.000Z" },
    ];
    const calls = { rows: 0, runOf: 0 };
    const page = await fairPage(arraySource(rows, calls), { start: null, offset: 0, limit: 20, batch: 50 });
    expect(flatten(page.items)).toEqual([
      { id: "a000", userId: "asha", collapsed: {} },
      { id: "a001", userId: "asha", collapsed: { asha: 498 } },
      { id: "b", userId: "bala", collapsed: {} },
    ]);
    expect(page.hasMore).toBe(false);
    expect(calls).toEqual({ rows: 2, runOf: 1 });
  });

  it("says there is more only when another post will be shown", async () => {
    const rows = ["a", "b", "a", "a", "a"].map((userId, i) => ({ id: `p${i}`, userId, createdAt: `2026-11-22T10:0${9 - i}:00.000Z` }));
    const page = await fairPage(arraySource(rows), { start: null, offset: 0, limit: 3, batch: 10 });
    expect(page.items.map((item) => item.row.id)).toEqual(["p0", "p1", "p2"]);
    expect(page.items[2].collapsedAfter).toEqual([{ userId: "a", count: 2 }]);
    expect(page.hasMore).toBe(false);
    expect(page.next).toBeNull();
  });
});
