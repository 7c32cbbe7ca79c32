/**
 * What the production server's own machinery costs per request: in one run, autocannon (16
 * connections) against a bare Express app's trivial JSON route (started here, on this same Node,
 * in a process of its own) and against the production server's /api/health (the Remix handler
 * and a `select 1`) and /api/categories (public JSON, answered from the response cache). Prints
 * req/s, p50, p99, the server's CPU time per request, and how many times slower than the bare route
 * each is (target ≤ 2×), the median of --rounds rounds, each round measuring every URL once in turn.
 *
 * The server runs on DATABASE_URL when it is set (a database `scripts/db-setup.ts` prepared),
 * else on a fresh PGlite with the demo data. `--profile DIR` runs it under `node --cpu-prof` and
 * prints the functions the busiest profile spent its time in. Needs `npm run build`.
 *
 *   npx tsx bench/middleware.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/isent_demo npx tsx bench/middleware.ts --profile /tmp/prof
 *
 * `--floors` measures, in the same rounds, what lies under the 2× (bench/fetch-floor-server.ts): the
 * Fetch API bridge alone (a Request made and a JSON Response sent, no Remix) and Remix's request
 * handler alone on /api/health (without entry.server's serve()). Shown for what they are, not judged.
 *
 * Flags: --duration S (8)  --rounds N (3)  --connections N (16)  --port P (4170; P+1 is the bare app's,
 *        P+2 the floors')  --floors  --profile DIR  --top N (25)
 *        --root DIR (another checkout's server and build, e.g. the version before a change)
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import {
  ROOT,
  assertBenchPort,
  formatMs,
  intFlag,
  measureLoad,
  median,
  parseFlags,
  printBusiestProfile,
  printTable,
  startDemoServer,
  startServer,
  type LoadResult,
  type Server,
} from "./lib";

const flags = parseFlags();
const DURATION = Math.max(1, intFlag(flags, "duration", 8));
const ROUNDS = Math.max(1, intFlag(flags, "rounds", 3));
const CONNECTIONS = Math.max(1, intFlag(flags, "connections", 16));
const PORT = intFlag(flags, "port", 4170);
const TOP = intFlag(flags, "top", 25);
const PROFILE_DIR = flags.get("profile");
const SERVER_ROOT = path.resolve(flags.get("root") ?? ROOT);
const FLOORS = flags.has("floors");
assertBenchPort(PORT, FLOORS ? 3 : 2);

/** The smallest Express app answering JSON: what any route of the product pays at least. */
const BARE_APP = `
const express = require("express");
const app = express();
app.get("/health", (req, res) => res.json({ status: "ok" }));
app.listen(${PORT + 1}, "127.0.0.1", () => console.log("listening"));
`;

