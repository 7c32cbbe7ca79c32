/**
 * Throughput and latency of the production server over HTTP, as its visitors meet it: starts the
 * production server (`tsx server/index.ts`, NODE_ENV=production) on 127.0.0.1, then runs
 * autocannon (16 connections, 15 s per line after a 3 s warm-up, clients ask for gzip like
 * browsers do) against:
 *
 * - first visit: / and /?lat&lon with no cookies (a shared link opened for the first time), and
 *   the public JSON /api/feed;
 * - returning visitor: / with the cookies a first visit and a chosen place leave (the signed
 *   visitor id, the place) and a like of their own, so every request is this visitor's own page
 *   (their likes, the current counts). Targets: p99 <= 100 ms, and at least 50% of the
 *   first-visit rate of / in the same run;
 * - signed in: /app, /contacts (the demo business with 10,000 contacts), /posts-history,
 *   /send-post and /campaigns with the demo business's session. Target: p99 <= 100 ms.
 *
 * On the embedded PGlite (the default): a fresh temporary DATA_DIR with the demo data, plus the
 * contacts. With DATABASE_URL: that local PostgreSQL database, which must hold the demo data;
 * the bench adds the contacts when they are missing. The 1M-post database of the issue:
 *
 *   createdb -h 127.0.0.1 -U postgres bench_http_1m
 *   export DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_http_1m
 *   DATA_DIR=/tmp/bench-http-1m SEED_DEMO_DATA=true npx tsx scripts/db-setup.ts
 *   npx tsx bench/generate-posts.ts --add
 *   npx tsx bench/http.ts
 *
 * Prints req/s, p50/p99/max latency, the body size, the ratio to the first visit, and
 * PASS/FAIL per line. The load generator, the server and the database share this machine's
 * cores. Needs a build: run `npm run build` first.
 *
 *   npx tsx bench/http.ts                      # PGlite, demo data
 *   npx tsx bench/http.ts --duration 15 --port 4110 --only returning,signed-in
 *
 * Flags: --duration S (15)  --connections N (16)  --port P (4110, within 4100-4199)
 *        --only first-visit,returning,signed-in (all)
 *        --profile DIR (runs the server under `node --cpu-prof` and prints where it spent its time)  --top N (30)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { openDatabase } from "~/db/client.server";
import { queryRows } from "~/db/query.server";

import {
  formatMs,
  intFlag,
  measureLoad,
  parseFlags,
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
const PROFILE_DIR = flags.get("profile");
const nodeArgs = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : undefined;
const DATABASE_URL = process.env.DATABASE_URL;
if (DATABASE_URL && !["127.0.0.1", "localhost"].includes(new URL(DATABASE_URL).hostname)) throw new Error("DATABASE_URL must be local");

const CONTACTS = 10_000;
const MAX_P99_MS = 100;
const HEADERS = { "accept-encoding": "gzip" };
/** A visitor's chosen place (the demo data is around Bengaluru). */
const PLACE = { lat: 12.9716, lon: 77.5946, label: "Bengaluru" };

type Line = {
  group: "first-visit" | "returning" | "signed-in";
  path: string;
  label: string;
  cookie?: () => string;
  minRps?: number;
  /** At least this share of the first-visit rate of / in the same run. */
  minShareOfFirstVisit?: number;
};

const LINES: Line[] = [
  { group: "first-visit", path: "/api/feed?lat=12.97&lon=77.59", label: "first visit", minRps: 1000 },
  { group: "first-visit", path: "/?lat=12.97&lon=77.59", label: "first visit", minRps: 300 },
  { group: "first-visit", path: "/", label: "first visit", minRps: 300 },
  { group: "returning", path: "/", label: "returning visitor", cookie: () => visitorCookie, minShareOfFirstVisit: 0.5 },
  ...["/app", "/contacts", "/posts-history", "/send-post", "/campaigns"].map((page): Line => ({
    group: "signed-in",
    path: page,
    label: "signed in",
    cookie: () => businessCookie,
  })),
];

let visitorCookie = "";
let businessCookie = "";

/** The demo business's contacts, up to CONTACTS (as imports would leave them); the number of posts. */
async function addContacts(target: { databaseUrl?: string; dataDir: string }): Promise<number> {
  const handle = openDatabase(target);
  try {
    const [business] = await queryRows<{ id: string; contacts: number; posts: number }>(
      handle.db,
      sql`select u.id, (select count(*)::int from contacts c where c.user_id = u.id) as contacts, (select count(*)::int from posts) as posts
          from users u where u.email = ${DEMO_BUSINESS.email}`,
    );
    if (!business) throw new Error(`No ${DEMO_BUSINESS.email} in this database: it needs the demo data (SEED_DEMO_DATA=true db-setup)`);
    if (business.contacts >= CONTACTS) return business.posts;
    await handle.db.execute(sql`
      insert into contacts (user_id, name, mobile_number, tags, consent_source, consent_at, created_at, updated_at, can_get_sms)
      select ${business.id}::uuid, 'Bench customer ' || n, '+9170' || lpad(n::text, 8, '0'),
             case when n % 3 = 0 then array['Regulars'] else '{}'::text[] end, 'in store',
             now() - n * interval '1 minute', now() - n * interval '1 minute', now() - n * interval '1 minute', true
      from generate_series(1, ${CONTACTS - business.contacts}::int) as n
      on conflict do nothing`);
    await handle.db.execute(sql`analyze contacts`);
    return business.posts;
  } finally {
    await handle.close();
  }
}

