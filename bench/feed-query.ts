/**
 * Latency of the feed query itself: the real listFeed (app/models/feed.server.ts,
 * pointed at the target with useDatabase), called one at a time, for a dense city
 * centre, a city edge (20-25 km out), sparse rural points, "show all" (no
 * location), deeper pages (page 5 by cursor, and by offset=80 as
 * GET /api/feed pages) and a dense city with a category or search filter. Each scenario: warm-up calls, then N timed calls with a
 * small random jitter of the point. Prints count, p50/p95/p99/max in ms and the
 * posts per page, and PASS/FAIL against the target (PostgreSQL p99 <= 15 ms,
 * PGlite p99 <= 100 ms in a dense city; other rows are shown against the same
 * budget for reference).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_feed_1m npx tsx bench/feed-query.ts
 *   npx tsx bench/feed-query.ts --pglite /tmp/bench-pglite
 *
 * Flags: --iterations N (300)  --warmup N (30)  --seed N (7)
 *        --max-seconds S (60)  a slow scenario stops after S seconds (min. 20 calls);
 *                    column n says how many calls were timed
 *        --explain   also print EXPLAIN (ANALYZE, BUFFERS) of the SQL that listFeed
 *                    sends for the slowest timed call of each scenario (captured
 *                    from the model, not a copy; re-run, so the cache is warm).
 */
import { sql, type SQL } from "drizzle-orm";

import { useDatabase } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { seededRandom } from "~/db/seed/deterministic";
import { parseFeedQuery, type FeedQuery } from "~/lib/feed-query";
import { listFeed, type FeedPage } from "~/models/feed.server";

import { formatMs, intFlag, openTarget, parseFlags, percentile, printTable } from "./lib";

const flags = parseFlags();
const ITERATIONS = Math.max(1, intFlag(flags, "iterations", 300));
const WARMUP = intFlag(flags, "warmup", 30);
/** A scenario stops early (fewer than --iterations calls, see column n) once it has run this long. */
const MAX_SECONDS = Math.max(1, intFlag(flags, "max-seconds", 60));
const random = seededRandom(intFlag(flags, "seed", 7));

type Point = { lat: number; lon: number };
const CENTRES: Record<string, Point> = {
  Bengaluru: { lat: 12.9716, lon: 77.5946 },
  Mumbai: { lat: 19.076, lon: 72.8777 },
  Delhi: { lat: 28.6139, lon: 77.209 },
};
/** Rural, inland, far from the five generated cities. */
const RURAL: Point[] = [
  { lat: 24.5, lon: 80.5 }, // Bundelkhand, MP
  { lat: 26.5, lon: 72.5 }, // Thar, Rajasthan
  { lat: 20.5, lon: 82.0 }, // Chhattisgarh
  { lat: 15.8, lon: 76.3 }, // North Karnataka
  { lat: 25.8, lon: 86.0 }, // Bihar
  { lat: 22.0, lon: 74.5 }, // West MP
  { lat: 11.5, lon: 78.5 }, // Tamil Nadu interior
  { lat: 21.5, lon: 77.0 }, // Vidarbha
];

const jitter = (point: Point, degrees: number): Point => ({
  lat: point.lat + (random.next() - 0.5) * 2 * degrees,
  lon: point.lon + (random.next() - 0.5) * 2 * degrees,
});

/** A point `km` from `centre` at a random bearing. */
function awayFrom(centre: Point, km: number): Point {
  const bearing = random.next() * 2 * Math.PI;
  return {
    lat: centre.lat + (km * Math.cos(bearing)) / 111.32,
    lon: centre.lon + (km * Math.sin(bearing)) / (111.32 * Math.cos((centre.lat * Math.PI) / 180)),
  };
}

/** Through the same parser as the page and GET /api/feed, so defaults (radius 25 km, 20 a page) match. */
function feedQuery(params: Record<string, string | number | undefined>): FeedQuery {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const parsed = parseFeedQuery(search);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.query;
}

const at = (point: Point, extra: Record<string, string | number> = {}) =>
  feedQuery({ lat: point.lat.toFixed(5), lon: point.lon.toFixed(5), ...extra });

const denseCentre = () => jitter(random.next() < 0.5 ? CENTRES.Bengaluru : CENTRES.Mumbai, 0.01);

async function cursorOfPage(query: FeedQuery, page: number): Promise<string | null> {
  let cursor: string | null = null;
  for (let index = 1; index < page; index++) {
    const result: FeedPage = await listFeed({ ...query, cursor: cursor ? decode(cursor) : undefined });
    cursor = result.nextCursor;
    if (!cursor) return null;
  }
  return cursor;
}

function decode(cursor: string) {
  const parsed = feedQuery({ cursor });
  return parsed.cursor;
}

type Scenario = { name: string; make: () => FeedQuery; headline?: boolean };
/** The slowest timed call of each scenario: what --explain explains. */
const slowestQueries = new Map<string, { ms: number; query: FeedQuery }>();