async function startBareExpress(): Promise<{ url: string; group: number; stop: () => void }> {
  // A process group of its own, as the server's, so that its CPU time is measured alike.
  const child = spawn(process.execPath, ["-e", BARE_APP], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"], detached: true });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the bare Express app exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${PORT + 1}/health`, group: child.pid!, stop: () => child.kill() };
}

/** bench/fetch-floor-server.ts on P+2, on the same PostgreSQL or a PGlite of its own (the server's is taken). */
async function startFloorServer(): Promise<{ url: string; group: number; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-floor-"));
  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["bench/fetch-floor-server.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT + 2), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the floor server exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    url: `http://127.0.0.1:${PORT + 2}`,
    group: child.pid!,
    stop: async () => {
      process.kill(-child.pid!, "SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startProductServer(): Promise<Server> {
  const nodeArgs = PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : undefined;
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const env = { LOG_LEVEL: "warn", SESSION_SECRET: "bench-middleware-not-a-secret-0123456789" };
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    if (SERVER_ROOT !== ROOT) throw new Error("--root needs DATABASE_URL (the demo PGlite is prepared by this checkout)");
    return startDemoServer(PORT, "bench-middleware-", env, { nodeArgs });
  }
  if (!["127.0.0.1", "localhost"].includes(new URL(databaseUrl).hostname)) throw new Error("DATABASE_URL must be local");
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-middleware-"));
  const server = await startServer({ ...env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, PORT, undefined, SERVER_ROOT, { nodeArgs });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const bare = await startBareExpress();
let server: Server | undefined;
let floors: Awaited<ReturnType<typeof startFloorServer>> | undefined;
try {
  server = await startProductServer();
  const serverGroup = server.process.pid!;
  if (FLOORS) floors = await startFloorServer();
  const targets = [
    { name: "bare Express GET /health", url: bare.url, group: bare.group },
    { name: "/api/health", url: `${server.url}/api/health`, group: serverGroup },
    { name: "/api/categories", url: `${server.url}/api/categories`, group: serverGroup },
    ...(floors
      ? [
          { name: "floor: Fetch API bridge, no Remix", url: `${floors.url}/bridge`, group: floors.group, floor: true },
          { name: "floor: Remix handler, /api/health", url: `${floors.url}/api/health`, group: floors.group, floor: true },
        ]
      : []),
  ];
  for (const { url } of targets) {
    const probe = await fetch(url);
    if (!probe.ok) throw new Error(`${url} answered ${probe.status}`);
  }
  console.log(
    `${CONNECTIONS} connections, ${DURATION} s per URL after a 2 s warm-up, ${ROUNDS} round(s)${PROFILE_DIR ? ", server profiled" : ""}\n`,
  );
  const results = new Map<string, LoadResult[]>(targets.map(({ name }) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { name, url, group } of targets) {
      // Clients ask for gzip, as browsers do: the compression middleware sees what it sees in production.
      const headers = { "accept-encoding": "gzip" };
      const result = await measureLoad(url, { connections: CONNECTIONS, duration: DURATION, warmup: 2, headers, serverGroup: group });
      results.get(name)!.push(result);
      const cpu = `${Math.round(result.cpuMsPerRequest * 1000)} µs CPU a request`;
      console.log(`  round ${round} ${name}: ${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ${cpu}`);
    }
  }
  const of = (name: string, pick: (result: LoadResult) => number) => median(results.get(name)!.map(pick));
  const bareRps = of(targets[0].name, (result) => result.rps);
  const bareCpu = of(targets[0].name, (result) => result.cpuMsPerRequest);
  let allPass = true;
  const rows = targets.map(({ name, ...target }, index) => {
    const rps = of(name, (result) => result.rps);
    const failures = results.get(name)!.reduce((sum, result) => sum + result.failures, 0);
    const slower = bareRps / rps;
    const cpu = of(name, (result) => result.cpuMsPerRequest);
    const judged = index > 0 && !("floor" in target);
    const pass = !judged || (slower <= 2 && failures === 0);
    allPass &&= pass;
    return [
      name,
      Math.round(rps),
      formatMs(of(name, (result) => result.p50)),
      formatMs(of(name, (result) => result.p99)),
      failures,
      Math.round(cpu * 1000),
      index === 0 ? "1.00" : (cpu / bareCpu).toFixed(2),
      index === 0 ? "1.00" : slower.toFixed(2),
      !judged ? "" : pass ? "PASS" : "FAIL",
    ];
  });
  console.log("");
  printTable(["route", "req/s", "p50 ms", "p99 ms", "errors+non2xx", "CPU µs/req", "× bare's CPU", "× bare's req/s", "≤ 2×"], rows);
  console.log("(medians of the rounds; the target is on req/s: bare req/s ÷ the route's)");
  console.log(`\n${allPass ? "PASS" : "FAIL"}: within 2× of a bare Express route`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (server) console.error(`server output (tail):\n${server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  bare.stop();
  await floors?.stop();
  await server?.stop();
}

if (PROFILE_DIR) await printBusiestProfile(PROFILE_DIR, TOP);