/** The first visit's id cookie, then a chosen place and a like: what a returning visitor sends. */
async function returningVisitor(base: string): Promise<string> {
  const first = await fetch(`${base}/`);
  const id = first.headers.getSetCookie().find((line) => line.startsWith("anon_id="));
  if (!id) throw new Error("The first visit got no anon_id cookie");
  const chosen = await fetch(`${base}/location`, {
    method: "POST",
    headers: { Origin: base, Cookie: id.split(";")[0], "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "choose", lat: String(PLACE.lat), lon: String(PLACE.lon), label: PLACE.label, returnTo: "/" }),
    redirect: "manual",
  });
  const place = chosen.headers.getSetCookie().find((line) => line.startsWith("feed_location="));
  if (!place) throw new Error(`Choosing a place answered ${chosen.status} without a feed_location cookie`);
  const cookie = [id, place].map((line) => line.split(";")[0]).join("; ");
  const page = await (await fetch(`${base}/`, { headers: { Cookie: cookie } })).text();
  const postId = /id="post-([0-9a-f-]{36})"/.exec(page)?.[1];
  if (!postId) throw new Error("The returning visitor's page shows no posts");
  const liked = await fetch(`${base}/api/posts/${postId}/like`, {
    method: "POST",
    headers: { Origin: base, Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ action: "like" }),
  });
  if (!liked.ok) throw new Error(`Liking a post answered ${liked.status}`);
  return cookie;
}

async function measure(base: string, line: Line) {
  const url = `${base}${line.path}`;
  const headers = { ...HEADERS, ...(line.cookie ? { Cookie: line.cookie() } : {}) };
  const probe = await fetch(url, { headers });
  const body = await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`${line.path} (${line.label}) answered ${probe.status}`);
  const result = await measureLoad(url, { connections: CONNECTIONS, duration: DURATION, headers });
  return {
    ...result,
    bodyKb: body.byteLength / 1024,
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-http-"));
let server: Server | undefined;
let posts = 0;
try {
  const env = { SESSION_SECRET: "bench-http-not-a-secret-0123456789abcdef", LOG_LEVEL: "warn" };
  if (DATABASE_URL) {
    console.log(`PostgreSQL ${DATABASE_URL}: adding the demo business's ${CONTACTS.toLocaleString("en")} contacts if missing`);
    posts = await addContacts({ databaseUrl: DATABASE_URL, dataDir });
    server = await startServer({ ...env, DATABASE_URL, DATA_DIR: dataDir }, PORT, undefined, undefined, { nodeArgs });
  } else {
    server = await startDemoServer(PORT, "bench-http-", env, {
      nodeArgs,
      prepare: async (demoDir) => {
        posts = await addContacts({ dataDir: demoDir });
      },
    });
  }
  console.log(`Server on ${server.url} (${DATABASE_URL ? "PostgreSQL" : "PGlite"}, ${posts.toLocaleString("en")} posts)`);
  visitorCookie = await returningVisitor(server.url);
  businessCookie = await signedInBrowser(server.url);
  console.log(`${CONNECTIONS} connections, ${DURATION} s per line (after a 3 s warm-up)\n`);

  const rows: Array<Array<string | number>> = [];
  let firstVisitRps: number | undefined;
  let allPass = true;
  for (const line of LINES.filter((candidate) => ONLY.has(candidate.group))) {
    const result = await measure(server.url, line);
    if (line.group === "first-visit" && line.path === "/") firstVisitRps = result.rps;
    const share = firstVisitRps ? result.rps / firstVisitRps : undefined;
    const targets: string[] = [`p99<=${MAX_P99_MS}`];
    let pass = result.failures === 0 && result.p99 <= MAX_P99_MS;
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
      Math.round(result.rps),
      formatMs(result.p50),
      formatMs(result.p99),
      formatMs(result.max),
      result.failures,
      result.bodyKb.toFixed(1),
      share === undefined ? "" : `${Math.round(share * 100)}%`,
      targets.join(", "),
      pass ? "PASS" : "FAIL",
    ]);
    console.log(`  ${line.path} (${line.label}): ${Math.round(result.rps)} req/s, p99 ${result.p99} ms`);
  }
  console.log("");
  printTable(
    ["path", "req/s avg", "p50 ms", "p99 ms", "max ms", "errors+non2xx", "body KB", "of first visit /", "targets", "result"],
    rows,
  );
  console.log(`\n${allPass ? "PASS" : "FAIL"}: all HTTP targets`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (PROFILE_DIR) await printBusiestProfile(PROFILE_DIR, intFlag(flags, "top", 30));
