/**
 * Shared helpers for the bench/ scripts: command-line flags, opening the target
 * database (DATABASE_URL or --pglite DIR), percentiles, tables, and starting /
 * stopping a production server. Not a benchmark itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { openPglite, openPostgres, type DatabaseHandle } from "~/db/client.server";

/** Where bench servers (and Chromium's debugging ports) listen: apart from the dev and test servers. */
export const BENCH_PORTS = { first: 4100, last: 4699 };

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

export type Server = { url: string; process: ChildProcess; stop: () => Promise<void>; output: () => string };

/**
 * Starts the production server (`tsx server/index.ts`) in its own process group on 127.0.0.1:port
 * and waits (bounded) until /api/health answers 200. `root`: the checkout whose server runs (this
 * one, or another version to compare with).
 */
export async function startServer(env: Record<string, string>, port: number, timeoutMs = 60_000, root = ROOT): Promise<Server> {
  if (port < BENCH_PORTS.first || port > BENCH_PORTS.last)
    throw new Error(`bench servers use ports ${BENCH_PORTS.first}-${BENCH_PORTS.last}`);
  if (!existsSync(path.join(root, "build/index.js"))) {
    throw new Error(`${path.join(root, "build/index.js")} is missing: run \`npm run build\` there first`);
  }
  const bin = path.join(root, "node_modules/.bin/tsx");
  const child = spawn(bin, ["server/index.ts"], {
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
export async function signIn(base: string, { email, password } = DEMO_BUSINESS): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
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

export type DemoServer = Server & { dataDir: string };

/**
 * The production server on a fresh PGlite with the demo data, as a newcomer's
 * `npm start` has it (a temporary DATA_DIR, removed by stop()). Extra env is
 * passed to the server, e.g. TRUST_PROXY.
 */
export async function startDemoServer(
  port: number,
  prefix: string,
  extraEnv: Record<string, string> = {},
  /** More data, added before the server opens the database (PGlite is one process's at a time). */
  prepare?: (dataDir: string) => Promise<void>,
): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO_DATA: "true" };
  delete env.DATABASE_URL;
  console.log(`Preparing PGlite demo data in ${dataDir} …`);
  const started = performance.now();
  await runCommand(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/db-setup.ts"], env, 300_000);
  await prepare?.(dataDir);
  console.log(`db-setup: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO_DATA: "true", LOG_LEVEL: "warn", DATABASE_URL: "", ...extraEnv },
    port,
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

/** The server's node process: the one in the started process group that is not tsx, its leader. */
export function serverRssMb(group: number): number {
  let rss = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const [, , , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) !== group || Number(pid) === group) continue;
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      rss = Math.max(rss, Number(kb) / 1024);
    } catch {
      // The process ended while being read.
    }
  }
  return rss;
}
