/**
 * What GET /metrics costs the production server (issue 37): the same load with metrics off (no
 * METRICS_TOKEN: requests are not counted) and on (METRICS_TOKEN set, and /metrics scraped every
 * --scrape seconds meanwhile, as Prometheus would), alternating --rounds times on one PGlite demo
 * database; then the requests /metrics counted per route beside the answers autocannon received.
 * Target: with metrics, at least 95% of the throughput without, on every line (median of rounds).
 *
 *   npm run build && npx tsx bench/metrics.ts    # --rounds 2 --duration 8 --connections 16 --scrape 1 --port 4637
 *
 * Lines: the public JSON /api/feed (answered from memory before Remix: the cheapest request, where
 * a per-request cost shows most), / for a returning visitor (anon_id cookie) and /app signed in.
 * The load generator and the server share this machine's cores.
 */
import { mkdtempSync, rmSync } from "node:fs";
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
  type Server,
} from "./lib";

const flags = parseFlags();
const ROUNDS = Math.max(1, intFlag(flags, "rounds", 2));
const DURATION = Math.max(1, intFlag(flags, "duration", 8));
const CONNECTIONS = Math.max(1, intFlag(flags, "connections", 16));
const SCRAPE_SECONDS = Math.max(1, intFlag(flags, "scrape", 1));
const PORT = intFlag(flags, "port", 4637);
const TOKEN = "bench-metrics-token-0123456789abcdef";
const MIN_SHARE = 0.95;

type Line = { path: string; label: string; cookie: () => string };
let visitorCookie = "";
let businessCookie = "";
const LINES: Line[] = [
  { path: "/api/feed?lat=12.97&lon=77.59", label: "public JSON", cookie: () => "" },
  { path: "/", label: "returning visitor", cookie: () => visitorCookie },
  { path: "/app", label: "signed in", cookie: () => businessCookie },
];

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-metrics-"));
const env = {
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: "true",
  DATABASE_URL: "",
  LOG_LEVEL: "warn",
  SESSION_SECRET: "bench-metrics-not-a-secret-0123456789",
};

/** /metrics's http_requests_total summed per route (over methods and statuses). */
async function countedPerRoute(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).text();
  const counts = new Map<string, number>();
  for (const match of text.matchAll(/^http_requests_total\{route="([^"]*)",[^}]*\} (\d+)$/gm)) {
    counts.set(match[1], (counts.get(match[1]) ?? 0) + Number(match[2]));
  }
  return counts;
}

async function run(metrics: boolean, base: string, serverGroup: number) {
  const results: Array<{ rps: number; p99: number; cpuMs: number; answered: number; counted: Record<string, number> }> = [];
  for (const line of LINES) {
    const headers = { "accept-encoding": "gzip", ...(line.cookie() ? { Cookie: line.cookie() } : {}) };
    const before = metrics ? await countedPerRoute(base) : new Map<string, number>();
    let scrapes = 0;
    const scraper = metrics
      ? setInterval(() => {
          scrapes += 1;
          void fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then((answer) => answer.arrayBuffer());
        }, SCRAPE_SECONDS * 1000)
      : undefined;
    const result = await measureLoad(`${base}${line.path}`, {
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: 2,
      headers,
      serverGroup,
    });
    clearInterval(scraper);
    const after = metrics ? await countedPerRoute(base) : new Map<string, number>();
    const counted = Object.fromEntries(
      [...after].map(([route, count]) => [route, count - (before.get(route) ?? 0)]).filter(([, n]) => Number(n) > 0),
    );
    results.push({ rps: result.rps, p99: result.p99, cpuMs: result.cpuMsPerRequest, answered: result.answered, counted });
    console.log(
      `  ${metrics ? "metrics on " : "metrics off"} ${line.path} (${line.label}): ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ${(result.cpuMsPerRequest * 1000).toFixed(0)} µs CPU a request${metrics ? `, ${scrapes} scrapes` : ""}`,
    );
  }
  return results;
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

let server: Server | undefined;
try {
  const cost = await cpuCostInProcess();
  console.log(
    `In this process: counting a request costs ${cost.perRequestUs.toFixed(2)} µs of CPU; a scrape (without the database's gauges) ${cost.perScrapeMs.toFixed(1)} ms`,
  );
  console.log(`Preparing PGlite demo data in ${dataDir} …`);
  await runCommand(
    path.resolve("node_modules/.bin/tsx"),
    ["scripts/db-setup.ts"],
    { ...process.env, ...env, NODE_ENV: "production" },
    300_000,
  );
  const runs: Record<"off" | "on", Array<Awaited<ReturnType<typeof run>>>> = { off: [], on: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternating, and the other way round every second round, so a busy minute on the machine falls on both.
    const order: Array<"off" | "on"> = round % 2 === 1 ? ["off", "on"] : ["on", "off"];
    for (const mode of order) {
      server = await startServer({ ...env, ...(mode === "on" ? { METRICS_TOKEN: TOKEN } : {}) }, PORT);
      if (!visitorCookie) {
        const first = await fetch(`${server.url}/`);
        visitorCookie = first.headers
          .getSetCookie()
          .find((cookie) => cookie.startsWith("anon_id="))!
          .split(";")[0];
        businessCookie = await signedInBrowser(server.url);
      }
      console.log(`round ${round}, metrics ${mode} (${server.url}, ${CONNECTIONS} connections, ${DURATION} s per line after 2 s)`);
      runs[mode].push(await run(mode === "on", server.url, server.process.pid!));
      await server.stop();
      server = undefined;
    }
  }

  console.log("");
  let pass = true;
  const rows = LINES.map((line, index) => {
    const off = median(runs.off.map((results) => results[index].rps));
    const on = median(runs.on.map((results) => results[index].rps));
    const share = on / off;
    pass &&= share >= MIN_SHARE;
    return [
      `${line.path} (${line.label})`,
      Math.round(off),
      Math.round(on),
      `${(share * 100).toFixed(1)}%`,
      formatMs(median(runs.off.map((results) => results[index].p99))),
      formatMs(median(runs.on.map((results) => results[index].p99))),
      runs.off.map((results) => Math.round(results[index].rps)).join(" / "),
      runs.on.map((results) => Math.round(results[index].rps)).join(" / "),
      // CPU a request moves less than req/s when other work shares the machine.
      `${Math.round(median(runs.off.map((results) => results[index].cpuMs)) * 1000)} / ${Math.round(median(runs.on.map((results) => results[index].cpuMs)) * 1000)}`,
      share >= MIN_SHARE ? "PASS" : "FAIL",
    ];
  });
  printTable(
    [
      "line",
      "req/s off (median)",
      "req/s on (median)",
      "on / off",
      "p99 off ms",
      "p99 on ms",
      "each round off",
      "each round on",
      "CPU µs a request off / on",
      `>= ${MIN_SHARE * 100}%`,
    ],
    rows,
  );

  console.log(
    "\nRequests /metrics counted per route during each line (last round with metrics on), beside the answers autocannon received:",
  );
  const last = runs.on.at(-1)!;
  printTable(
    ["line", "answers received", "counted by /metrics (route: count)"],
    LINES.map((line, index) => [
      line.path,
      last[index].answered,
      Object.entries(last[index].counted)
        .map(([route, count]) => `${route}: ${count}`)
        .join(", "),
    ]),
  );
  console.log(`\n${pass ? "PASS" : "FAIL"}: metrics cost at most ${Math.round((1 - MIN_SHARE) * 100)}% of throughput on every line`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
