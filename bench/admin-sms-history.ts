/**
 * The admin's SMS screens at scale (issue 22): N messages (default 1,000,000) of 100 businesses over
 * 90 days, then the real model functions one call at a time, p50/p95/p99 in ms: /admin/sms-history
 * as it opens (the last 30 days, with its totals), a deep page, a rare status, one business by
 * search and by id, one campaign, an explicit whole-period range; /admin/campaigns as it opens and
 * filtered. Prints the plan of the opening page's queries, to see they read an index range.
 *
 * Runs on a fresh in-memory PGlite unless DATABASE_URL names a local PostgreSQL database (or
 * --pglite DIR); a database that already has messages is refused unless --reset (a bench database only).
 *
 *   npx tsx bench/admin-sms-history.ts --messages 300000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_sms npx tsx bench/admin-sms-history.ts --reset
 *
 * Flags: --messages N (1000000)  --businesses N (100)  --iterations N (20)  --reset  --pglite DIR
 */
import { sql } from "drizzle-orm";

import { openPglite, type DatabaseHandle } from "~/db/client.server";
import { queryRows } from "~/db/query.server";
import { makeCampaign, makeUser } from "~/db/seed/factories.server";
import { addDays } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { adminCampaignsQuerySchema, adminSmsHistoryQuerySchema } from "~/lib/schemas/admin-sms";
import { listAllCampaigns, listAllSmsHistory } from "~/models/admin-campaigns.server";

import { intFlag, openTarget, parseFlags, printTable, secondsSince } from "./lib";
import { emptyMessagesDatabase, fillMessages, measureCalls } from "./sms-lib";

const flags = parseFlags();
const handle: DatabaseHandle = process.env.DATABASE_URL || flags.has("pglite") ? openTarget(flags) : openPglite({});
const MESSAGES = Math.max(1_000, intFlag(flags, "messages", 1_000_000));
const BUSINESSES = Math.max(2, intFlag(flags, "businesses", 100));
const ITERATIONS = Math.max(1, intFlag(flags, "iterations", 20));

function measure(name: string, run: () => Promise<unknown>): Promise<Array<string | number>> {
  return measureCalls(name, run, ITERATIONS, 2);
}

async function explain(label: string, query: ReturnType<typeof sql>) {
  const plan = await queryRows<{ "QUERY PLAN": string }>(handle.db, sql`explain ${query}`);
  console.log(`\n${label}:\n${plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
}

async function main() {
  await emptyMessagesDatabase(handle, flags);
  const started = performance.now();
  const perBusiness = Math.ceil(MESSAGES / BUSINESSES);
  let first: { userId: string; campaignId: string; businessName: string } | null = null;
  for (let index = 0; index < BUSINESSES; index++) {
    const businessName = `Bench Shop ${index + 1}`;
    const business = await makeUser({ businessName });
    const campaign = await makeCampaign({ userId: business.id, status: "sent", recipientsCount: perBusiness, cost: perBusiness });
    await fillMessages(handle, business.id, campaign.id, perBusiness);
    first ??= { userId: business.id, campaignId: campaign.id, businessName };
  }
  await handle.db.execute(sql`vacuum analyze sms_messages`);
  await handle.db.execute(sql`vacuum analyze campaigns`);
  console.log(
    `${handle.description}: ${perBusiness * BUSINESSES} messages of ${BUSINESSES} businesses, written in ${secondsSince(started)}`,
  );

  const today = indianDate();
  const history = (params: Record<string, string>) => () => listAllSmsHistory(adminSmsHistoryQuerySchema.parse(params));
  const campaignList = (params: Record<string, string>) => () => listAllCampaigns(adminCampaignsQuerySchema.parse(params));
  const rows = [
    await measure("sms-history as it opens (30 days, totals)", history({})),
    await measure("sms-history, page 100 of 30 days", history({ page: "100" })),
    await measure("sms-history, status failed (30 days)", history({ status: "failed" })),
    await measure("sms-history, one business by name", history({ business: first!.businessName })),
    await measure("sms-history, one business by id", history({ business: first!.userId })),
    await measure("sms-history, one campaign", history({ campaignId: first!.campaignId })),
    await measure("sms-history, a week 60 days ago", history({ from: addDays(today, -67), to: addDays(today, -60) })),
    await measure("sms-history, all 90 days asked for", history({ from: addDays(today, -91) })),
    await measure("campaigns as it opens (totals)", campaignList({})),
    await measure("campaigns, status sent, one business", campaignList({ status: "sent", business: "Bench Shop 7" })),
  ];
  printTable(["scenario", "p50 ms", "p95 ms", "p99 ms"], rows);

  const from = addDays(today, -29);
  await explain(
    "the opening page's ids",
    sql`select id from sms_messages where created_at >= ${new Date(Date.parse(`${from}T00:00:00+05:30`)).toISOString()}::timestamptz
        order by created_at desc nulls last, id desc nulls last limit 50`,
  );
  await explain(
    "the opening page's totals",
    sql`select count(*), count(submitted_at), sum(parts) from sms_messages
        where created_at >= ${new Date(Date.parse(`${from}T00:00:00+05:30`)).toISOString()}::timestamptz`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => handle.close());
