/**
 * Throughput and latency of the production server over HTTP, as its visitors meet it: starts the
 * production server (`tsx server/index.ts`, NODE_ENV=production, TRUST_PROXY=1 so each simulated person
 * can come from an address of their own) on 127.0.0.1, then runs autocannon (16 connections, 15 s per
 * line after a 3 s warm-up, clients ask for gzip like browsers do) against:
 *
 * - first visit: / and /?lat&lon with no cookies (a shared link opened for the first time), and
 *   the public JSON /api/feed;
 * - returning visitor: / with the cookies a first visit and a chosen place leave (the signed visitor
 *   id, the place), having liked a post, so every request is this visitor's own page (their likes, the
 *   current counts). Targets: p99 <= 100 ms, and at least 50% of the first-visit rate of / in the
 *   same run;
 * - signed in: /app, /contacts (the demo business with 10,000 contacts), /posts-history,
 *   /send-post and /campaigns with the demo business's session. Target: p99 <= 100 ms.
 *
 * Two shapes of the people behind those cookies (--shape, both by default):
 *
 * - one-cookie: every request of a line sends the same cookies (one visitor, or the demo business).
 *   That is the best case for what the server remembers of one person: the session lookup remembered
 *   by its id (app/models/sessions.server.ts, on PGlite) and the page drawn from this person's data
 *   (app/utils/page-cache.server.ts), which every request after the first can find again until a
 *   change moves the data or the page's 10 s are up.
 * - realistic: 2,000 returning visitors (--visitors; each made as the one above is, over HTTP: a first
 *   visit's anon_id, the place chosen, a like of a post on their page; its own X-Forwarded-For
 *   198.18.x.y, so that no per-address limit on likes is in the way) and 200 signed-in businesses
 *   (--businesses; accounts copied in SQL from the demo business, its password hash included, each
 *   with 20 contacts and no campaigns, then signed in over the login form, each from an address of its
 *   own 198.19.x.y: sign-ins are limited to 10 a minute per address). A real person comes back every
 *   30-120 s, so a memory keyed per cookie sees their cookie that rarely. Throughout the realistic
 *   lines (unless --returns off), everyone does come back on that clock, each after 30-120 s (uniform,
 *   on their own timer, about 30 returns a second in all): a visitor loads / and views a post they have
 *   not viewed (a first view, POST /api/posts/{id}/view as the page does), and one return in four likes
 *   or unlikes a post (POST /api/posts/{id}/like, as returningVisitor does); a business loads /app,
 *   /contacts or /campaigns. The changing counts change the data of the pages showing those posts, so
 *   their drawn pages are not found again, as on a live site. That is only about 30 pages a second, so
 *   on top of it autocannon drives the line at saturation as the one-cookie lines are, but each request
 *   is the next person's (their cookies and address), in turn over all 2,000 visitors (or 200
 *   businesses): a cookie comes again only after every other one has, the nearest a saturating load
 *   gets to people who come back every 30-120 s. The lines are / for the visitors and /app, /contacts
 *   (each business's own 20 contacts, not the demo business's 10,000) and /campaigns for the
 *   businesses, with the same targets as their one-cookie lines. `again after s` is how long a cookie
 *   waited for its next request at the rate measured (people / req/s). A drawn page lives 10 s: 2,000
 *   visitors at up to a few hundred req/s wait about that long or longer, but 200 businesses come back
 *   within a few seconds (a fraction of one with --returns off), far sooner than a real business, so
 *   their drawn pages help their lines more than they would in life. A remembered session lives until
 *   its account or sessions change or its next touch, however long its person is away. The page
 *   latency of the returns meanwhile is printed beside each realistic line.
 *
 * `sessions hits` and `drawn hits` are the server's own counts (METRICS_TOKEN, /metrics read before
 * and after each line, its warm-up and the returns meanwhile included) of session lookups answered
 * from memory (the `sessions` memory's asks, isent_memory_recalls; PGlite only: on PostgreSQL every
 * request looks its session up) and of pages found drawn (isent_memory_lookups_total `drawn_page`):
 * the share of lookups that found one, of how many lookups.
 *
 * On the embedded PGlite (the default): a fresh temporary DATA_DIR with the demo data, plus the
 * contacts and the businesses. With DATABASE_URL: that local PostgreSQL database, which must hold the
 * demo data; the bench adds the contacts and businesses when they are missing. The 1M-post database
 * of the issue:
 *
 *   createdb -h 127.0.0.1 -U postgres bench_http_1m
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_http_1m
 *   DATA_DIR=/tmp/bench-http-1m SEED_DEMO_DATA=true npx tsx scripts/db-setup.ts
 *   npx tsx bench/generate-posts.ts --add
 *   npx tsx bench/http.ts
 *
 * Prints req/s, p50/p99/max latency, the body size, the ratio to the first visit, the memories'
 * hits, and PASS/FAIL per line. The load generator, the server and the database share this
 * machine's cores. Needs a build: run `npm run build` first.
 *
 *   npx tsx bench/http.ts                      # PGlite, demo data, both shapes
 *   npx tsx bench/http.ts --duration 15 --port 4110 --only returning,signed-in --shape realistic
 *
 * Flags: --duration S (15)  --connections N (16)  --port P (4110, within 4100-4199)
 *        --only first-visit,returning,signed-in (all)  --shape one-cookie|realistic|both (both)
 *        --visitors N (2000)  --businesses N (200)  --returns on|off (on: the realistic shape's people come back meanwhile)
 *        --profile DIR (runs the server under `node --cpu-prof` and prints where it spent its time)  --top N (30)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import type { SetupRequest } from "autocannon";
import { sql, type SQL } from "drizzle-orm";

import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { queryRows } from "~/db/query.server";

import {
  formatMs,
  inParallel,
  intFlag,
  measureLoad,
  parseFlags,
  percentile,
  printBusiestProfile,
  printTable,
  signedInBrowser,
  DEMO_BUSINESS,
  startDemoServer,
  startServer,
  type Server,
} from "./lib";

const flags = parseFlags();
const DURATION = Math.max(1, intFlag(flags, "duration", 15));
const CONNECTIONS = Math.max(1, intFlag(flags, "connections", 16));
const PORT = intFlag(flags, "port", 4110);
const ONLY = new Set((flags.get("only") ?? "first-visit,returning,signed-in").split(","));
const SHAPE = flags.get("shape") ?? "both";
if (!["one-cookie", "realistic", "both"].includes(SHAPE)) throw new Error(`--shape must be one-cookie, realistic or both (got ${SHAPE})`);
const SHAPES = new Set<Shape>(SHAPE === "both" ? ["one-cookie", "realistic"] : [SHAPE as Shape]);
const VISITORS = Math.max(1, intFlag(flags, "visitors", 2_000));
const BUSINESSES = Math.max(1, intFlag(flags, "businesses", 200));
const RETURNS = flags.get("returns") ?? "on";
if (!["on", "off"].includes(RETURNS)) throw new Error(`--returns must be on or off (got ${RETURNS})`);
const PROFILE_DIR = flags.get("profile");
const nodeArgs = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : undefined;
const DATABASE_URL = process.env.DATABASE_URL;
if (DATABASE_URL && !["127.0.0.1", "localhost"].includes(new URL(DATABASE_URL).hostname)) throw new Error("DATABASE_URL must be local");

const CONTACTS = 10_000;
/** Each of the realistic shape's businesses: a small shop's list. */
const CONTACTS_PER_BUSINESS = 20;
const MAX_P99_MS = 100;
const HEADERS = { "accept-encoding": "gzip" };
/** A visitor's chosen place (the demo data is around Bengaluru). */
const PLACE = { lat: 12.9716, lon: 77.5946, label: "Bengaluru" };
/** How long a person of the realistic shape stays away, uniformly between these. */
const AWAY_MS = { min: 30_000, max: 120_000 };
/** A returning visitor's chance of liking (or unliking) a post on a return. */
const LIKE_SHARE = 0.25;
/** People made at once: enough to keep the server's 2 cores busy without queueing long. */
const SETUP_CONCURRENCY = 8;
const METRICS_TOKEN = "bench-http-metrics-token-0123456789abcdef";
const SIGNED_IN_PAGES = ["/app", "/contacts", "/posts-history", "/send-post", "/campaigns"];
const BUSINESS_PAGES = ["/app", "/contacts", "/campaigns"];

