/**
 * Shared by the SMS benches: a migrated database with the SMS price and a sending window open all
 * day, a business with N contacts, one campaign of a service template to all of them started
 * through the real campaign model, and what the campaign's messages and the simulator's log say
 * afterwards. Not a benchmark itself.
 */
import { eq, sql } from "drizzle-orm";

import { openPglite, openPostgres, type DatabaseHandle } from "~/db/client.server";
import { useDatabase } from "~/db/db.server";
import { migrateDatabase } from "~/db/migrate.server";
import { queryRows } from "~/db/query.server";
import { creditLedger, pricing, settings, users } from "~/db/schema";
import { makeTemplate, makeUser } from "~/db/seed/factories.server";
import { prepareJobQueues } from "~/jobs/queue.server";
import { createCampaign, sendCampaign } from "~/models/campaigns.server";
import { DEFAULT_PRICES } from "~/models/pricing.server";
import { SMS_SETTING_KEYS } from "~/models/settings.server";

import { formatMs, percentile } from "./lib";

/**
 * A fresh database for one run: with DATABASE_URL (a local PostgreSQL), a new database beside the
 * one it names, dropped by `drop`; without, an in-memory PGlite. `url` is what a server process
 * started on it is given.
 */
export async function freshBenchDatabase(label: string, options: { max?: number } = {}) {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const handle = openPglite({});
    return { handle, url: null, drop: handle.close };
  }
  const parsed = new URL(base);
  if (!["127.0.0.1", "localhost", "::1", "[::1]"].includes(parsed.hostname)) {
    throw new Error(`Benchmarks only run against a local database (got host ${parsed.hostname})`);
  }
  const name = `bench_sms_${label}_${process.pid}`;
  const admin = openPostgres(base, { max: 1 });
  await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
  await admin.db.execute(sql.raw(`create database "${name}"`));
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const handle = openPostgres(url, options);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    },
  };
}

/**
 * A fresh PostgreSQL database for benches that start production servers on it (several lives or
 * several processes share it), and the environment those servers get: the simulator, reporting
 * 2 s after it takes a message, a tenth failing.
 */
export async function serverBenchDatabase(label: string) {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL=postgres://… (a local PostgreSQL): the servers share it");
  const database = await freshBenchDatabase(label, { max: 4 });
  const serverEnv = {
    DATABASE_URL: database.url!,
    SEED_DEMO_DATA: "false",
    LOG_LEVEL: "warn",
    SMS_PROVIDER: "simulator",
    SMS_SIMULATOR_FAILURE_SHARE: "0.1",
    SMS_SIMULATOR_REPORT_DELAY_SECONDS: "2",
  };
  return { ...database, serverEnv };
}

/** Migrates (the job queue too), prices as installed, and the sending window open all day (the bench runs at any hour). */
export async function prepareSmsDatabase(handle: DatabaseHandle) {
  useDatabase(handle);
  await migrateDatabase(handle);
  await prepareJobQueues(handle);
  await handle.db
    .insert(pricing)
    .values([...DEFAULT_PRICES])
    .onConflictDoNothing();
  const window = { startHour: 0, endHour: 24 };
  await handle.db
    .insert(settings)
    .values({ key: SMS_SETTING_KEYS.window, value: window })
    .onConflictDoUpdate({ target: settings.key, set: { value: window } });
}

/** A business with `count` contacts (unique +91 98… numbers, in one INSERT … SELECT) and credits for every message. */
export async function businessWithContacts(handle: DatabaseHandle, count: number): Promise<string> {
  const user = await makeUser({ balance: count * 10, businessName: "Bench Sweets" });
  await handle.db.execute(sql`
    insert into contacts (user_id, name, mobile_number, can_get_sms)
    select ${user.id}::uuid, 'Customer ' || g, '+9198' || lpad(g::text, 8, '0'), true
    from generate_series(1, ${count}::int) as g`);
  return user.id;
}

/** A campaign of a service template (no sending window) to all the business's contacts, started: its messages are queued and its dispatch job is on the queue. */
export async function startCampaign(userId: string): Promise<{ campaignId: string; recipients: number; cost: number }> {
  const template = await makeTemplate({
    kind: "sms",
    title: "Order ready",
    content: "Hi {#var#}, your order at {#var#} is ready for pickup.",
    slotHints: ["Customer name", "Business name"],
    smsCategory: "service",
    hashtags: [],
  });
  const created = await createCampaign(userId, {
    name: "Bench campaign",
    templateId: template.id,
    message: null,
    slotFills: [{ source: "contact_name" }, { source: "business_name" }],
    audience: { all: true },
    sendAt: null,
  });
  if (!created.ok) throw new Error(`createCampaign refused: ${created.message}`);
  const sent = await sendCampaign(userId, created.campaign.id);
  if (!sent.ok) throw new Error(`sendCampaign refused: ${sent.message}`);
  return { campaignId: created.campaign.id, recipients: sent.estimate.recipients, cost: sent.estimate.cost };
}

