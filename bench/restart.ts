/**
 * How long `npm start` keeps the site down: the time from spawning `npm start` until `/api/health`
 * answers 200, on PGlite with the demo data.
 * - first start: no build (build/, public/build/ and the compressed copies kept in
 *   .cache/optimized-assets/ are removed, as in a fresh checkout; `--keep-asset-cache` keeps the
 *   last) and a new DATA_DIR, so it builds, migrates and seeds;
 * - restart (`--restarts N` times, default 3, the median printed): the same command again with the
 *   build and the data unchanged, as after a crash;
 * - with `--changed`, one restart after a source file changed (a comment appended to app/root.tsx,
 *   then removed): a rebuild that recompresses only what changed.
 * Each server is stopped with SIGTERM (PGlite writes everything out) before the next starts.
 *
 *   npx tsx bench/restart.ts [--port 4150] [--restarts 3] [--changed] [--keep-asset-cache]
 *
 * It rebuilds this checkout's build/ (after `--changed`, the next start builds it again).
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { ROOT, intFlag, median, parseFlags } from "./lib";

const flags = parseFlags();
const port = intFlag(flags, "port", 4150);
const restarts = intFlag(flags, "restarts", 3);

type Start = { seconds: number; output: string };

/** Spawns `npm start`, waits for /api/health, stops it; the seconds until it answered. */
async function timeStart(dataDir: string, timeoutMs: number): Promise<Start> {
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    // No PUBLIC_URL and no NODE_ENV: what `npm start` on a laptop gets.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "true",
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: npm, the shell and the server stop together.
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  const done = new Promise<void>((resolve) => child.on("exit", () => ((exited = true), resolve())));
  let seconds = Number.NaN;
  try {
    while (performance.now() - started < timeoutMs && !exited) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) {
        seconds = (performance.now() - started) / 1000;
        break;
      }
      await sleep(100);
    }
  } finally {
    if (!exited) process.kill(-child.pid!, "SIGTERM");
    await Promise.race([done, sleep(15_000)]);
    if (!exited) process.kill(-child.pid!, "SIGKILL");
  }
  if (Number.isNaN(seconds)) throw new Error(`npm start did not answer /api/health:\n${output.slice(-4_000)}`);
  return { seconds, output };
}

/** The lines saying what the start did (built or not, seeded or not). */
function whatItDid(output: string): string {
  return output
    .split("\n")
    .filter((line) => /Build up to date|Build out of date|optimize-assets\]|Database ready|built \(/.test(line))
    .map((line) => line.trim())
    .join("; ");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-restart-"));
try {
  for (const output of ["build", "public/build", ...(flags.has("keep-asset-cache") ? [] : [".cache/optimized-assets"])]) {
    rmSync(path.join(ROOT, output), { recursive: true, force: true });
  }
  const first = await timeStart(dataDir, 900_000);
  console.log(`first start (no build, new data): ${first.seconds.toFixed(1)} s  [${whatItDid(first.output)}]`);

  const times: number[] = [];
  for (let run = 1; run <= restarts; run++) {
    const restart = await timeStart(dataDir, 120_000);
    times.push(restart.seconds);
    console.log(`restart ${run} (build and data unchanged): ${restart.seconds.toFixed(1)} s  [${whatItDid(restart.output)}]`);
  }
  if (times.length) console.log(`restart median of ${times.length}: ${median(times).toFixed(1)} s`);

  if (flags.has("changed")) {
    const root = path.join(ROOT, "app/root.tsx");
    const original = readFileSync(root, "utf8");
    appendFileSync(root, `\n// bench/restart.ts ${Date.now()}\n`);
    try {
      const changed = await timeStart(dataDir, 600_000);
      console.log(`restart after a source change: ${changed.seconds.toFixed(1)} s  [${whatItDid(changed.output)}]`);
    } finally {
      writeFileSync(root, original);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
