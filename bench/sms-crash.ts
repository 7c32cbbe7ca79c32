/**
 * Crash test: the production server on PostgreSQL sends a 20,000-message campaign to the
 * simulator and is killed (SIGKILL, its whole process group) at 10 random points of the campaign
 * (when a random number of its messages have been handed over), restarted each time. Then, once the campaign has finished and its delivery reports are in: every message in
 * exactly one final state, the campaign charged once and refunded at most once, the ledger adding
 * up to the balance, and how many messages the simulator's log received twice (a killed worker's
 * batch in flight goes again once its claim runs out: at most one batch per crash).
 *
 *   npm run build
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/sms-crash.ts
 *     --contacts N (20000)  --kills N (10)  --port N (4161)  --seed N (21)
 */
import { sql } from "drizzle-orm";

import { queryRows } from "~/db/query.server";
import { seededRandom } from "~/db/seed/deterministic";

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
const KILLS = intFlag(flags, "kills", 10);
const PORT = intFlag(flags, "port", 4161);
const random = seededRandom(intFlag(flags, "seed", 21));
const FINAL = ["delivered", "failed", "undelivered", "skipped", "cancelled"];

const database = await serverBenchDatabase("crash");
const { handle, serverEnv } = database;

/** SIGKILL to the server's whole process group: no shutdown code runs, as when a machine dies. */
function kill(server: Server) {
  if (server.process.pid) process.kill(-server.process.pid, "SIGKILL");
  return new Promise((resolve) => (server.process.exitCode !== null ? resolve(null) : server.process.once("exit", resolve)));
}

const handedOver = async (campaignId: string) => {
  const [{ n }] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from sms_messages where campaign_id = ${campaignId} and status <> 'queued'`,
  );
  return n;
};

let server: Server | null = null;
try {
  await prepareSmsDatabase(handle);
  const userId = await businessWithContacts(handle, CONTACTS);
  server = await startServer(serverEnv, PORT);
  const began = performance.now();
  const { campaignId, recipients, cost } = await startCampaign(userId);
  console.log(`Campaign of ${recipients} messages (cost ${cost}) started; killing the server ${KILLS} times`);
  // Ten random points of the campaign: kill when that many messages have been handed over.
  const points = Array.from({ length: KILLS }, () => random.int(1, recipients - 1)).sort((a, b) => a - b);
  for (const [index, point] of points.entries()) {
    let done = await handedOver(campaignId);
    while (done < point) {
      await sleep(20);
      done = await handedOver(campaignId);
    }
    await kill(server);
    console.log(`  kill ${index + 1}: at ${done} of ${recipients} handed over`);
    server = await startServer(serverEnv, PORT);
  }
  // The last life finishes the campaign (claims of killed workers run out after 60 s) and the reports come in.
  let states: Record<string, number> = {};
  for (let waited = 0; waited < 10 * 60_000; waited += 1_000) {
    states = await messageStates(handle, campaignId);
    const [campaign] = await queryRows<{ status: string; settled: boolean }>(
      handle.db,
      sql`select status, settled_at is not null as settled from campaigns where id = ${campaignId}`,
    );
    if (campaign.settled && !states.queued && !states.submitted) break;
    await sleep(1_000);
  }
  const seconds = (performance.now() - began) / 1000;
  const [campaign] = await queryRows<{ status: string; cost: number; refunded: number }>(
    handle.db,
    sql`select status, cost, refunded from campaigns where id = ${campaignId}`,
  );
  const [{ rows, distinct }] = await queryRows<{ rows: number; distinct: number }>(
    handle.db,
    sql`select count(*)::int as rows, count(distinct contact_id)::int as distinct from sms_messages where campaign_id = ${campaignId}`,
  );
  const inFinal = Object.entries(states)
    .filter(([status]) => FINAL.includes(status))
    .reduce((sum, [, n]) => sum + n, 0);
  const money = await moneyFigures(handle, userId, campaignId);
  const log = await simulatorLogFigures(handle, campaignId);
  console.log(`\nAfter ${KILLS} kills, ${seconds.toFixed(0)} s in all:`);
  console.log(`  campaign: ${campaign.status}, cost ${campaign.cost}, refunded ${campaign.refunded}`);
  console.log(`  messages: ${rows} rows for ${distinct} contacts; ${inFinal} in a final state ${JSON.stringify(states)}`);
  console.log(
    `  every message in exactly one final state: ${inFinal === recipients && rows === recipients && distinct === recipients ? "yes" : "NO"}`,
  );
  console.log(
    `  charged ${money.charges} time(s), refunded ${money.refunds} time(s): ${money.charges === 1 && money.refunds <= 1 ? "no double charge" : "DOUBLE"}`,
  );
  console.log(`  balance ${money.balance}, ledger sum ${money.ledgerSum}: ${money.balance === money.ledgerSum ? "equal" : "DIFFERENT"}`);
  console.log(
    `  simulator log: ${log.receipts} receipts; ${log.duplicated} messages received twice (${log.extra} extra receipts), ${(log.extra / KILLS).toFixed(1)} per kill`,
  );
} finally {
  await server?.stop();
  await database.drop();
}
