/**
 * "Download my data" at scale (issue 18): a business with 150,000 contacts, and 8 downloads of
 * its /settings/data.json at once, as the audit ran them. Prepares a fresh embedded database
 * (PGlite, essentials only) in a temporary DATA_DIR, fills it with INSERT … SELECT
 * generate_series, starts the production server on it, signs in, then while the downloads run
 * samples the server process's resident memory (RSS, /proc) every 20 ms and asks /api/health
 * every 100 ms. Prints each download (status, MB, seconds), RSS before / at its peak / after, and
 * /api/health's latency meanwhile (p50, p95, max; a server that holds its event loop answers late).
 *
 * Three downloads an hour per account are served; the rest of one account's 8 are refused at
 * once (429). --accounts 8 gives each download an account of its own (each with --contacts), so
 * all 8 stream at once. --root DIR measures another checkout's build (e.g. the version before the
 * fix: `git worktree add /tmp/before <commit>`, link node_modules, `npm run build` there).
 * Needs a build: run `npm run build` first. Linux only (/proc).
 *
 *   npx tsx bench/data-export.ts                 # --contacts 150000 --downloads 8 --accounts 1 --port 4140
 *   npx tsx bench/data-export.ts --accounts 8
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { openPglite } from "~/db/client.server";
import { useDatabase } from "~/db/db.server";
import { makeUser } from "~/db/seed/factories.server";

import { ROOT, formatMs, intFlag, parseFlags, percentile, printTable, runCommand, serverRssMb, sleep, startServer } from "./lib";

const flags = parseFlags();
const CONTACTS = intFlag(flags, "contacts", 150_000);
const DOWNLOADS = intFlag(flags, "downloads", 8);
const ACCOUNTS = Math.max(1, intFlag(flags, "accounts", 1));
const PORT = intFlag(flags, "port", 4140);
const SERVER_ROOT = path.resolve(flags.get("root") ?? ROOT);
const PASSWORD = "bench-export-42";
const FILL_CHUNK = 50_000;

/** The business's contacts as a shop's list has them: a name, a unique number, an email on 60%, groups, notes on 10%; one a minute back in time. */
function insertContacts(userId: string, from: number, to: number) {
  return sql`
    insert into contacts (user_id, name, mobile_number, email, tags, notes, opted_out, consent_source, consent_at, created_at, updated_at, can_get_sms)
    select ${userId}::uuid, 'Customer ' || n, '+91' || (7000000000 + n)::text,
           case when n % 5 < 3 then 'customer' || n || '@example.in' end,
           array_remove(array[case when n % 3 = 0 then 'Regulars' end, case when n % 7 = 0 then 'Diwali 2025' end], null),
           case when n % 10 = 0 then 'Prefers WhatsApp; comes on weekends' end,
           n % 50 = 0, 'in store', t, t, t, true
    from generate_series(${from}::int, ${to}::int) as n, lateral (select now() - n * interval '1 minute' as t) as at`;
}

/** A fresh DATA_DIR with the essentials, and ACCOUNTS businesses of CONTACTS contacts each; their emails. */
async function prepare(dataDir: string): Promise<string[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO_DATA: "false" };
  delete env.DATABASE_URL;
  let started = performance.now();
  await runCommand(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/db-setup.ts"], env, 300_000);
  console.log(`db-setup (essentials): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const handle = openPglite({ dataDir: path.join(dataDir, "pglite") });
  useDatabase(handle);
  try {
    started = performance.now();
    const emails: string[] = [];
    for (let account = 1; account <= ACCOUNTS; account++) {
      const email = `bench-export-${account}@example.in`;
      const { id } = await makeUser({ email, password: PASSWORD, businessName: `Bench Stores ${account}` });
      for (let from = 1; from <= CONTACTS; from += FILL_CHUNK)
        await handle.db.execute(insertContacts(id, from, Math.min(CONTACTS, from + FILL_CHUNK - 1)));
      emails.push(email);
    }
    await handle.db.execute(sql`vacuum analyze contacts`);
    console.log(`${ACCOUNTS} × ${CONTACTS.toLocaleString("en")} contacts: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return emails;
  } finally {
    await handle.close();
  }
}

