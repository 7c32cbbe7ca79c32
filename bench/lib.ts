/**
 * Shared helpers for the bench/ scripts: command-line flags, opening the target
 * database (DATABASE_URL or --pglite DIR), percentiles, tables, and starting /
 * stopping a production server. Not a benchmark itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import autocannon, { type SetupRequest } from "autocannon";

import { openPglite, openPostgres, type DatabaseHandle } from "~/db/client.server";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** `--name value` / `--name=value` / `--flag` from process.argv. */
export function parseFlags(argv = process.argv.slice(2)): Map<string, string> {
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (!arg.startsWith("--")) throw new Error(`Unexpected argument ${arg}`);
    const eq = arg.indexOf("=");
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (argv[index + 1] !== undefined && !argv[index + 1].startsWith("--")) flags.set(arg.slice(2), argv[++index]);
    else flags.set(arg.slice(2), "true");
  }
  return flags;
}

export function intFlag(flags: Map<string, string>, name: string, fallback: number): number {
  const raw = flags.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw.replaceAll("_", ""));
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number (got ${raw})`);
  return value;
}

/** DATABASE_URL (PostgreSQL) unless --pglite DIR is given. */
export function openTarget(flags: Map<string, string>, options: { max?: number } = {}): DatabaseHandle {
  const pgliteDir = flags.get("pglite");
  if (pgliteDir) return openPglite({ dataDir: path.resolve(pgliteDir) });
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("Set DATABASE_URL=postgres://… or pass --pglite DIR");
  const parsed = new URL(url);
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`Benchmarks only run against a local database (got host ${parsed.hostname})`);
  }
  return openPostgres(url, options);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile of an ascending-sorted array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function formatMs(ms: number): string {
  return Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 2 : 1) : "-";
}

/** A plain-text table with right-aligned numeric columns. */
export function printTable(headers: string[], rows: Array<Array<string | number>>) {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((row) => row[column].length)));
  const line = (values: string[]) =>
    values.map((value, column) => (column === 0 ? value.padEnd(widths[column]) : value.padStart(widths[column]))).join("  ");
  console.log(line(headers));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of cells) console.log(line(row));
}

/** Seconds with one decimal since `start` (performance.now()). */
export function secondsSince(start: number): string {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** make(0) … make(count - 1), at most `concurrency` under way at once; the results in index order. */
export async function inParallel<T>(count: number, concurrency: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await make(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

export type Server = { url: string; process: ChildProcess; stop: () => Promise<void>; output: () => string };

/** The ports bench servers may listen on: each script's default is within 4100-4199, and a run beside others may take --port up to 4699. */
export const BENCH_PORTS = { min: 4100, max: 4699 };

export function assertBenchPort(port: number, count = 1) {
  if (port < BENCH_PORTS.min || port + count - 1 > BENCH_PORTS.max) {
    throw new Error(
      `bench servers use ports ${BENCH_PORTS.min}-${BENCH_PORTS.max} (asked for ${port}${count > 1 ? `..${port + count - 1}` : ""})`,
    );
  }
}

/**
 * Starts the production server (`tsx server/index.ts`) in its own process group on 127.0.0.1:port
 * and waits (bounded) until /api/health answers 200. `root`: the checkout whose server runs (this
 * one, or another version to compare with). `nodeArgs` runs it as `node ...nodeArgs --import tsx
 * server/index.ts` instead, one process (e.g. `--cpu-prof`, which NODE_OPTIONS may not carry).
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  timeoutMs = 60_000,
  root = ROOT,
  { nodeArgs }: { nodeArgs?: string[] } = {},
): Promise<Server> {
  assertBenchPort(port);
  if (!existsSync(path.join(root, "build/index.js"))) {
    throw new Error(`${path.join(root, "build/index.js")} is missing: run \`npm run build\` there first`);
  }
  const [command, args] = nodeArgs
    ? [process.execPath, [...nodeArgs, "--import", "tsx", "server/index.ts"]]
    : [path.join(root, "node_modules/.bin/tsx"), ["server/index.ts"]];
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
    for (let waited = 0; waited < 5_000 && !exited; waited += 100) await sleep(100);
    if (!exited) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Server exited before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { url, process: child, stop, output: () => output };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`Server did not answer /api/health within ${timeoutMs / 1000} s:\n${output}`);
}

