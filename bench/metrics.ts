/**
 * What GET /metrics costs the production server (issue 37): two servers at once, each on its own copy
 * of one PGlite demo database, one with metrics off (no METRICS_TOKEN: requests are not counted) on
 * --port and one with metrics on (METRICS_TOKEN set) on --port + 1, whose /metrics is scraped every
 * --scrape seconds for the whole measuring time, as Prometheus would. Each line is measured as --pairs
 * pairs of short bursts (--duration seconds after 1 s of warm-up), off then on, then on then off, …
 *
 *   npm run build && npx tsx bench/metrics.ts    # --pairs 8 --duration 4 --connections 16 --scrape 1 --port 4637
 *
 * Target: with metrics on, at least 95% of the throughput without, on every line, judged on the median
 * of the pairs' ratios on / off (exit code 1 if a line is under). Why pairs: on a shared machine the
 * same setting moves ±15% from one minute to the next, more than the 5% to be judged; the two bursts of
 * a pair follow each other, so their ratio keeps the difference and drops most of the drift (the
 * ratios' spread is printed).
 *
 * Lines: the public JSON /api/feed (answered from memory before Remix: the cheapest request, where
 * a per-request cost shows most), / for a returning visitor (anon_id cookie) and /app signed in. The
 * load generator, the scraper and both servers share this machine's cores; a server is idle while the
 * other is measured. Then the requests /metrics counted per route during each line beside the answers
 * autocannon received from the server with metrics on.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { countHttpRequest, metricsText } from "~/utils/metrics.server";

import {
  formatMs,
  intFlag,
  measureLoad,
  median,
  parseFlags,
  printTable,
  runCommand,
  signedInBrowser,
  startServer,
  type LoadResult,
  type Server,
} from "./lib";

const flags = parseFlags();
const PAIRS = Math.max(1, intFlag(flags, "pairs", 8));
const DURATION = Math.max(1, intFlag(flags, "duration", 4));
const CONNECTIONS = Math.max(1, intFlag(flags, "connections", 16));
const SCRAPE_SECONDS = Math.max(1, intFlag(flags, "scrape", 1));
const PORT = intFlag(flags, "port", 4637);
const TOKEN = "bench-metrics-token-0123456789abcdef";
const MIN_SHARE = 0.95;
/** Seconds each line runs on each server before its pairs. */
const LINE_WARMUP = 3;

type Mode = "off" | "on";
type Side = { mode: Mode; server: Server; visitor: string; business: string };
type Line = { path: string; label: string; cookie: (side: Side) => string };
const LINES: Line[] = [
  { path: "/api/feed?lat=12.97&lon=77.59", label: "public JSON", cookie: () => "" },
  { path: "/", label: "returning visitor", cookie: (side) => side.visitor },
  { path: "/app", label: "signed in", cookie: (side) => side.business },
];

const dataDirs = { off: mkdtempSync(path.join(tmpdir(), "bench-metrics-")), on: "" };
dataDirs.on = `${dataDirs.off}-on`;
const env = {
  SEED_DEMO_DATA: "true",
  DATABASE_URL: "",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "bench-metrics-not-a-secret-0123456789",
};

function metricsPage(base: string) {
  return fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
}

/** /metrics's http_requests_total summed per route (over methods and statuses). */
async function countedPerRoute(base: string): Promise<Map<string, number>> {
  const text = await (await metricsPage(base)).text();
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^http_requests_total\{route="([^"]*)",[^}]*\} (\d+)$/gm)) {
    counts.set(match[1], (counts.get(match[1]) ?? 0) + Number(match[2]));
  }
  return counts;
}

