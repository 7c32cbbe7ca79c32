/**
 * The primary of several server processes (WEB_CONCURRENCY on PostgreSQL): it serves nothing
 * itself. It forks the processes, which share the port (the primary hands connections round),
 * replaces a process that dies while serving, and stops when they have stopped.
 * What they share lives in the database (docs/decisions/021-several-processes.md).
 */
import cluster, { type Worker } from "node:cluster";

import { gatherMetricsForProcesses } from "./metrics-endpoint";

/** A process that dies this soon after the last one was replaced waits before it is replaced, up to a minute. */
const QUICK_DEATH_MS = 10_000;

export function runServerProcesses(count: number) {
  console.log(`[server] ${count} processes (WEB_CONCURRENCY), primary pid ${process.pid}`);

  let stopping = false;
  let exitCode = 0;
  let lastReplaced = 0;
  let pause = 0;
  const served = new WeakSet<Worker>();

  const start = () => {
    const worker = cluster.fork();
    worker.once("listening", () => served.add(worker));
  };

  /** Each process finishes what it is answering and closes its database; the primary exits after the last. */
  const stopAll = (signal: NodeJS.Signals, code = 0) => {
    stopping = true;
    exitCode ||= code;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker.process.kill(signal);
  };

  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    // One that never served failed to start (configuration, database): another would fail alike.
    if (!served.has(worker)) {
      console.error(`[server] a process failed to start (${signal ?? `exit code ${code}`}); stopping`);
      stopAll("SIGTERM", code || 1);
      return;
    }
    const now = Date.now();
    pause = now - lastReplaced < QUICK_DEATH_MS ? Math.min(60_000, Math.max(1_000, pause * 2)) : 0;
    lastReplaced = now;
    console.error(
      `[server] process ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another${pause ? ` in ${pause / 1000} s` : ""}`,
    );
    setTimeout(start, pause);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stopAll(signal));

  // GET /metrics reaches one process: it asks here, and every process's metrics are gathered and summed.
  gatherMetricsForProcesses();

  for (let index = 0; index < count; index++) start();
}
