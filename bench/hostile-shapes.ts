/**
 * What the worst request shapes cost: starts the production server on a fresh database with the
 * demo data (PGlite; with DATABASE_URL, a fresh database beside it on that local PostgreSQL), signs
 * a business up, then, while another client asks /api/health every 20 ms:
 *
 * - routes: each shape of tests/support/hostile-shapes.ts (10,000 fields, 1 MB in one field, JSON
 *   nested 100,000 deep, a CSV of 50,000 rows of one column, a CSV of 10,000 columns) to every
 *   route with an action and every /api route, one request at a time;
 * - campaigns: the business imports --contacts contacts (100,000, the most a business may keep,
 *   imported free), then the campaign shapes of tests/support/hostile-campaigns.ts (slot values of
 *   17,000 and 60,000 characters, a NUL, a bell, a right-to-left override, a zero-width space,
 *   1,001 picked ids) to the API, 'Check', 'Send now' and the live count; 4 live-count loops for
 *   10 s while a contact is added every 100 ms (so no count is answered from memory); and a Send to
 *   every contact (credits added by the admin), until its job has written every message.
 *
 * Prints, per shape or phase: the answers' statuses and times, and the slowest /api/health answer
 * meanwhile; then every answer that was not as expected within ANSWER_MS (2 s) and every phase in
 * which another client's health check took HEALTH_MS (200 ms) or more, and exits 1 if there was
 * one. (The e2e test sends the same shapes and checks only the statuses: times are judged here, on
 * a machine doing nothing else.) Needs a build: run `npm run build` first.
 *
 *   npx tsx bench/hostile-shapes.ts                     # --port 4140 --rounds 1 --contacts 100000
 *   npx tsx bench/hostile-shapes.ts --only campaigns --contacts 10000 --profile
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/hostile-shapes.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { openPostgres } from "~/db/client.server";

import {
  campaignAnswerProblem,
  campaignShapes,
  campaignTemplate,
  estimateLoops,
  importContacts,
  sendCampaignShapes,
  sendToAudience,
  type Sender,
} from "../tests/support/hostile-campaigns";
import {
  HOSTILE_SHAPES,
  answerProblem,
  planProbes,
  probePaths,
  sendToEveryRoute,
  watchHealth,
  type RouteAnswer,
} from "../tests/support/hostile-shapes";

import {
  intFlag,
  parseFlags,
  percentile,
  printBusiestProfile,
  printTable,
  runCommand,
  ROOT,
  sleep,
  startDemoServer,
  startServer,
  type Server,
} from "./lib";

const flags = parseFlags();
const PORT = intFlag(flags, "port", 4140);
const ROUNDS = intFlag(flags, "rounds", 1);
const CONTACTS = intFlag(flags, "contacts", 100_000);
const ONLY = flags.get("only");
const PROFILE = flags.has("profile");
const DATABASE_URL = process.env.DATABASE_URL;
const ADMIN = { email: "admin@isent.local", password: "bench-admin-password" };

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

/** The admin adds credits to the business (as on its admin page), so a Send to every contact is paid for. */
async function addCredits(base: string, businessCookie: string, credits: number) {
  const login = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "198.18.0.9" },
    body: new URLSearchParams(ADMIN),
    redirect: "manual",
  });
  if (login.status !== 302) throw new Error(`The admin's sign-in answered ${login.status}`);
  const admin = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  const me = (await (await fetch(`${base}/api/user/me`, { headers: { Cookie: businessCookie } })).json()) as { id: string };
  const adjusted = await fetch(`${base}/admin/users/${me.id}`, {
    method: "POST",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded", Cookie: admin, "X-Forwarded-For": "198.18.0.9" },
    body: new URLSearchParams({
      intent: "adjust-credits",
      direction: "add",
      amount: String(credits),
      reason: "Bench",
      nonce: `bench-${Date.now()}`,
    }),
    redirect: "manual",
  });
  if (adjusted.status >= 400) throw new Error(`Adding credits answered ${adjusted.status}`);
}

