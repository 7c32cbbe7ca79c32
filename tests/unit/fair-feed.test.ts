import { describe, expect, it } from "vitest";

import {
  FAIR_MAX_PER_RUN,
  FAIR_RUN,
  FairWindow,
  fairOrder,
  fairPage,
  newerThan,
  type FairRow,
  type FairSource,
  type FairState,
} from "~/lib/fair-feed";
import { decodeCursor, encodeCursor, type FeedCursor } from "~/lib/feed-query";

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

const uuid = (kind: number, n: number) => `00000000-0000-4000-${8000 + kind}-${String(n).padStart(12, "0")}`;
const business = (n: number) => uuid(0, n);
/** A time to the microsecond, as the feed's SQL gives it. */
const at = (ms: number, micros = 0) => new Date(ms).toISOString().replace("Z", `${String(micros).padStart(3, "0")}Z`);

/**
 * A random newest-first feed: 1 to 50 businesses, 0 to 200 posts, skewed (a few businesses post
 * most, in bursts: a shop posting ten offers in a row), some posts sharing a time to the microsecond.
 */
function feed(seed: number): FairRow[] {
  const next = random(seed);
  const businesses = 1 + Math.floor(next() * 50);
  const length = Math.floor(next() * 201);
  const rows: FairRow[] = [];
  let time = Date.UTC(2026, 10, 22);
  let micros = 0;
  while (rows.length < length) {
    // Squaring skews the choice towards the first businesses.
    const userId = business(Math.floor(next() ** 2 * businesses));
    const burst = next() < 0.3 ? 1 + Math.floor(next() * 15) : 1;
    for (let i = 0; i < burst && rows.length < length; i++) {
      // Some posts share a time: the id breaks the tie, as in the SQL (created_at desc, id desc).
      if (next() < 0.8) {
        time -= next() < 0.2 ? 0 : 1000 * (1 + Math.floor(next() * 100));
        micros = Math.floor(next() * 1000);
      }
      rows.push({ id: uuid(1, Math.floor(next() * 1e9)), userId, createdAt: at(time, micros) });
    }
  }
  return rows.sort((a, b) => (newerThan(a, b) ? -1 : 1));
}

/** The feed's SQL over an array. */
function arraySource(rows: FairRow[], calls = { rows: 0, postsOf: 0 }): FairSource<FairRow> {
  return {
    async rows(after, count, except) {
      calls.rows++;
      return rows.filter((row) => (!after || newerThan(after, row)) && !except.includes(row.userId)).slice(0, count);
    },
    async postsOf(userId, after, before, count) {
      calls.postsOf++;
      return rows.filter((row) => row.userId === userId && (!after || newerThan(after, row)) && newerThan(row, before)).slice(0, count);
    },
  };
}

async function allPagesByCursor(rows: FairRow[], limit: number, batch: number) {
  const source = arraySource(rows);
  const shown: FairRow[] = [];
  let start: FairState | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await fairPage(source, { start, offset: 0, limit, batch });
    shown.push(...page.rows);
    expect(page.rows.length === limit || page.next === null).toBe(true);
    if (!page.next) return shown;
    // The cursor goes through its text form, as it does in a URL.
    const cursor = decodeCursor(encodeCursor(page.next as FeedCursor));
    expect(cursor).toEqual(page.next);
    start = cursor;
  }
  throw new Error("too many pages");
}

async function allPagesByOffset(rows: FairRow[], limit: number, batch: number) {
  const source = arraySource(rows);
  const shown: FairRow[] = [];
  for (let offset = 0; offset < rows.length + limit; offset += limit) {
    const page = await fairPage(source, { start: null, offset, limit, batch });
    shown.push(...page.rows);
    if (!page.next) return shown;
  }
  throw new Error("pages past the end");
}

const ids = (rows: FairRow[]) => rows.map((row) => row.id);

/**
 * The rule where it can be kept: each post, placed while at least 5 businesses still had posts to
 * show, is at most the FAIR_MAX_PER_RUN-th of its business among the FAIR_RUN posts ending with it.
 */