/** A server, a returning visitor's anon_id cookie and a signed-in browser's cookies: each server's own. */
async function startSide(mode: Mode): Promise<Side> {
  const server = await startServer(
    { ...env, DATA_DIR: dataDirs[mode], ...(mode === "on" ? { METRICS_TOKEN: TOKEN } : {}) },
    PORT + (mode === "on" ? 1 : 0),
  );
  try {
    const visitor = (await fetch(`${server.url}/`)).headers.getSetCookie().find((cookie) => cookie.startsWith("anon_id="));
    if (!visitor) throw new Error(`The first visit to ${server.url}/ got no anon_id cookie`);
    return { mode, server, visitor: visitor.split(";")[0], business: await signedInBrowser(server.url) };
  } catch (error) {
    console.error(`server (metrics ${mode}) output (tail):\n${server.output().slice(-3000)}`);
    await server.stop();
    throw error;
  }
}

function burst(side: Side, line: Line, duration: number, warmup: number): Promise<LoadResult> {
  const cookie = line.cookie(side);
  return measureLoad(`${side.server.url}${line.path}`, {
    connections: CONNECTIONS,
    duration,
    warmup,
    headers: { "accept-encoding": "gzip", ...(cookie ? { Cookie: cookie } : {}) },
    serverGroup: side.server.process.pid!,
  });
}

/** One line: a warm-up on each server, then the pairs; what /metrics counted meanwhile. */
async function measureLine(line: Line, sides: Record<Mode, Side>) {
  // The server with metrics on first: what it answers after autocannon stops is counted before `before` is read.
  for (const side of [sides.on, sides.off]) await burst(side, line, LINE_WARMUP, 0);
  const before = await countedPerRoute(sides.on.server.url);
  const pairs: Array<Record<Mode, LoadResult>> = [];
  for (let pair = 1; pair <= PAIRS; pair++) {
    const order: Mode[] = pair % 2 === 1 ? ["off", "on"] : ["on", "off"];
    const results = {} as Record<Mode, LoadResult>;
    for (const mode of order) results[mode] = await burst(sides[mode], line, DURATION, 1);
    pairs.push(results);
    console.log(
      `  pair ${pair} (${order.join(" then ")}): ${Math.round(results.off.rps)} / ${Math.round(results.on.rps)} req/s, ${((results.on.rps / results.off.rps) * 100).toFixed(1)}%`,
    );
  }
  const after = await countedPerRoute(sides.on.server.url);
  const counted = [...after].map(([route, count]) => [route, count - (before.get(route) ?? 0)] as const).filter(([, count]) => count > 0);
  return { pairs, counted, answered: pairs.reduce((total, results) => total + results.on.answered, 0) };
}

/**
 * What counting adds to a request, and what a scrape costs, as CPU time in this process: unlike
 * req/s, barely moved by other work on the machine. Compare with the CPU a request takes (the table).
 */
async function cpuCostInProcess() {
  const cpuMicroseconds = () => {
    const { user, system } = process.cpuUsage();
    return user + system;
  };
  const requests = 200_000;
  let start = cpuMicroseconds();
  for (let index = 0; index < requests; index++) countHttpRequest(`routes/bench-${index % 3}`, "GET", 200, 0.004);
  const perRequestUs = (cpuMicroseconds() - start) / requests;
  const scrapes = 50;
  start = cpuMicroseconds();
  for (let index = 0; index < scrapes; index++) await metricsText({ database: false });
  return { perRequestUs, perScrapeMs: (cpuMicroseconds() - start) / scrapes / 1000 };
}