type Shape = "one-cookie" | "realistic";

/**
 * Someone the bench plays: the cookies their browser holds, the address they come from (none: the
 * socket's) and, for a visitor coming back, how far they are through the feed's posts (each return views the next).
 */
type Person = { cookie: string; address?: string; viewed?: number };

type Line = {
  group: "first-visit" | "returning" | "signed-in";
  path: string;
  label: string;
  /** Lines with cookies: whose (one person, or many in turn). */
  shape?: Shape;
  people?: () => Person[];
  minRps?: number;
  /** At least this share of the first-visit rate of / in the same run. */
  minShareOfFirstVisit?: number;
};

let visitor: Person = { cookie: "" };
let business: Person = { cookie: "" };
let visitors: Person[] = [];
let businesses: Person[] = [];

const LINES: Line[] = [
  { group: "first-visit", path: "/api/feed?lat=12.97&lon=77.59", label: "first visit", minRps: 1000 },
  { group: "first-visit", path: "/?lat=12.97&lon=77.59", label: "first visit", minRps: 300 },
  { group: "first-visit", path: "/", label: "first visit", minRps: 300 },
  { group: "returning", shape: "one-cookie", path: "/", label: "returning visitor", people: () => [visitor], minShareOfFirstVisit: 0.5 },
  {
    group: "returning",
    shape: "realistic",
    path: "/",
    label: `returning visitors (${VISITORS.toLocaleString("en")} cookies)`,
    people: () => visitors,
    minShareOfFirstVisit: 0.5,
  },
  ...SIGNED_IN_PAGES.map((page): Line => ({
    group: "signed-in",
    shape: "one-cookie",
    path: page,
    label: "signed in",
    people: () => [business],
  })),
  ...BUSINESS_PAGES.map((page): Line => ({
    group: "signed-in",
    shape: "realistic",
    path: page,
    label: `signed in (${BUSINESSES.toLocaleString("en")} businesses)`,
    people: () => businesses,
  })),
];
const RUN = LINES.filter((line) => ONLY.has(line.group) && (!line.shape || SHAPES.has(line.shape)));
const realistic = (group: Line["group"]) => RUN.some((line) => line.shape === "realistic" && line.group === group);

