/**
 * Campaign dispatch throughput (issue 21): a business with N contacts (default 20,000) sends one
 * service campaign; the dispatch worker (app/models/sms-dispatch.server.ts) hands every message to
 * a provider that accepts at once, so what is measured is the worker's own cost: claiming batches
 * (FOR UPDATE SKIP LOCKED), the provider call and the set-based outcome UPDATE. Prints the time
 * starting the campaign took (writing the message rows and reserving the cost) and messages per
 * second for one dispatch loop, and on PostgreSQL for --loops N loops at once (several server
 * processes). The database is a fresh one (bench/sms-lib.ts): an in-memory PGlite, or with
 * DATABASE_URL a new database beside the one it names.
 *
 *   npx tsx bench/sms-dispatch-worker.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sms-dispatch-worker.ts --loops 4
 *
 * Flags: --messages N (20000)  --batch N (200)  --loops N (1; PostgreSQL only above 1)
 */
import { sql } from "drizzle-orm";

import { queryRows } from "~/db/query.server";
import { dispatchCampaign } from "~/models/sms-dispatch.server";
import { useSmsProvider } from "~/services/sms.server";

import { intFlag, parseFlags, secondsSince } from "./lib";
import { businessWithContacts, freshBenchDatabase, prepareSmsDatabase, startCampaign } from "./sms-lib";

const flags = parseFlags();
const MESSAGES = Math.max(1, intFlag(flags, "messages", 20_000));
const BATCH = Math.max(1, intFlag(flags, "batch", 200));

const database = await freshBenchDatabase("worker", { max: 20 });
const { handle } = database;
const LOOPS = handle.kind === "pglite" ? 1 : Math.max(1, intFlag(flags, "loops", 1));

try {
  await prepareSmsDatabase(handle);
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
  const userId = await businessWithContacts(handle, MESSAGES);
  let started = performance.now();
  const { campaignId, cost } = await startCampaign(userId);
  console.log(
    `${handle.description}: starting the campaign wrote ${MESSAGES} messages and reserved ${cost} credits in ${secondsSince(started)}`,
  );

  started = performance.now();
  // Long budgets: one job's loop runs to the end here (in production it requeues itself every 15 s).
  await Promise.all(Array.from({ length: LOOPS }, () => dispatchCampaign(campaignId, { budgetMs: 3_600_000, batchSize: BATCH })));
  const seconds = (performance.now() - started) / 1000;
  const [{ submitted }] = await queryRows<{ submitted: number }>(
    handle.db,
    sql`select count(*)::int as submitted from sms_messages where campaign_id = ${campaignId} and status = 'submitted'`,
  );
  console.log(
    `dispatch: ${submitted} messages submitted (${accepted} handed over) in ${seconds.toFixed(1)} s with ${LOOPS} loop(s) of batch ${BATCH}: ${Math.round(submitted / seconds)} messages/s`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.drop();
}