function ruleBreaks(order: FairRow[]): number[] {
  const breaks: number[] = [];
  for (let index = 0; index < order.length; index++) {
    const left = new Set(order.slice(index).map((row) => row.userId)).size;
    const run = order.slice(Math.max(0, index - FAIR_RUN + 1), index + 1).filter((row) => row.userId === order[index].userId);
    if (left >= FAIR_RUN / FAIR_MAX_PER_RUN && run.length > FAIR_MAX_PER_RUN) breaks.push(index);
  }
  return breaks;
}

const named = (userIds: string[]) =>
  userIds.map((userId, i) => ({ id: uuid(1, i), userId, createdAt: at(Date.UTC(2026, 10, 22, 10, 59 - i)) }));

describe("the fair feed's rule", () => {
  it("moves a shop's third offer in a row down to the first place the rule allows, and shows all ten", () => {
    const rows = named(["a", "a", "a", "b", "c", "d", "e", "f", "g", "h", "i", "a", "a"]);
    expect(fairOrder(rows).map((row) => row.userId)).toEqual(["a", "a", "b", "c", "d", "e", "f", "g", "h", "i", "a", "a", "a"]);
    expect(ids(fairOrder(rows)).sort()).toEqual(ids(rows).sort());
  });

  it("when too few businesses are left to keep the rule, the rest follow newest first", () => {
    const rows = named(["a", "a", "a", "a", "b", "a", "a"]);
    expect(ids(fairOrder(rows))).toEqual(ids([0, 1, 4, 2, 3, 5, 6].map((i) => rows[i])));
  });

  it("starts from a window: two of a business just before the page move its next post down", () => {
    const window = new FairWindow(["a", "b", "a"]);
    expect(window.allows("a")).toBe(false);
    expect(window.allows("b")).toBe(true);
    expect(window.full()).toEqual(["a"]);
    expect(fairOrder(named(["a", "b"]), ["a", "b", "a"]).map((row) => row.userId)).toEqual(["b", "a"]);
  });
});

describe("the fair feed, for random feeds (property tests)", () => {
  const seeds = Array.from({ length: 150 }, (_, i) => i + 1);

  it.each(seeds)("seed %i: every post once, each business newest first, the rule wherever 5 businesses are left", (seed) => {
    const rows = feed(seed);
    const order = fairOrder(rows);
    expect(ids(order).sort()).toEqual(ids(rows).sort());
    expect(new Set(ids(order)).size).toBe(rows.length);
    for (const userId of new Set(rows.map((row) => row.userId))) {
      expect(ids(order.filter((row) => row.userId === userId))).toEqual(ids(rows.filter((row) => row.userId === userId)));
    }
    expect(ruleBreaks(order)).toEqual([]);
  });

  it.each(seeds)("seed %i: pages by cursor and by offset, at any size, add up to the whole order exactly", async (seed) => {
    const rows = feed(seed);
    const whole = ids(fairOrder(rows));
    const next = random(seed * 7919);
    const limit = 1 + Math.floor(next() * 25);
    // Small batches make pages end among deferred posts, and step over runs in one query.
    const batch = 1 + Math.floor(next() * 12);
    expect(ids(await allPagesByCursor(rows, limit, batch))).toEqual(whole);
    expect(ids(await allPagesByOffset(rows, limit, batch))).toEqual(whole);
  });

  it("the rule is not kept by luck: the random feeds defer posts and run out of businesses", () => {
    const moved = seeds.filter((seed) => {
      const rows = feed(seed);
      return ids(fairOrder(rows)).join() !== ids(rows).join();
    });
    expect(moved.length).toBeGreaterThan(seeds.length / 2);
  });
});