/** The email of the realistic shape's business n (1-based); its password is the demo business's. */
const businessEmail = (n: number) => `bench-business-${n}@shop.example.in`;

/**
 * The demo business's contacts, up to CONTACTS (as imports would leave them), and the realistic shape's
 * businesses when it runs: copies of the demo business's account (its password hash, profile, verified
 * address; no credits), each with CONTACTS_PER_BUSINESS contacts. The number of posts.
 */
async function addData(target: { databaseUrl?: string; dataDir: string }): Promise<number> {
  const handle = openDatabase(target);
  try {
    const [demo] = await queryRows<{ id: string; contacts: number; posts: number }>(
      handle.db,
      sql`select u.id, (select count(*)::int from contacts c where c.user_id = u.id) as contacts, (select count(*)::int from posts) as posts
          from users u where u.email = ${DEMO_BUSINESS.email}`,
    );
    if (!demo) throw new Error(`No ${DEMO_BUSINESS.email} in this database: it needs the demo data (SEED_DEMO_DATA=true db-setup)`);
    await addContacts(handle, sql`u.id = ${demo.id}::uuid`, CONTACTS);
    if (realistic("signed-in")) {
      await handle.db.execute(sql`
        insert into users (email, password_hash, name, business_name, business_details, business_phone, mobile_number, gst_number,
                           business_categories, address, city, state, country, postal_code, lat, lon, onboarding_completed, email_verified_at)
        select 'bench-business-' || n || '@shop.example.in', d.password_hash, d.name, d.business_name || ' ' || n, d.business_details,
               d.business_phone, d.mobile_number, d.gst_number, d.business_categories, d.address, d.city, d.state, d.country,
               d.postal_code, d.lat, d.lon, d.onboarding_completed, d.email_verified_at
        from users d, generate_series(1, ${BUSINESSES}::int) as n
        where d.id = ${demo.id}::uuid
        on conflict do nothing`);
      await addContacts(handle, sql`u.email like 'bench-business-%@shop.example.in'`, CONTACTS_PER_BUSINESS);
    }
    await handle.db.execute(sql`analyze contacts`);
    return demo.posts;
  } finally {
    await handle.close();
  }
}