/** Runs a command from the repository root; its output, or an error with it. */
export function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`));
    });
  });
}

/** The demo business of the demo data (scripts/db-setup.ts with SEED_DEMO_DATA). */
export const DEMO_BUSINESS = { email: "demo@isent.example.in", password: "demo12345" };

/**
 * Signs in through the login form, as a browser does (same-site Origin): the session's cookies as
 * a Cookie header, without the sign-in's flash toast (it belongs to the page after the sign-in).
 */
export async function signIn(base: string, { email, password } = DEMO_BUSINESS, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { ...headers, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", username: email, password }),
    redirect: "manual",
  });
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((cookie) => !cookie.startsWith("toast="));
  if (response.status !== 302 || !cookies.some((cookie) => /session=/.test(cookie))) {
    throw new Error(`Signing in as ${email} answered ${response.status}: is this a server with the demo data?`);
  }
  return cookies.join("; ");
}

/**
 * A browser's cookies for the signed-in business: the session's plus the visitor id its first page
 * sets (as every browser that opened a page of the product has it), so each request is a page view
 * like any after the first, not one that is handed a new id. `headers`: sent with both requests (e.g. the
 * browser's own X-Forwarded-For, for a server started with TRUST_PROXY: sign-ins are limited per address).
 */
export async function signedInBrowser(base: string, account = DEMO_BUSINESS, headers: Record<string, string> = {}): Promise<string> {
  const session = await signIn(base, account, headers);
  const first = await fetch(`${base}/app`, { headers: { ...headers, Cookie: session }, redirect: "manual" });
  const visitorId = first.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .find((cookie) => cookie.startsWith("anon_id="));
  if (!visitorId) throw new Error(`The first signed-in page answered ${first.status} without an anon_id cookie`);
  return `${session}; ${visitorId}`;
}

export type DemoServer = Server & { dataDir: string };

/**
 * The production server on a fresh PGlite with the demo data, as a newcomer's
 * `npm start` has it (a temporary DATA_DIR, removed by stop()). Extra env is
 * passed to the server, e.g. TRUST_PROXY; options as startServer takes them.
 */
export async function startDemoServer(
  port: number,
  prefix: string,
  extraEnv: Record<string, string> = {},
  options: {
    nodeArgs?: string[];
    /** More data, added before the server opens the database (PGlite is one process's at a time). */
    prepare?: (dataDir: string) => Promise<void>;
  } = {},
): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO_DATA: "true" };
  delete env.DATABASE_URL;
  console.log(`Preparing PGlite demo data in ${dataDir} …`);
  const started = performance.now();
  await runCommand(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/db-setup.ts"], env, 300_000);
  await options.prepare?.(dataDir);
  console.log(`db-setup: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO_DATA: "true", LOG_LEVEL: "warn", DATABASE_URL: "", ...extraEnv },
    port,
    undefined,
    undefined,
    options,
  ).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The processes of a process group, each with the fields of its /proc/PID/stat after the command's name. */
function groupProcesses(group: number): Array<{ pid: number; stat: string[] }> {
  const members: Array<{ pid: number; stat: string[] }> = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const line = readFileSync(`/proc/${pid}/stat`, "utf8");
      const stat = line.slice(line.lastIndexOf(")") + 2).split(" ");
      if (Number(stat[2]) === group) members.push({ pid: Number(pid), stat });
    } catch {
      // The process ended while being read.
    }
  }
  return members;
}