/** The server on a fresh PostgreSQL database with the demo data, beside DATABASE_URL's (dropped by stop()). */
async function startPostgresServer(env: Record<string, string>, nodeArgs?: string[]): Promise<Server> {
  const base = new URL(DATABASE_URL!);
  if (!["127.0.0.1", "localhost"].includes(base.hostname)) throw new Error("DATABASE_URL must be local");
  const name = `bench_hostile_${process.pid}`;
  const admin = openPostgres(DATABASE_URL!, { max: 1 });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  base.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-hostile-"));
  const serverEnv = { ...env, DATABASE_URL: base.toString(), DATA_DIR: dataDir, SEED_DEMO_DATA: "true", LOG_LEVEL: "warn" };
  await runCommand(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/db-setup.ts"], { ...process.env, ...serverEnv }, 300_000);
  const server = await startServer(serverEnv, PORT, undefined, undefined, { nodeArgs });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What one hostile request may cost: an answer within 2 s, while another client's health checks stay under 200 ms. */
const ANSWER_MS = 2_000;
const HEALTH_MS = 200;

/** Notes a phase whose slowest health check, meanwhile, took HEALTH_MS or more. */
function judgeHealth(phase: string, max: number, problems: string[]) {
  if (max >= HEALTH_MS) problems.push(`${phase}: another client's /api/health took ${max.toFixed(0)} ms (under ${HEALTH_MS} expected)`);
}

const timesOf = (answers: Array<{ ms: number }>) => answers.map(({ ms }) => ms).sort((a, b) => a - b);
const statusesOf = (answers: Array<{ status: number }>) => {
  const statuses = new Map<number, number>();
  for (const { status } of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return [...statuses].map(([status, n]) => `${status}×${n}`).join(" ");
};

async function routeShapes(base: string, cookie: string, problems: string[]) {
  const paths = probePaths();
  console.log(`${paths.length} routes: ${paths.join(" ")}`);
  const attacker = "198.18.0.3";
  const probes = await planProbes(base, paths, { "X-Forwarded-For": attacker }, { "X-Forwarded-For": attacker, Cookie: cookie });
  const rows: Array<Array<string | number>> = [];
  for (const shape of HOSTILE_SHAPES) {
    const answers: RouteAnswer[] = [];
    const health = watchHealth(base, "198.18.0.2");
    for (let round = 0; round < ROUNDS; round++) answers.push(...(await sendToEveryRoute(base, probes, shape)));
    const { count, max } = await health.stop();
    const times = timesOf(answers);
    const slowest = answers.reduce((worst, answer) => (answer.ms > worst.ms ? answer : worst));
    rows.push([
      shape.name,
      `${(shape.body.length / 1024).toFixed(0)} KB`,
      statusesOf(answers),
      percentile(times, 50).toFixed(0),
      times[times.length - 1].toFixed(0),
      `${slowest.method} ${slowest.probe.path}`,
      `${max.toFixed(0)} (${count})`,
    ]);
    for (const answer of answers) {
      const problem = answerProblem(answer, ANSWER_MS);
      if (problem) problems.push(`${shape.name}: ${problem}`);
    }
    judgeHealth(shape.name, max, problems);
  }
  console.log(`\nEach shape to every route (${ROUNDS} round${ROUNDS === 1 ? "" : "s"}), one request at a time; times in ms`);
  printTable(["shape", "body", "statuses", "median", "max", "slowest route", "max /api/health (checks)"], rows);
}

async function campaignPhases(base: string, cookie: string, problems: string[]) {
  const sender: Sender = { base, headers: { Cookie: cookie, "X-Forwarded-For": "198.18.0.4" } };
  let started = performance.now();
  await importContacts(sender, CONTACTS);
  console.log(`\nImported ${CONTACTS.toLocaleString("en")} contacts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await addCredits(base, cookie, CONTACTS * 3);
  const template = await campaignTemplate(sender);
  const rows: Array<Array<string | number>> = [];

  const shapes = campaignShapes(template);
  let health = watchHealth(base, "198.18.0.2");
  const answers = await sendCampaignShapes(sender, shapes);
  let watched = await health.stop();
  for (const answer of answers) {
    const problem = campaignAnswerProblem(answer, ANSWER_MS);
    if (problem) problems.push(problem);
  }
  judgeHealth("campaign shapes", watched.max, problems);
  const times = timesOf(answers);
  const slowest = answers.reduce((worst, answer) => (answer.ms > worst.ms ? answer : worst));
  rows.push([
    `${shapes.length} campaign shapes, one at a time`,
    statusesOf(answers),
    percentile(times, 50).toFixed(0),
    times.at(-1)!.toFixed(0),
    slowest.shape.name,
    `${watched.max.toFixed(0)} (${watched.count})`,
  ]);

  health = watchHealth(base, "198.18.0.2");
  started = performance.now();
  const loops = await estimateLoops(sender, template, { loops: 4, ms: 10_000 });
  watched = await health.stop();
  const asked = [...loops.values()].reduce((sum, n) => sum + n, 0);
  rows.push([
    "4 live-count loops, 10 s, a contact added every 100 ms",
    [...loops].map(([status, n]) => `${status}×${n}`).join(" "),
    "",
    (performance.now() - started).toFixed(0),
    `${asked} counts asked`,
    `${watched.max.toFixed(0)} (${watched.count})`,
  ]);
  for (const status of loops.keys()) if (status !== 200 && status !== 429) problems.push(`the live count answered ${status}`);
  judgeHealth("live-count loops", watched.max, problems);

  health = watchHealth(base, "198.18.0.2");
  const sent = await sendToAudience(sender, template);
  watched = await health.stop();
  rows.push([
    `a Send to all ${sent.messages.toLocaleString("en")}`,
    "200",
    sent.sendMs.toFixed(0),
    "",
    `messages written in ${(sent.writtenMs / 1000).toFixed(1)} s`,
    `${watched.max.toFixed(0)} (${watched.count})`,
  ]);
  if (sent.sendMs > ANSWER_MS) problems.push(`the Send answered in ${sent.sendMs.toFixed(0)} ms`);
  judgeHealth(`a Send to all ${sent.messages}`, watched.max, problems);

  console.log(`\nCampaign shapes as a business with ${CONTACTS.toLocaleString("en")} contacts; times in ms`);
  printTable(["shape", "statuses", "median / Send", "max", "slowest / what", "max /api/health (checks)"], rows);
}

let server: Server | undefined;
const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), "bench-hostile-profile-")) : null;
try {
  const env = { TRUST_PROXY: "1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SMS_SIMULATOR_REPORT_DELAY_SECONDS: "1" };
  // db-setup makes the admin's account with them.
  Object.assign(process.env, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const nodeArgs = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : undefined;
  server = DATABASE_URL ? await startPostgresServer(env, nodeArgs) : await startDemoServer(PORT, "bench-hostile-", env, { nodeArgs });
  const base = server.url;
  console.log(`Server on ${base} (${DATABASE_URL ? "PostgreSQL" : "PGlite"})`);
  const cookie = await signUp(base);
  // What /api/health takes with nothing else going on: the machine's own noise, to read the rest against.
  const idle = watchHealth(base, "198.18.0.2");
  await sleep(3_000);
  const baseline = await idle.stop();
  const problems: string[] = [];
  if (ONLY !== "campaigns") await routeShapes(base, cookie, problems);
  if (ONLY !== "routes") await campaignPhases(base, cookie, problems);
  const idleTimes = [...baseline.times].sort((a, b) => a - b);
  console.log(
    `\n/api/health alone (3 s, ${baseline.count} checks): median ${percentile(idleTimes, 50).toFixed(0)} ms, max ${baseline.max.toFixed(0)} ms`,
  );
  console.log(
    problems.length
      ? `\nFAIL, not as expected:\n${problems.join("\n")}`
      : `\nPASS: every answer as expected within ${ANSWER_MS / 1000} s; /api/health under ${HEALTH_MS} ms throughout.`,
  );
  if (problems.length) process.exitCode = 1;
} catch (error) {
  console.error(`The server's last output:\n${server?.output().slice(-3_000) ?? ""}`);
  throw error;
} finally {
  await server?.stop();
  if (profileDir) await printBusiestProfile(profileDir, 25);
}