/** Each business `which` picks, its contacts up to `count` (one a minute back from now, a third in a group). */
async function addContacts(handle: DatabaseHandle, which: SQL, count: number) {
  await handle.db.execute(sql`
    insert into contacts (user_id, name, mobile_number, tags, consent_source, consent_at, created_at, updated_at, can_get_sms)
    select u.id, 'Bench customer ' || n, '+9170' || lpad(n::text, 8, '0'),
           case when n % 3 = 0 then array['Regulars'] else '{}'::text[] end, 'in store',
           now() - n * interval '1 minute', now() - n * interval '1 minute', now() - n * interval '1 minute', true
    from users u cross join lateral generate_series((select count(*)::int from contacts c where c.user_id = u.id) + 1, ${count}::int) as n
    where ${which}
    on conflict do nothing`);
}

/** The headers of a request of this person's (none: a first visit's), with `extra`. */
function headersOf(person: Person | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...HEADERS,
    ...(person?.cookie ? { Cookie: person.cookie } : {}),
    ...(person?.address ? { "X-Forwarded-For": person.address } : {}),
    ...extra,
  };
}

/** Keeps the cookie `name` an answer set, as a browser does (replacing its old value); whether there was one. */
function keepCookie(person: Person, response: Response, name: string): boolean {
  const pair = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((line) => line.startsWith(`${name}=`));
  if (!pair) return false;
  const others = person.cookie.split("; ").filter((line) => line && !line.startsWith(`${name}=`));
  person.cookie = [...others, pair].join("; ");
  return true;
}

/** A visitor's POST to the site, as the page sends it. */
function post(base: string, person: Person, path: string, contentType: string, body: string) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: headersOf(person, { Origin: base, "Content-Type": contentType }),
    body,
    redirect: "manual",
  });
}

/** A first visit's id cookie and a chosen place: what a visitor who comes back sends (from `address`, if given). */
async function visitorWithPlace(base: string, address?: string): Promise<Person> {
  const person: Person = { cookie: "", address };
  if (!keepCookie(person, await fetch(`${base}/`, { headers: headersOf(person) }), "anon_id")) {
    throw new Error("The first visit got no anon_id cookie");
  }
  const place = { intent: "choose", lat: String(PLACE.lat), lon: String(PLACE.lon), label: PLACE.label, returnTo: "/" };
  const chosen = await post(base, person, "/location", "application/x-www-form-urlencoded", new URLSearchParams(place).toString());
  if (!keepCookie(person, chosen, "feed_location"))
    throw new Error(`Choosing a place answered ${chosen.status} without a feed_location cookie`);
  return person;
}