/** How many of the campaign's messages are in each status. */
export async function messageStates(handle: DatabaseHandle, campaignId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    handle.db,
    sql`select status, count(*)::int as n from sms_messages where campaign_id = ${campaignId} group by status order by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** What the simulator's log says of the campaign: receipts, messages received more than once, and the most received in one second. */
export async function simulatorLogFigures(handle: DatabaseHandle, campaignId: string) {
  const [figures] = await queryRows<{ receipts: number; duplicated: number; extra: number }>(
    handle.db,
    sql`select coalesce(sum(n), 0)::int as receipts, count(*) filter (where n > 1)::int as duplicated, coalesce(sum(n - 1), 0)::int as extra
        from (select l.message_id, count(*) as n from sms_simulator_log l
              join sms_messages m on m.id = l.message_id where m.campaign_id = ${campaignId} group by l.message_id) as per_message`,
  );
  const [busiest] = await queryRows<{ max: number | null }>(
    handle.db,
    sql`select max(n)::int as max from (select date_trunc('second', l.created_at) as second, count(*) as n from sms_simulator_log l
        join sms_messages m on m.id = l.message_id where m.campaign_id = ${campaignId} group by 1) as per_second`,
  );
  return {
    receipts: Number(figures.receipts),
    duplicated: Number(figures.duplicated),
    extra: Number(figures.extra),
    maxPerSecond: busiest.max ?? 0,
  };
}

/** The business's balance, what its ledger adds up to, and how many times the campaign was charged. */
export async function moneyFigures(handle: DatabaseHandle, userId: string, campaignId: string) {
  const [{ balance }] = await handle.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  const [ledger] = await queryRows<{ sum: number; charges: number; refunds: number }>(
    handle.db,
    sql`select coalesce(sum(amount), 0)::int as sum,
               count(*) filter (where reason = 'campaign' and reference = ${campaignId})::int as charges,
               count(*) filter (where reason = 'refund' and reference = ${`campaign:${campaignId}`})::int as refunds
        from ${creditLedger} where user_id = ${userId}`,
  );
  return { balance, ledgerSum: Number(ledger.sum), charges: Number(ledger.charges), refunds: Number(ledger.refunds) };
}

/** Messages not in a final state (queued or held by a worker). */
export const unfinished = (states: Record<string, number>) => states.queued ?? 0;

/**
 * The history benches' database, migrated and without messages: one that already holds some is
 * emptied only when --reset says it is a bench database.
 */
export async function emptyMessagesDatabase(handle: DatabaseHandle, flags: Map<string, string>) {
  useDatabase(handle);
  await migrateDatabase(handle);
  const [{ existing }] = await queryRows<{ existing: number }>(handle.db, sql`select count(*)::int as existing from sms_messages`);
  if (existing === 0) return;
  if (!flags.has("reset"))
    throw new Error(`This database already has ${existing} messages: pass --reset to empty it (a bench database only)`);
  await handle.db.execute(sql`truncate users cascade`);
}

/**
 * Writes `count` messages of one campaign, spread over the last 90 days (numbers from `from` on);
 * about 1 in 50 failed, 1 in 20 still queued: the SMS History benches' data.
 */
export async function fillMessages(handle: DatabaseHandle, userId: string, campaignId: string, count: number, from = 0) {
  const chunk = 50_000;
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk);
    await handle.db.execute(sql`
      insert into sms_messages (user_id, campaign_id, to_number, body, parts, encoding, cost, status, created_at, submitted_at, failure_reason)
      select ${userId}::uuid, ${campaignId}::uuid, '+9198' || lpad((${from}::int + n)::text, 8, '0'),
             'Hi Ravi, Rao Sweets has 20% off for you. Reply STOP to opt out.', 1, 'GSM-7', 1,
             case when n % 50 = 0 then 'failed' when n % 20 = 0 then 'queued' when n % 3 = 0 then 'submitted' else 'delivered' end,
             now() - make_interval(secs => n * (90 * 86400.0 / ${count}::int)),
             case when n % 50 = 0 or n % 20 = 0 then null else now() - make_interval(secs => n * (90 * 86400.0 / ${count}::int)) end,
             case when n % 50 = 0 then 'Number not reachable' else null end
      from generate_series(${start + 1}::int, ${end}::int) as n`);
  }
}

/** One call timed `iterations` times after `warmUp` untimed ones: its table row (name, p50, p95, p99). */
export async function measureCalls(
  name: string,
  run: () => Promise<unknown>,
  iterations: number,
  warmUp: number,
): Promise<Array<string | number>> {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return [name, formatMs(percentile(times, 50)), formatMs(percentile(times, 95)), formatMs(percentile(times, 99))];
}
