/**
 * SMS dispatch throughput: one business with N contacts (20,000), one campaign to all of them
 * started through the campaign model, sent through the real queue (pg-boss) and the real dispatch
 * worker to the embedded simulator. Prints messages per second with no rate limit, then (a second
 * business and campaign) with a rate limit, where it also prints the most messages the
 * simulator's log received in any one second, and the most slots taken in one second.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sms-dispatch.ts   # PostgreSQL (a fresh database beside it)
 *   npx tsx bench/sms-dispatch.ts                                                           # PGlite, in memory
 *     --contacts N (20000)  --rate-limit N (200 messages/s)  --limited-contacts N (4000)
 *     --report-delay S (3: seconds before the simulator's delivery reports, which load the database meanwhile)
 */
import { sql } from "drizzle-orm";

import { queryRows } from "~/db/query.server";
import { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/workers.server";
import { rateLimited, simulatorProvider } from "~/services/sms-providers.server";
import { useSmsProvider } from "~/services/sms.server";

import { intFlag, parseFlags, printTable, sleep } from "./lib";
import { businessWithContacts, freshBenchDatabase, messageStates, prepareSmsDatabase, simulatorLogFigures, startCampaign } from "./sms-lib";

const flags = parseFlags();
const CONTACTS = intFlag(flags, "contacts", 20_000);
const RATE_LIMIT = intFlag(flags, "rate-limit", 200);
const LIMITED_CONTACTS = intFlag(flags, "limited-contacts", 4_000);
const REPORT_DELAY = intFlag(flags, "report-delay", 3);

const database = await freshBenchDatabase("dispatch", { max: 10 });
const { handle } = database;
console.log(`Database: ${handle.kind === "postgres" ? `PostgreSQL (${handle.description})` : "PGlite (in memory)"}`);

/** Sends one campaign of `contacts` messages and times it from the send to the last message handed over. */
async function run(contacts: number, limit: number) {
  const simulator = simulatorProvider({ failureShare: 0.1, reportDelaySeconds: REPORT_DELAY });
  useSmsProvider(limit > 0 ? rateLimited(simulator, limit) : simulator);
  const userId = await businessWithContacts(handle, contacts);
  const started = performance.now();
  const { campaignId, recipients } = await startCampaign(userId);
  let queued = recipients;
  while (queued > 0) {
    await sleep(100);
    [{ queued }] = await queryRows<{ queued: number }>(
      handle.db,
      sql`select count(*)::int as queued from sms_messages where campaign_id = ${campaignId} and status = 'queued'`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  // The simulator's delivery reports come REPORT_DELAY s later, through the queue: wait for them.
  for (let waited = 0; waited < 60_000 + REPORT_DELAY * 1000; waited += 250) {
    if (!(await messageStates(handle, campaignId)).submitted) break;
    await sleep(250);
  }
  const log = await simulatorLogFigures(handle, campaignId);
  const [slots] = await queryRows<{ max: number | null }>(handle.db, sql`select max(sent)::int as max from sms_send_windows`);
  return { recipients, seconds, states: await messageStates(handle, campaignId), log, maxSlots: slots.max ?? 0 };
}

try {
  await prepareSmsDatabase(handle);
  await startBackgroundJobs();
  const open = await run(CONTACTS, 0);
  const limited = await run(LIMITED_CONTACTS, RATE_LIMIT);
  printTable(
    ["run", "messages", "seconds", "messages/s", "max/s in simulator log", "max slots/s", "final states", "received twice"],
    [
      [
        "no rate limit",
        open.recipients,
        open.seconds.toFixed(1),
        Math.round(open.recipients / open.seconds),
        open.log.maxPerSecond,
        "-",
        JSON.stringify(open.states),
        open.log.duplicated,
      ],
      [
        `SMS_RATE_LIMIT=${RATE_LIMIT}`,
        limited.recipients,
        limited.seconds.toFixed(1),
        Math.round(limited.recipients / limited.seconds),
        limited.log.maxPerSecond,
        limited.maxSlots,
        JSON.stringify(limited.states),
        limited.log.duplicated,
      ],
    ],
  );
} finally {
  await stopBackgroundJobs();
  await database.drop();
}