const sides: Partial<Record<Mode, Side>> = {};
let scraper: NodeJS.Timeout | undefined;
try {
  const cost = await cpuCostInProcess();
  console.log(
    `In this process: counting a request costs ${cost.perRequestUs.toFixed(2)} µs of CPU; a scrape (without the database's gauges) ${cost.perScrapeMs.toFixed(1)} ms`,
  );
  console.log(`Preparing PGlite demo data in ${dataDirs.off} …`);
  await runCommand(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/db-setup.ts"],
    { ...process.env, ...env, DATA_DIR: dataDirs.off, NODE_ENV: "production" },
    300_000,
  );
  // PGlite holds a lock per data directory: the second server gets a copy, made before either starts.
  cpSync(dataDirs.off, dataDirs.on, { recursive: true });
  sides.off = await startSide("off");
  sides.on = await startSide("on");
  const both = sides as Record<Mode, Side>;
  let scrapes = 0;
  let scrapeFailures = 0;
  scraper = setInterval(() => {
    scrapes += 1;
    metricsPage(both.on.server.url)
      .then((answer) => (answer.ok ? answer.arrayBuffer() : Promise.reject(new Error(String(answer.status)))))
      .catch(() => (scrapeFailures += 1));
  }, SCRAPE_SECONDS * 1000);

  const measured: Array<Awaited<ReturnType<typeof measureLine>>> = [];
  for (const line of LINES) {
    console.log(
      `${line.path} (${line.label}): off ${both.off.server.url}, on ${both.on.server.url}; ${CONNECTIONS} connections, ${LINE_WARMUP} s warm-up on each, then ${PAIRS} pairs of ${DURATION} s after 1 s (req/s off / on)`,
    );
    measured.push(await measureLine(line, both));
  }
  clearInterval(scraper);
  console.log(`/metrics scraped ${scrapes} times every ${SCRAPE_SECONDS} s, ${scrapeFailures} failed`);

  console.log("");
  let pass = true;
  const medianOf = (pairs: Array<Record<Mode, LoadResult>>, mode: Mode, pick: (result: LoadResult) => number) =>
    median(pairs.map((results) => pick(results[mode])));
  const rows = LINES.map((line, index) => {
    const { pairs } = measured[index];
    const ratios = pairs.map((results) => results.on.rps / results.off.rps);
    const share = median(ratios);
    pass &&= share >= MIN_SHARE;
    const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
    return [
      `${line.path} (${line.label})`,
      Math.round(medianOf(pairs, "off", (result) => result.rps)),
      Math.round(medianOf(pairs, "on", (result) => result.rps)),
      percent(share),
      `${percent(Math.min(...ratios))} – ${percent(Math.max(...ratios))}`,
      `${formatMs(medianOf(pairs, "off", (result) => result.p99))} / ${formatMs(medianOf(pairs, "on", (result) => result.p99))}`,
      // CPU a request moves less than req/s when other work shares the machine.
      (["off", "on"] as const).map((mode) => Math.round(medianOf(pairs, mode, (result) => result.cpuMsPerRequest) * 1000)).join(" / "),
      share >= MIN_SHARE ? "PASS" : "FAIL",
    ];
  });
  printTable(
    [
      "line",
      "req/s off",
      "req/s on",
      "on / off (median of pairs)",
      "pairs min – max",
      "p99 ms off / on",
      "CPU µs a request off / on",
      `>= ${MIN_SHARE * 100}%`,
    ],
    rows,
  );
  console.log("(req/s, p99 and CPU: medians of the pairs' bursts)");

  console.log(
    "\nRequests /metrics counted per route during each line (metrics on: its pairs' bursts, their 1 s warm-ups included), beside the answers autocannon received:",
  );
  printTable(
    ["line", "answers received", "counted by /metrics (route: count)"],
    LINES.map((line, index) => [
      line.path,
      measured[index].answered,
      measured[index].counted.map(([route, count]) => `${route}: ${count}`).join(", "),
    ]),
  );
  console.log(`\n${pass ? "PASS" : "FAIL"}: metrics cost at most ${Math.round((1 - MIN_SHARE) * 100)}% of throughput on every line`);
  if (!pass) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  for (const side of Object.values(sides))
    console.error(`server (metrics ${side.mode}) output (tail):\n${side.server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  clearInterval(scraper);
  for (const side of Object.values(sides)) await side.server.stop();
  for (const dir of Object.values(dataDirs)) if (dir) rmSync(dir, { recursive: true, force: true });
}