/** Signs in through the login form, as a browser does: the session cookie. */
async function signIn(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: url },
    body: new URLSearchParams({ intent: "login", username: email, password: PASSWORD }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => /session=/.test(pair))
    .join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`Sign-in as ${email} answered ${response.status}`);
  return cookie;
}

type Download = { status: number | string; megabytes: number; seconds: number };

const failure = (error: unknown) => `error ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`;

async function download(url: string, cookie: string): Promise<Download> {
  const started = performance.now();
  let bytes = 0;
  let status: number | string;
  try {
    const response = await fetch(`${url}/settings/data.json`, { headers: { Cookie: cookie, Accept: "application/json" } });
    status = response.status;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  } catch (error) {
    status = failure(error);
  }
  return { status, megabytes: bytes / 1024 / 1024, seconds: (performance.now() - started) / 1000 };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-data-export-"));
let stop: (() => Promise<void>) | undefined;
try {
  const emails = await prepare(dataDir);
  const server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO_DATA: "false", LOG_LEVEL: "warn", DATABASE_URL: "" },
    PORT,
    120_000,
    SERVER_ROOT,
  );
  stop = async () => {
    if (server.process.exitCode !== null || server.process.signalCode !== null)
      console.log(`The server's last words:\n${server.output().slice(-3_000)}`);
    await server.stop();
  };
  const group = server.process.pid!;
  const cookies = await Promise.all(emails.map((email) => signIn(server.url, email)));
  await sleep(1_000);

  const before = serverRssMb(group);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(group))), 20);
  const healthMs: number[] = [];
  const healthFailures: string[] = [];
  let downloading = true;
  const prober = (async () => {
    while (downloading) {
      const asked = performance.now();
      try {
        await (await fetch(`${server.url}/api/health`)).text();
        healthMs.push(performance.now() - asked);
      } catch (error) {
        healthFailures.push(failure(error));
      }
      await sleep(100);
    }
  })();
  const started = performance.now();
  const downloads = await Promise.all(
    Array.from({ length: DOWNLOADS }, (_, index) => download(server.url, cookies[index % cookies.length])),
  );
  const seconds = (performance.now() - started) / 1000;
  downloading = false;
  await prober;
  await sleep(1_000);
  clearInterval(sampler);
  const after = serverRssMb(group);

  console.log(
    `\n${DOWNLOADS} downloads of /settings/data.json at once, ${ACCOUNTS === 1 ? "one account" : `${ACCOUNTS} accounts`} of ` +
      `${CONTACTS.toLocaleString("en")} contacts (server: ${SERVER_ROOT === ROOT ? "this checkout" : SERVER_ROOT}); all done in ${seconds.toFixed(1)} s`,
  );
  printTable(
    ["download", "status", "MB", "seconds"],
    downloads.map((result, index) => [String(index + 1), result.status, result.megabytes.toFixed(1), result.seconds.toFixed(1)]),
  );
  if (healthFailures.length) console.log(`/api/health failed ${healthFailures.length} times: ${[...new Set(healthFailures)].join(", ")}`);
  const sorted = [...healthMs].sort((a, b) => a - b);
  console.log("");
  printTable(
    ["server RSS before", "peak", "after", "/api/health asks", "p50 ms", "p95 ms", "max ms"],
    [
      [
        `${before.toFixed(0)} MB`,
        `${peak.toFixed(0)} MB`,
        `${after.toFixed(0)} MB`,
        sorted.length,
        formatMs(percentile(sorted, 50)),
        formatMs(percentile(sorted, 95)),
        formatMs(sorted[sorted.length - 1]),
      ],
    ],
  );
} finally {
  await stop?.();
  rmSync(dataDir, { recursive: true, force: true });
}