/** The ids of the posts this person's page of / shows. */
async function postsShown(base: string, person: Person): Promise<string[]> {
  const page = await (await fetch(`${base}/`, { headers: headersOf(person) })).text();
  const ids = [...page.matchAll(/id="post-([0-9a-f-]{36})"/g)].map((match) => match[1]);
  if (ids.length === 0) throw new Error("The returning visitor's page shows no posts");
  return [...new Set(ids)];
}

/** A like (or a toggle) through /api as the page sends it. */
async function like(base: string, person: Person, postId: string, action: "like" | "toggle" = "like") {
  const liked = await post(base, person, `/api/posts/${postId}/like`, "application/json", JSON.stringify({ action }));
  if (!liked.ok) throw new Error(`Liking a post answered ${liked.status}`);
  await liked.arrayBuffer();
}

/** The first visit's id cookie, then a chosen place and a like: what a returning visitor sends. */
async function returningVisitor(base: string): Promise<Person> {
  const person = await visitorWithPlace(base);
  const [postId] = await postsShown(base, person);
  await like(base, person, postId);
  return person;
}

/** Person `index`'s own address in the benchmarking range 198.18.0.0/15 (`net` 18 or 19). */
const addressOf = (net: 18 | 19, index: number) => `198.${net}.${index >> 8}.${index & 255}`;

/**
 * Everyone of the realistic shape coming back on their own clock (every AWAY_MS, uniformly; the first
 * time at a random point of the first wait) until stop(): a visitor loads /, views a post they have not
 * viewed and, now and then, likes or unlikes one; a business loads one of its pages. stop() says how
 * many of each were made and how many were not answered as expected.
 */
function comeBackMeanwhile(base: string, postIds: string[]) {
  const counts = { returns: 0, views: 0, likes: 0, failures: 0 };
  /** How long each return's page took (ms): what a person coming back waited meanwhile. */
  const pageMs: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const underWay = new Set<Promise<void>>();
  let stopped = false;
  const expect = async (response: Promise<Response>) => {
    const answer = await response;
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`answered ${answer.status}`);
  };
  const page = async (person: Person, path: string) => {
    const started = performance.now();
    await expect(fetch(`${base}${path}`, { headers: headersOf(person) }));
    pageMs.push(performance.now() - started);
  };
  const visitorReturns = async (person: Person) => {
    await page(person, "/");
    // From a post of its own choosing on, each return views the next one: a first view.
    const next = person.viewed ?? Math.floor(Math.random() * postIds.length);
    person.viewed = next + 1;
    const body = JSON.stringify({ ts: Date.now() });
    await expect(post(base, person, `/api/posts/${postIds[next % postIds.length]}/view`, "application/json", body));
    counts.views++;
    if (Math.random() < LIKE_SHARE) {
      await like(base, person, postIds[Math.floor(Math.random() * postIds.length)], "toggle");
      counts.likes++;
    }
  };
  const businessReturns = (person: Person) => page(person, BUSINESS_PAGES[Math.floor(Math.random() * BUSINESS_PAGES.length)]);
  const awayFor = () => AWAY_MS.min + Math.random() * (AWAY_MS.max - AWAY_MS.min);
  const schedule = (person: Person, comeBack: (person: Person) => Promise<void>, wait: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      counts.returns++;
      const visit: Promise<void> = comeBack(person)
        .catch(() => void counts.failures++)
        .finally(() => underWay.delete(visit));
      underWay.add(visit);
      schedule(person, comeBack, awayFor());
    }, wait);
    timers.add(timer);
  };
  for (const person of visitors) schedule(person, visitorReturns, Math.random() * awayFor());
  for (const person of businesses) schedule(person, businessReturns, Math.random() * awayFor());
  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(underWay);
      const sorted = pageMs.sort((a, b) => a - b);
      return { ...counts, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    },
  };
}

