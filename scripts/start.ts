/**
 * `npm start`: builds when a build input changed since the last finished build (scripts/build-stamp.ts),
 * then serves (server/index.ts), in one process: a restart with nothing changed pays for one Node and
 * tsx start, not three (docs/decisions/031-fast-restarts.md).
 */
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";

import { buildIsCurrent } from "./build-stamp";

// Before the configuration is read: React and the config pick their mode from it.
process.env.NODE_ENV ??= "production";

// The processes the primary forks (WEB_CONCURRENCY) run this file again: they serve what the primary built.
const { current, hash } = cluster.isWorker ? { current: true, hash: "" } : await buildIsCurrent();
if (cluster.isWorker) {
  // Nothing to say or build.
} else if (current) {
  console.log(`Build up to date (inputs ${hash.slice(0, 12)}): not building.`);
} else {
  // A bad environment stops the start before a build it would waste.
  const { config, startupProblem } = await import("~/config.server");
  const problem = startupProblem(config, process.env);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log("Build out of date: building.");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../server/index");
