/**
 * Campaign dispatch throughput (issue 21): a business with N contacts (default 20,000) sends one
 * service campaign; the dispatch worker (app/models/sms-dispatch.server.ts) hands every message to
 * a provider that accepts at once, so what is measured is the worker's own cost: claiming batches
 * (FOR UPDATE SKIP LOCKED), the provider call and the set-based outcome UPDATE. Prints the time
 * sendCampaign took (writing the message rows and reserving the cost) and messages per second for
 * one dispatch loop, and on PostgreSQL for --loops N loops at once (several server processes).
 *
 * Runs on a fresh in-memory PGlite unless DATABASE_URL names a local PostgreSQL database (or
 * --pglite DIR); a database that already has users is refused unless --reset (TRUNCATE users … CASCADE).
 *
 *   npx tsx bench/sms-dispatch.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_dispatch npx tsx bench/sms-dispatch.ts --reset --loops 4
 *
 * Flags: --messages N (20000)  --batch N (200)  --loops N (1; PostgreSQL only above 1)  --reset  --pglite DIR
 */
import { sql } from "drizzle-orm";

import { openPglite, type DatabaseHandle } from "~/db/client.server";
import { useDatabase } from "~/db/db.server";
import { migrateDatabase } from "~/db/migrate.server";
import { queryRows } from "~/db/query.server";
import { makeTemplate, makeUser } from "~/db/seed/factories.server";
import { prepareJobQueues } from "~/jobs/queue.server";
import { createCampaign, sendCampaign } from "~/models/campaigns.server";
import { dispatchCampaign } from "~/models/sms-dispatch.server";
import { useSmsProvider } from "~/services/sms.server";

import { intFlag, openTarget, parseFlags, secondsSince } from "./lib";

const flags = parseFlags();
const handle: DatabaseHandle = process.env.DATABASE_URL || flags.has("pglite") ? openTarget(flags, { max: 20 }) : openPglite({});
const MESSAGES = Math.max(1, intFlag(flags, "messages", 20_000));
const BATCH = Math.max(1, intFlag(flags, "batch", 200));
const LOOPS = handle.kind === "pglite" ? 1 : Math.max(1, intFlag(flags, "loops", 1));

async function main() {
  useDatabase(handle);
  await migrateDatabase(handle);
  await prepareJobQueues(handle);
  const [{ existing }] = await queryRows<{ existing: number }>(handle.db, sql`select count(*)::int as existing from users`);
  if (existing > 0) {
    if (!flags.has("reset"))
      throw new Error(`This database already has ${existing} users: pass --reset to empty it (a bench database only)`);
    await handle.db.execute(sql`truncate users cascade`);
  }
  let accepted = 0;
  useSmsProvider({
    name: "bench",
    async send(batch) {
      accepted += batch.length;
      return batch.map((message) => ({
        messageId: message.messageId,
        outcome: "accepted" as const,
        providerMessageId: `bench-${message.messageId}`,
      }));
    },
  });
  const business = await makeUser({ balance: MESSAGES * 2 + 100, businessName: "Rao Sweets" });
  await handle.db.execute(sql`
    insert into contacts (user_id, name, mobile_number)
    select ${business.id}::uuid, 'Customer ' || n, '+9198' || lpad(n::text, 8, '0') from generate_series(1::int, ${MESSAGES}::int) as n`);
  const template = await makeTemplate({
    kind: "sms",
    title: "Order ready",
    content: "Hi {#var#}, your order from {#var#} is ready for pickup.",
    slotHints: ["Customer name", "Business name"],
    smsCategory: "service",
    hashtags: [],
  });
  const created = await createCampaign(business.id, {
    name: "Bench",
    templateId: template.id,
    message: null,
    slotFills: [{ source: "contact_name" }, { source: "business_name" }],
    audience: { all: true },
    sendAt: null,
  });
  if (!created.ok) throw new Error(created.message);
  let started = performance.now();
  const sent = await sendCampaign(business.id, created.campaign.id);
  if (!sent.ok) throw new Error(sent.message);
  console.log(
    `${handle.description}: sendCampaign wrote ${MESSAGES} messages and reserved ${sent.campaign.cost} credits in ${secondsSince(started)}`,
  );

  started = performance.now();
  // Long budgets: one job's loop runs to the end here (in production it requeues itself every 15 s).
  await Promise.all(Array.from({ length: LOOPS }, () => dispatchCampaign(created.campaign.id, { budgetMs: 3_600_000, batchSize: BATCH })));
  const seconds = (performance.now() - started) / 1000;
  const [{ submitted }] = await queryRows<{ submitted: number }>(
    handle.db,
    sql`select count(*)::int as submitted from sms_messages where campaign_id = ${created.campaign.id} and status = 'submitted'`,
  );
  console.log(
    `dispatch: ${submitted} messages submitted (${accepted} handed over) in ${seconds.toFixed(1)} s with ${LOOPS} loop(s) of batch ${BATCH}: ${Math.round(submitted / seconds)} messages/s`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => handle.close());