describe("reading the fair order a page at a time", () => {
  const longRun: FairRow[] = [
    ...Array.from({ length: 500 }, (_, i) => ({ id: uuid(1, i), userId: "asha", createdAt: at(Date.UTC(2026, 10, 22, 12) - i * 1000) })),
    ...["bala", "chai", "dosa"].map((userId, i) => ({ id: uuid(2, i), userId, createdAt: at(Date.UTC(2026, 10, 1) - i * 1000) })),
  ];

  it("steps over one business's long run in one query, not post by post", async () => {
    const calls = { rows: 0, postsOf: 0 };
    const page = await fairPage(arraySource(longRun, calls), { start: null, offset: 0, limit: 20, batch: 50 });
    expect(page.rows.map((row) => row.userId)).toEqual(["asha", "asha", "bala", "chai", "dosa", ...Array(15).fill("asha")]);
    expect(page.rows.filter((row) => row.userId === "asha").map((row) => row.id)).toEqual(longRun.slice(0, 17).map((row) => row.id));
    expect(calls.rows + calls.postsOf).toBeLessThanOrEqual(8);
    expect(page.next).not.toBeNull();
  });

  it("carries what it deferred in the cursor: the next pages bring the rest of the run, then end", async () => {
    const ashaIds = longRun.slice(0, 500).map((row) => row.id);
    const numbers: Record<string, number> = { asha: 1, bala: 2, chai: 3, dosa: 4 };
    const withIds = longRun.map((row) => ({ ...row, userId: business(numbers[row.userId]) }));
    const shown = await allPagesByCursor(withIds, 50, 60);
    expect(shown.length).toBe(503);
    expect(shown.filter((row) => row.userId === business(1)).map((row) => row.id)).toEqual(ashaIds);
  });

  it("says there is more only when another post follows", async () => {
    const rows = named(["a", "b", "a", "a"]);
    const all = await fairPage(arraySource(rows), { start: null, offset: 0, limit: 4, batch: 10 });
    expect(ids(all.rows)).toEqual(ids(rows));
    expect(all.next).toBeNull();
    const first = await fairPage(arraySource(rows), { start: null, offset: 0, limit: 3, batch: 10 });
    expect(first.next).not.toBeNull();
  });
});

describe("the feed's cursor", () => {
  const frontier = { createdAt: "2026-11-22T10:00:00.123456Z", id: uuid(1, 7) };
  const state: FeedCursor = {
    frontier,
    window: [business(1), business(2), business(1), business(3)],
    deferred: [
      { userId: business(1), after: { createdAt: "2026-11-22T10:05:00.000001Z", id: uuid(1, 3) } },
      { userId: business(9), after: null },
    ],
  };

  it("writes the state and reads it back, to the microsecond", () => {
    expect(decodeCursor(encodeCursor(state))).toEqual(state);
    expect(decodeCursor(encodeCursor({ frontier, window: [], deferred: [] }))).toEqual({ frontier, window: [], deferred: [] });
  });

  it("reads a cursor from before (a time to the millisecond, a window) as one that deferred nothing", () => {
    const old = `2026-11-22T10:00:00.123Z_${uuid(1, 7)}_010-${business(1).replaceAll("-", "")}${business(2).replaceAll("-", "")}`;
    expect(decodeCursor(old)).toEqual({
      frontier: { createdAt: "2026-11-22T10:00:00.123000Z", id: uuid(1, 7) },
      window: [business(1), business(2), business(1)],
      deferred: [],
    });
  });

  it("refuses a damaged or oversized one", () => {
    const good = encodeCursor(state);
    const [time, id, window] = good.split("_");
    for (const bad of [
      `${time}_${id}_${window}_9`, // a deferred business the cursor does not name
      `${time}_${id}_${window}_0~0`, // one business deferred twice
      `${time}_${id}_${window}_0zz`, // a damaged position
      `${time}_${id}_${window}_0~1~2~3~0`, // more than 4 deferred
      `${time}_${id}_019-${"1".repeat(32)}_`, // a window slot past its businesses
      `${time}_${id}_0-${"1".repeat(32 * 14)}_`, // more businesses than a state holds
      `2026-13-45T10:00:00Z_${id}__`,
      `${time}_not-an-id__`,
      `${good}_more`,
    ]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
