/**
 * What the worst request shapes cost: starts the production server on a fresh PGlite with the demo
 * data, signs a business up, then sends each shape of tests/support/hostile-shapes.ts (10,000 fields,
 * 1 MB in one field, JSON nested 100,000 deep, a CSV of 50,000 rows of one column, a CSV of 10,000
 * columns) to every route with an action and every /api route, one request at a time, while another
 * client asks /api/health every 20 ms. Prints, per shape: the answers' statuses, their median and
 * slowest time, and the slowest /api/health answer meanwhile; then every answer that was not a 4xx
 * within 2 s. Needs a build: run `npm run build` first.
 *
 *   npx tsx bench/hostile-shapes.ts            # --port 4140 --rounds 1
 */
import {
  HOSTILE_SHAPES,
  answerProblem,
  planProbes,
  probePaths,
  sendToEveryRoute,
  watchHealth,
  type RouteAnswer,
} from "../tests/support/hostile-shapes";

import { intFlag, parseFlags, percentile, printTable, sleep, startDemoServer, type DemoServer } from "./lib";

const flags = parseFlags();
const PORT = intFlag(flags, "port", 4140);
const ROUNDS = intFlag(flags, "rounds", 1);

/** A new business signed in through the registration form, as a browser does it: its session cookie. */
async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.18.0.1" },
    body: new URLSearchParams({
      intent: "register",
      username: `bench-${Date.now()}@example.in`,
      password: "bench-secret-123",
      name: "Kiran Rao",
      businessName: "Kiran Sweets",
      mobileNumber: "9845012345",
    }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`Sign-up answered ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

let server: DemoServer | undefined;
try {
  server = await startDemoServer(PORT, "bench-hostile-", { TRUST_PROXY: "1" });
  const base = server.url;
  const paths = probePaths();
  console.log(`${paths.length} routes: ${paths.join(" ")}`);
  const attacker = "198.18.0.3";
  const probes = await planProbes(
    base,
    paths,
    { "X-Forwarded-For": attacker },
    { "X-Forwarded-For": attacker, Cookie: await signUp(base) },
  );
  // What /api/health takes with nothing else going on: the machine's own noise, to read the rest against.
  const idle = watchHealth(base, "198.18.0.2");
  await sleep(3_000);
  const baseline = await idle.stop();
  const rows: Array<Array<string | number>> = [];
  const problems: string[] = [];
  let slowestHealth = 0;
  for (const shape of HOSTILE_SHAPES) {
    const answers: RouteAnswer[] = [];
    const health = watchHealth(base, "198.18.0.2");
    for (let round = 0; round < ROUNDS; round++) answers.push(...(await sendToEveryRoute(base, probes, shape)));
    const { count, max } = await health.stop();
    slowestHealth = Math.max(slowestHealth, max);
    const times = answers.map(({ ms }) => ms).sort((a, b) => a - b);
    const statuses = new Map<number, number>();
    for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const slowest = answers.reduce((worst, answer) => (answer.ms > worst.ms ? answer : worst));
    rows.push([
      shape.name,
      `${(shape.body.length / 1024).toFixed(0)} KB`,
      [...statuses].map(([status, n]) => `${status}×${n}`).join(" "),
      percentile(times, 50).toFixed(0),
      times[times.length - 1].toFixed(0),
      `${slowest.method} ${slowest.probe.path}`,
      `${max.toFixed(0)} (${count})`,
    ]);
    for (const answer of answers) {
      const problem = answerProblem(answer, 2_000);
      if (problem) problems.push(`${shape.name}: ${problem}`);
    }
  }
  console.log(`\nEach shape to every route (${ROUNDS} round${ROUNDS === 1 ? "" : "s"}), one request at a time; times in ms`);
  printTable(["shape", "body", "statuses", "median", "max", "slowest route", "max /api/health (checks)"], rows);
  const idleTimes = [...baseline.times].sort((a, b) => a - b);
  console.log(
    `\n/api/health alone (3 s, ${baseline.count} checks): median ${percentile(idleTimes, 50).toFixed(0)} ms, max ${baseline.max.toFixed(0)} ms; ` +
      `during the shapes: max ${slowestHealth.toFixed(0)} ms`,
  );
  console.log(problems.length ? `\nNot a 4xx within 2 s:\n${problems.join("\n")}` : "\nEvery answer was a 4xx within 2 s.");
} finally {
  await server?.stop();
}
