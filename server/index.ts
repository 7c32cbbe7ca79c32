/**
 * Starts the production server (server/web-server.ts): one process, or on PostgreSQL
 * WEB_CONCURRENCY processes sharing the port through Node's cluster (server/cluster.ts).
 */
import cluster from "node:cluster";

// Before the build loads: React picks its production or development build on import.
process.env.NODE_ENV ??= "production";
const { config, runModeSummary, serverProcesses, startupProblem } = await import("~/config.server");
const problem = startupProblem(config, process.env);
if (problem) {
  console.error(problem);
  process.exit(1);
}
if (cluster.isPrimary) console.log(`[server] This run is ${runModeSummary(config)}.`);

const processes = serverProcesses(config);
if (processes.notice) console.warn(`[server] ${processes.notice}`);
if (processes.count > 1 && cluster.isPrimary) {
  const { runServerProcesses } = await import("./cluster");
  runServerProcesses(processes.count);
} else {
  const { startWebServer } = await import("./web-server");
  await startWebServer(config);
}
