/**
 * Two production servers on one PostgreSQL send one 20,000-message campaign to the simulator
 * together: prints how long it took, how the messages ended, and how many the simulator's log
 * received more than once (must be 0: a message is claimed by one worker at a time).
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sms-two-instances.ts
 *     --contacts N (20000)  --ports A,B (4162,4163)
 */
import { sql } from "drizzle-orm";

import { queryRows } from "~/db/query.server";
import { queueJob } from "~/jobs/queue.server";

import { intFlag, parseFlags, sleep, startServer, type Server } from "./lib";
import {
  businessWithContacts,
  messageStates,
  moneyFigures,
  prepareSmsDatabase,
  serverBenchDatabase,
  simulatorLogFigures,
  startCampaign,
} from "./sms-lib";

const flags = parseFlags();
const CONTACTS = intFlag(flags, "contacts", 20_000);
const PORTS = (flags.get("ports") ?? "4162,4163").split(",").map(Number);

const database = await serverBenchDatabase("two");
const { handle, serverEnv } = database;

const servers: Server[] = [];
try {
  await prepareSmsDatabase(handle);
  const userId = await businessWithContacts(handle, CONTACTS);
  // One after the other: the first migrates and seeds, the second finds it done.
  for (const port of PORTS) servers.push(await startServer(serverEnv, port));
  const began = performance.now();
  const { campaignId, recipients } = await startCampaign(userId);
  // The campaign's own job goes to one server; a second dispatch job for the same campaign, as a
  // sweep racing it on the other instance would queue, makes both send it at the same time.
  await handle.db.transaction((tx) => queueJob("campaign-dispatch", { campaignId }, { tx }));
  let states: Record<string, number> = {};
  let handedOverAt = 0;
  for (let waited = 0; waited < 10 * 60_000; waited += 250) {
    states = await messageStates(handle, campaignId);
    if (!states.queued && !handedOverAt) handedOverAt = performance.now();
    if (!states.queued && !states.submitted) break;
    await sleep(250);
  }
  const [jobs] = await queryRows<{ dispatches: number }>(
    handle.db,
    sql`select count(*)::int as dispatches from pgboss.job where name = 'campaign-dispatch' and data->>'campaignId' = ${campaignId}`,
  );
  const log = await simulatorLogFigures(handle, campaignId);
  const money = await moneyFigures(handle, userId, campaignId);
  const seconds = (handedOverAt - began) / 1000;
  console.log(`Two servers (ports ${PORTS.join(", ")}) on one PostgreSQL, one campaign of ${recipients} messages:`);
  console.log(
    `  handed over in ${seconds.toFixed(1)} s (${Math.round(recipients / seconds)} messages/s), ${jobs.dispatches} dispatch jobs`,
  );
  console.log(`  final states: ${JSON.stringify(states)}`);
  console.log(`  simulator log: ${log.receipts} receipts, ${log.duplicated} messages received more than once (must be 0)`);
  console.log(`  balance ${money.balance}, ledger sum ${money.ledgerSum}, charged ${money.charges} time(s)`);
} finally {
  for (const server of servers) await server.stop();
  await database.drop();
}