/** autocannon's per-request hook: each request is the next person's (their cookies and address), in turn. */
function inTurn(people: Person[]): SetupRequest {
  let next = 0;
  return (request) => {
    const person = people[next++ % people.length];
    request.headers = { ...request.headers, ...headersOf(person) };
    return request;
  };
}

/**
 * The server's count of lookups in its memories so far, by memory and result ("drawn_page hit",
 * "sessions miss"): the pages in front of the app (isent_memory_lookups_total) and every app/memory
 * memory's asks (isent_memory_recalls).
 */
async function memoryLookups(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const counts = new Map<string, number>();
  const samples = /^isent_memory_(?:lookups_total|recalls)\{memory="([\w-]+)",result="(\w+)"\} (\d+)/gm;
  for (const [, memory, result, value] of text.matchAll(samples)) counts.set(`${memory} ${result}`, Number(value));
  return counts;
}

/** The share of lookups in `memory` that found their answer between two counts, and of how many; "-" when none looked. */
function hitShare(before: Map<string, number>, after: Map<string, number>, memory: string): string {
  const delta = (result: string) => (after.get(`${memory} ${result}`) ?? 0) - (before.get(`${memory} ${result}`) ?? 0);
  const looked = delta("hit") + delta("miss");
  return looked > 0 ? `${Math.round((delta("hit") / looked) * 100)}% of ${looked}` : "-";
}

async function measure(base: string, line: Line) {
  const people = line.people?.() ?? [];
  const url = `${base}${line.path}`;
  const probe = await fetch(url, { headers: headersOf(people[0]) });
  const body = await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`${line.path} (${line.label}) answered ${probe.status}`);
  const before = await memoryLookups(base);
  const load = people.length > 1 ? { setupRequest: inTurn(people) } : { headers: headersOf(people[0]) };
  const result = await measureLoad(url, { connections: CONNECTIONS, duration: DURATION, ...load });
  const after = await memoryLookups(base);
  return {
    ...result,
    bodyKb: body.byteLength / 1024,
    sessionHits: hitShare(before, after, "sessions"),
    drawnHits: hitShare(before, after, "drawn_page"),
    // None answered in time: no wait to tell.
    againAfter: people.length > 1 ? (result.rps > 0 ? (people.length / result.rps).toPrecision(2) : "-") : "",
  };
}

