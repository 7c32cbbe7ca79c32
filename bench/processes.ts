/**
 * Several server processes (WEB_CONCURRENCY, Node's cluster) on PostgreSQL: for 1, 2 and 4 processes
 * in turn, starts the production server on DATABASE_URL (a database `scripts/db-setup.ts` filled
 * with the demo data), makes a visitor the way a browser does (the first visit's `anon_id` cookie,
 * then a place chosen on /location, its `feed_location` cookie), and runs autocannon (16
 * connections) on / as that returning visitor, then as a first visit for reference. Prints req/s,
 * p50/p99, the server's CPU time a request (all its processes) and the rate against one process.
 * Needs `npm run build`. The load generator shares the machine's cores with the server and PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/isent_demo npx tsx bench/processes.ts
 *
 * Each process warms up on its own (V8 optimises the render in each), so the warm-up is --warmup
 * seconds per process.
 *
 * Flags: --processes 1,2,4  --duration S (10)  --warmup S (4, per process)  --connections N (16)  --port P (4175)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { formatMs, intFlag, measureLoad, parseFlags, printTable, startServer, type LoadResult, type Server } from "./lib";

const flags = parseFlags();
const COUNTS = (flags.get("processes") ?? "1,2,4").split(",").map(Number);
const DURATION = Math.max(1, intFlag(flags, "duration", 10));
const WARMUP = intFlag(flags, "warmup", 4);
const CONNECTIONS = Math.max(1, intFlag(flags, "connections", 16));
const PORT = intFlag(flags, "port", 4175);
const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database with the demo data (several processes need PostgreSQL)");
if (!["127.0.0.1", "localhost"].includes(new URL(DATABASE_URL).hostname)) throw new Error("DATABASE_URL must be local");
if (COUNTS.some((count) => !Number.isInteger(count) || count < 1)) throw new Error("--processes takes whole numbers, e.g. 1,2,4");

/** Bengaluru, where the demo businesses are. */
const PLACE = { intent: "choose", lat: "12.97194", lon: "77.59369", label: "Bengaluru", returnTo: "/" };
const HEADERS = { "accept-encoding": "gzip" };

/** The cookies a browser holds after a first visit and choosing a place, as one Cookie header. */
async function returningVisitorCookie(base: string): Promise<string> {
  const visitorCookie = (await fetch(`${base}/`)).headers.getSetCookie().find((line) => line.startsWith("anon_id="));
  if (!visitorCookie) throw new Error("The first visit got no anon_id cookie");
  const anonId = visitorCookie.split(";")[0];
  const chosen = await fetch(`${base}/location`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: anonId },
    body: new URLSearchParams(PLACE),
    redirect: "manual",
  });
  const location = chosen.headers.getSetCookie().find((line) => line.startsWith("feed_location="));
  if (!location) throw new Error(`Choosing a place set no feed_location cookie (${chosen.status})`);
  return `${anonId}; ${location.split(";")[0]}`;
}

const rows: Array<Array<string | number>> = [];
let oneProcessRate: number | undefined;
let failed = false;
for (const count of COUNTS) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-processes-"));
  let server: Server | undefined;
  try {
    console.log(`Starting ${count} process(es) on 127.0.0.1:${PORT}`);
    server = await startServer(
      {
        DATABASE_URL,
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: String(count),
        SESSION_SECRET: "bench-processes-not-a-secret-0123456789",
        LOG_LEVEL: "warn",
      },
      PORT,
    );
    const cookie = await returningVisitorCookie(server.url);
    const runs: Array<[string, Record<string, string>]> = [
      ["/ returning visitor", { ...HEADERS, cookie }],
      ["/ first visit", HEADERS],
    ];
    for (const [name, headers] of runs) {
      const probe = await fetch(`${server.url}/`, { headers });
      if (!probe.ok) throw new Error(`/ answered ${probe.status} (${name})`);
      await probe.arrayBuffer();
      const result: LoadResult = await measureLoad(`${server.url}/`, {
        connections: CONNECTIONS,
        duration: DURATION,
        warmup: WARMUP * count,
        headers,
        serverGroup: server.process.pid,
      });
      if (name.includes("returning")) oneProcessRate ??= result.rps;
      failed ||= result.failures > 0;
      console.log(`  ${name}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms`);
      rows.push([
        count,
        name,
        Math.round(result.rps),
        formatMs(result.p50),
        formatMs(result.p99),
        result.failures,
        formatMs(result.cpuMsPerRequest),
        name.includes("returning") && oneProcessRate ? `${(result.rps / oneProcessRate).toFixed(2)}×` : "",
      ]);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
    failed = true;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`\n${CONNECTIONS} connections, ${DURATION} s each after a warm-up of ${WARMUP} s per process\n`);
printTable(["processes", "request", "req/s", "p50 ms", "p99 ms", "errors+non2xx", "CPU ms/req", "× the first count's rate"], rows);
if (failed) process.exitCode = 1;
