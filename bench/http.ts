/**
 * Throughput and latency of the production server over HTTP: starts
 * production server (`tsx server/index.ts`, NODE_ENV=production) on 127.0.0.1 against the
 * PostgreSQL database in DATABASE_URL (default the 1M-post bench_feed_1m), waits
 * for /api/health, then runs autocannon (16 connections, 15 s each after a 3 s
 * warm-up, clients ask for gzip like browsers do) against /api/feed and / with
 * and without a Bengaluru location. Prints average req/s, p50/p99 latency and
 * PASS/FAIL (targets: /api/feed >= 1000 req/s, / >= 300 req/s, p99 <= 100 ms).
 * Requests without cookies are what a first-time visitor sends, and the server
 * answers them from memory (app/utils/response-cache.server.ts); the last row,
 * for reference, is a returning visitor whose cookie makes the page be rendered
 * for them on every request.
 * Stops the server at the end. Needs a build: run `npm run build` first.
 * The load generator, server and PostgreSQL share this machine's cores.
 *
 *   npx tsx bench/http.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_feed_1m npx tsx bench/http.ts --duration 15 --port 4110
 *
 * Flags: --duration S (15)  --connections N (16)  --port P (4110, within 4100-4199)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import autocannon from "autocannon";

import { formatMs, intFlag, parseFlags, printTable, startServer, type Server } from "./lib";

const flags = parseFlags();
const DURATION = Math.max(1, intFlag(flags, "duration", 15));
const CONNECTIONS = Math.max(1, intFlag(flags, "connections", 16));
const PORT = intFlag(flags, "port", 4110);
const DATABASE_URL = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/bench_feed_1m";
if (!["127.0.0.1", "localhost"].includes(new URL(DATABASE_URL).hostname)) throw new Error("DATABASE_URL must be local");

const TARGETS: Array<{ path: string; minRps?: number; returningVisitor?: boolean; label?: string }> = [
  { path: "/api/feed?lat=12.97&lon=77.59", minRps: 1000 },
  { path: "/api/feed", minRps: 1000 },
  { path: "/?lat=12.97&lon=77.59", minRps: 300 },
  { path: "/", minRps: 300 },
  { path: "/?lat=12.97&lon=77.59", returningVisitor: true, label: " (returning visitor)" },
];
const MAX_P99_MS = 100;
const HEADERS = { "accept-encoding": "gzip" };

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-http-"));
let server: Server | undefined;
try {
  console.log(`Starting the server on 127.0.0.1:${PORT} with ${DATABASE_URL}`);
  server = await startServer(
    { DATABASE_URL, DATA_DIR: dataDir, SESSION_SECRET: "bench-http-not-a-secret-0123456789abcdef", LOG_LEVEL: "warn" },
    PORT,
  );
  console.log(`${CONNECTIONS} connections, ${DURATION} s per URL (after a 3 s warm-up)\n`);
  // A returning visitor sends the signed visitor id the server issued on their first visit.
  const visitorCookie = (await fetch(`${server.url}/`)).headers.getSetCookie().find((line) => line.startsWith("anon_id="));
  if (!visitorCookie) throw new Error("The first visit got no anon_id cookie");
  const returningVisitor = { Cookie: visitorCookie.split(";")[0] };
  const rows: Array<Array<string | number>> = [];
  let allPass = true;
  for (const target of TARGETS) {
    const url = `${server.url}${target.path}`;
    const headers = { ...HEADERS, ...(target.returningVisitor ? returningVisitor : {}) };
    const name = `${target.path}${target.label ?? ""}`;
    const probe = await fetch(url, { headers });
    const body = await probe.arrayBuffer();
    if (!probe.ok) throw new Error(`${target.path} answered ${probe.status}`);
    await autocannon({ url, connections: CONNECTIONS, duration: 3, headers });
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, timeout: 10 });
    const rps = result.requests.average;
    const p99 = result.latency.p99;
    const failures = result.errors + result.timeouts + result.non2xx;
    // Rows without a target are for reference: they report, and fail only on errors.
    const pass = target.minRps === undefined ? failures === 0 : rps >= target.minRps && p99 <= MAX_P99_MS && failures === 0;
    allPass &&= pass;
    rows.push([
      name,
      Math.round(rps),
      formatMs(result.latency.p50),
      formatMs(p99),
      formatMs(result.latency.max),
      failures,
      `${(body.byteLength / 1024).toFixed(1)}`,
      target.minRps === undefined ? "reference" : `>=${target.minRps}, p99<=${MAX_P99_MS}`,
      pass ? (target.minRps === undefined ? "ok" : "PASS") : "FAIL",
    ]);
    console.log(`  ${name}: ${Math.round(rps)} req/s, p99 ${p99} ms`);
  }
  console.log("");
  printTable(["path", "req/s avg", "p50 ms", "p99 ms", "max ms", "errors+non2xx", "body KB", "target", "result"], rows);
  console.log(`\n${allPass ? "PASS" : "FAIL"}: all HTTP targets`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