/** The realistic shape's people, made over HTTP a few at a time, each from an address of their own. */
async function makePeople(base: string): Promise<string[]> {
  const started = performance.now();
  let postIds: string[] = [];
  if (realistic("returning") || realistic("signed-in")) {
    const first = await visitorWithPlace(base, addressOf(18, VISITORS));
    postIds = await postsShown(base, first);
  }
  if (realistic("returning")) {
    visitors = await inParallel(VISITORS, SETUP_CONCURRENCY, async (index) => {
      const person = await visitorWithPlace(base, addressOf(18, index));
      await like(base, person, postIds[index % postIds.length]);
      return person;
    });
  }
  if (realistic("signed-in")) {
    businesses = await inParallel(BUSINESSES, SETUP_CONCURRENCY, async (index) => {
      const address = addressOf(19, index);
      const account = { email: businessEmail(index + 1), password: DEMO_BUSINESS.password };
      return { address, cookie: await signedInBrowser(base, account, { "X-Forwarded-For": address }) };
    });
  }
  console.log(
    `Realistic shape: ${visitors.length.toLocaleString("en")} visitors, ${businesses.length} businesses signed in (${((performance.now() - started) / 1000).toFixed(1)} s); their feed shows ${postIds.length} posts`,
  );
  return postIds;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-http-"));
let server: Server | undefined;
let posts = 0;
try {
  const env = { SESSION_SECRET: "bench-http-not-a-secret-0123456789abcdef", LOG_LEVEL: "warn", TRUST_PROXY: "1", METRICS_TOKEN };
  if (DATABASE_URL) {
    console.log(
      `PostgreSQL ${DATABASE_URL}: adding the demo business's ${CONTACTS.toLocaleString("en")} contacts and the businesses if missing`,
    );
    posts = await addData({ databaseUrl: DATABASE_URL, dataDir });
    server = await startServer({ ...env, DATABASE_URL, DATA_DIR: dataDir }, PORT, undefined, undefined, { nodeArgs });
  } else {
    server = await startDemoServer(PORT, "bench-http-", env, {
      nodeArgs,
      prepare: async (demoDir) => {
        posts = await addData({ dataDir: demoDir });
      },
    });
  }
  console.log(`Server on ${server.url} (${DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${posts.toLocaleString("en")} posts)`);
  visitor = await returningVisitor(server.url);
  business = { cookie: await signedInBrowser(server.url) };
  const postIds = SHAPES.has("realistic") ? await makePeople(server.url) : [];
  console.log(`${CONNECTIONS} connections, ${DURATION} s per line (after a 3 s warm-up)\n`);

  const rows: Array<Array<string | number>> = [];
  let firstVisitRps: number | undefined;
  let allPass = true;
  for (const line of RUN) {
    const returns = line.shape === "realistic" && RETURNS === "on" ? comeBackMeanwhile(server.url, postIds) : undefined;
    // Whatever happens to the line, the people coming back stop with it (else their timers keep the bench running).
    const result = await measure(server.url, line).finally(() => returns?.stop());
    const meanwhile = await returns?.stop();
    if (line.group === "first-visit" && line.path === "/") firstVisitRps = result.rps;
    const share = firstVisitRps ? result.rps / firstVisitRps : undefined;
    const targets: string[] = [`p99<=${MAX_P99_MS}`];
    let pass = result.failures === 0 && result.p99 <= MAX_P99_MS && (meanwhile?.failures ?? 0) === 0;
    if (line.minRps !== undefined) {
      targets.push(`>=${line.minRps}/s`);
      pass &&= result.rps >= line.minRps;
    }
    if (line.minShareOfFirstVisit !== undefined) {
      targets.push(`>=${line.minShareOfFirstVisit * 100}% of first visit`);
      pass &&= share !== undefined && share >= line.minShareOfFirstVisit;
    }
    allPass &&= pass;
    rows.push([
      `${line.path} (${line.label})`,
      line.shape ?? "",
      Math.round(result.rps),
      formatMs(result.p50),
      formatMs(result.p99),
      formatMs(result.max),
      result.failures,
      result.bodyKb.toFixed(1),
      share === undefined ? "" : `${Math.round(share * 100)}%`,
      result.sessionHits,
      result.drawnHits,
      result.againAfter,
      targets.join(", "),
      pass ? "PASS" : "FAIL",
    ]);
    const alongside = meanwhile
      ? `; meanwhile ${meanwhile.returns} returns (their page p50 ${formatMs(meanwhile.p50)} ms, p99 ${formatMs(meanwhile.p99)} ms), ` +
        `${meanwhile.views} first views, ${meanwhile.likes} likes, ${meanwhile.failures} failed`
      : "";
    console.log(`  ${line.path} (${line.label}): ${Math.round(result.rps)} req/s, p99 ${result.p99} ms${alongside}`);
  }
  console.log("");
  printTable(
    [
      "path",
      "shape",
      "req/s avg",
      "p50 ms",
      "p99 ms",
      "max ms",
      "errors+non2xx",
      "body KB",
      "of first visit /",
      "sessions hits",
      "drawn hits",
      "again after s",
      "targets",
      "result",
    ],
    rows,
  );
  console.log(`\n${allPass ? "PASS" : "FAIL"}: all HTTP targets`);
} catch (error) {
  // fetch's "fetch failed" says why only in its cause (a reset, a refused connection, a timeout).
  console.error(error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ""}\n${error.stack ?? ""}` : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (PROFILE_DIR) await printBusiestProfile(PROFILE_DIR, intFlag(flags, "top", 30));