const handle = openTarget(flags);
const budgetMs = handle.kind === "postgres" ? 15 : 100;
try {
  useDatabase(handle);
  const [{ posts }] = await queryRows<{ posts: number }>(handle.db, sql`select count(*)::int as posts from posts`);
  console.log(`Target: ${handle.description} (${handle.kind}), ${posts.toLocaleString("en")} posts`);
  console.log(
    `${ITERATIONS} timed calls per scenario after ${WARMUP} warm-up calls (fewer if a scenario passes ${MAX_SECONDS} s, ` +
      `but at least 20); listFeed limit 20, radius 25 km`,
  );

  // Page-5 cursors for a few dense points and for "show all", found by paging through listFeed.
  const densePage5: FeedQuery[] = [];
  for (let index = 0; index < 8; index++) {
    const base = at(denseCentre());
    const cursor = await cursorOfPage(base, 5);
    if (cursor) densePage5.push({ ...base, cursor: decode(cursor) });
  }
  const allBase = feedQuery({});
  const allCursor = await cursorOfPage(allBase, 5);
  let round = 0;

  const scenarios: Scenario[] = [
    { name: "dense: Bengaluru/Mumbai centre", make: () => at(denseCentre()), headline: true },
    {
      name: "edge: 20-25 km from a centre",
      make: () => at(awayFrom(Object.values(CENTRES)[Math.floor(random.next() * 3)], 20 + random.next() * 5)),
    },
    { name: "sparse: rural points", make: () => at(jitter(random.pick(RURAL), 0.2)) },
    { name: "show all (no location)", make: () => allBase },
    { name: "dense page 5 (cursor)", make: () => densePage5[round++ % Math.max(1, densePage5.length)] ?? at(denseCentre()) },
    { name: "dense page 5 (offset=80)", make: () => at(denseCentre(), { offset: 80 }) },
    { name: "dense + category=Restaurant", make: () => at(denseCentre(), { category: "Restaurant" }) },
    { name: "dense + q=delivery", make: () => at(denseCentre(), { q: "delivery" }) },
    { name: "show all page 5 (cursor)", make: () => (allCursor ? { ...allBase, cursor: decode(allCursor) } : allBase) },
  ];

  const rows: Array<Array<string | number>> = [];
  let headlinePass = true;
  for (const scenario of scenarios) {
    const scenarioStarted = performance.now();
    const overTime = () => performance.now() - scenarioStarted > MAX_SECONDS * 1000;
    for (let index = 0; index < WARMUP && !overTime(); index++) await listFeed(scenario.make());
    const times: number[] = [];
    let returned = 0;
    let problems = 0;
    let slowest = { ms: -1, query: scenario.make() };
    for (let index = 0; index < ITERATIONS && !(times.length >= 20 && overTime()); index++) {
      const query = scenario.make();
      const start = performance.now();
      const page = await listFeed(query);
      const ms = performance.now() - start;
      times.push(ms);
      if (ms > slowest.ms) slowest = { ms, query };
      returned += page.posts.length;
      problems += checkPage(page, query);
    }
    times.sort((a, b) => a - b);
    const p99 = percentile(times, 99);
    const pass = p99 <= budgetMs;
    if (scenario.headline) headlinePass = pass;
    rows.push([
      scenario.name,
      times.length,
      formatMs(percentile(times, 50)),
      formatMs(percentile(times, 95)),
      formatMs(p99),
      formatMs(times[times.length - 1]),
      (returned / times.length).toFixed(1),
      pass ? "PASS" : "FAIL",
    ]);
    slowestQueries.set(scenario.name, slowest);
    if (problems) console.warn(`  ${scenario.name}: ${problems} pages out of order or outside the radius`);
  }
  console.log("");
  printTable(["scenario", "n", "p50 ms", "p95 ms", "p99 ms", "max ms", "posts/page", `p99<=${budgetMs}`], rows);
  console.log("");
  console.log(`${headlinePass ? "PASS" : "FAIL"}: ${handle.kind} dense-city p99 target <= ${budgetMs} ms ` + `(${rows[0][4]} ms)`);

  if (flags.has("explain")) await explainAll(scenarios);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await handle.close();
}

/** Pages must be newest first and within the radius. */
function checkPage(page: FeedPage, query: FeedQuery): number {
  for (let index = 1; index < page.posts.length; index++) {
    if (page.posts[index - 1].createdAt < page.posts[index].createdAt) return 1;
  }
  if (query.location && page.posts.some((post) => (post.distanceKm ?? 0) > query.location!.radiusKm + 1e-6)) return 1;
  return 0;
}

/** Re-runs each scenario's slowest call through listFeed, capturing the SQL it sends, and prints that SQL's plan. */
async function explainAll(list: Scenario[]) {
  const db = handle.db;
  const realExecute = db.execute;
  for (const scenario of list) {
    const slowest = slowestQueries.get(scenario.name);
    if (!slowest) continue;
    const captured: SQL[] = [];
    (db as { execute: unknown }).execute = (query: SQL) => {
      captured.push(query);
      return realExecute.call(db, query);
    };
    try {
      await listFeed(slowest.query);
    } finally {
      (db as { execute: unknown }).execute = realExecute;
    }
    const { location, offset, cursor } = slowest.query;
    const where = location ? `lat=${location.lat} lon=${location.lon}` : "no location";
    for (const query of captured) {
      const plan = await queryRows<Record<string, string>>(db, sql`explain (analyze, buffers, costs off) ${query}`);
      console.log(
        `\n=== EXPLAIN ANALYZE: ${scenario.name}: slowest call ${formatMs(slowest.ms)} ms (${where}, offset ${offset}${cursor ? ", cursor" : ""})`,
      );
      console.log(plan.map((row) => Object.values(row)[0]).join("\n"));
    }
  }
}