/** The server's node process: the one in the started process group that is not tsx, its leader. */
export function serverRssMb(group: number): number {
  let rss = 0;
  for (const { pid } of groupProcesses(group)) {
    if (pid === group) continue;
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      rss = Math.max(rss, Number(kb) / 1024);
    } catch {
      // The process ended while being read.
    }
  }
  return rss;
}

/** CPU seconds (user + system) the live processes of a process group have used so far. */
export function groupCpuSeconds(group: number): number {
  const ticksPerSecond = 100; // USER_HZ, 100 on Linux
  return groupProcesses(group).reduce((sum, { stat }) => sum + (Number(stat[11]) + Number(stat[12])) / ticksPerSecond, 0);
}

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  cpuMsPerRequest: number;
  /** Answers received, the warm-up's included: what the server's own count of requests should show. */
  answered: number;
};

type LoadOptions = {
  connections: number;
  duration: number;
  warmup?: number;
  headers?: Record<string, string>;
  /** Called for every request (warm-up included) to set its own headers, e.g. the next person's cookies. */
  setupRequest?: SetupRequest;
  /** The server's process group: its CPU time per answered request is measured too (NaN without). */
  serverGroup?: number;
};

/**
 * autocannon against one URL: a warm-up of `warmup` seconds, then `duration` seconds measured. req/s is
 * autocannon's mean of per-second counts; errors, timeouts and non-2xx answers count as failures. CPU
 * time per request moves less than req/s when other work shares the machine.
 */
export async function measureLoad(
  url: string,
  { connections, duration, warmup = 3, headers = {}, setupRequest, serverGroup }: LoadOptions,
): Promise<LoadResult> {
  const each = setupRequest ? { requests: [{ setupRequest }] } : {};
  const warm = warmup > 0 ? await autocannon({ url, connections, duration: warmup, headers, ...each }) : undefined;
  const cpuBefore = serverGroup === undefined ? NaN : groupCpuSeconds(serverGroup);
  const result = await autocannon({ url, connections, duration, headers, timeout: 10, ...each });
  const cpuAfter = serverGroup === undefined ? NaN : groupCpuSeconds(serverGroup);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failures: result.errors + result.timeouts + result.non2xx,
    cpuMsPerRequest: ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
    answered: [warm, result].reduce((total, run) => total + (run ? run["2xx"] + run.non2xx : 0), 0),
  };
}

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };

/**
 * The functions a V8 CPU profile (`node --cpu-prof`) spent the most time in, as share of the busy
 * (non-idle) time: by self time, or `inclusive` (with what they called).
 */
export function topOfCpuProfile(file: string, count: number, inclusive = false): Array<{ share: number; name: string }> {
  const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const label = ({ callFrame: { functionName, url, lineNumber } }: ProfileNode) => {
    const where = url.replace(/^.*node_modules\//, "").replace(`file://${ROOT}/`, "");
    return `${functionName || "(anonymous)"} ${where}${where ? `:${lineNumber + 1}` : ""}`;
  };
  const time = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    if (label(nodes.get(id)!).startsWith("(idle)")) return;
    busy += delta;
    const counted = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = inclusive ? parents.get(at) : undefined) {
      const name = label(nodes.get(at)!);
      if (counted.has(name) || name.startsWith("(root)")) continue;
      counted.add(name);
      time.set(name, (time.get(name) ?? 0) + delta);
    }
  });
  return [...time]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, spent]) => ({ share: spent / busy, name }));
}

/** The profiles are written as the server exits; the biggest file is the thread that served: its top functions. */
export async function printBusiestProfile(dir: string, top: number) {
  await sleep(500);
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".cpuprofile"))
    .map((file) => path.join(dir, file));
  const busiest = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  if (!busiest) return;
  for (const inclusive of [false, true]) {
    console.log(`\n${inclusive ? "Inclusive" : "Self"} time, share of the busy time (${path.basename(busiest)}):`);
    for (const { share, name } of topOfCpuProfile(busiest, top, inclusive))
      console.log(`${(share * 100).toFixed(1).padStart(6)}%  ${name}`);
  }
}
