/**
 * SMS history at scale (issue 21): one business with N messages (default 100,000) over two
 * campaigns and 90 days, beside other businesses' messages (default as many again), then the real
 * model functions one call at a time, p50/p95/p99 in ms: listSmsHistory's first page, a middle and
 * a deep page (offset 50,000), each filter (campaign, a rare status, a week), the campaign page's
 * counts (getCampaign) and the dashboard's smsSentCount.
 *
 * Runs on a fresh in-memory PGlite unless DATABASE_URL names a local PostgreSQL database (or
 * --pglite DIR), which it migrates and fills with INSERT … SELECT generate_series. A database that
 * already has messages is refused unless --reset (TRUNCATE users … CASCADE first: a bench database only).
 *
 *   npx tsx bench/sms-history.ts
 *   createdb -h 127.0.0.1 -U postgres bench_sms
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_sms npx tsx bench/sms-history.ts --reset
 *
 * Flags: --messages N (100000)  --others N (100000)  --iterations N (50)  --reset  --pglite DIR
 */
import { sql } from "drizzle-orm";

import { openPglite, type DatabaseHandle } from "~/db/client.server";
import { makeCampaign, makeUser } from "~/db/seed/factories.server";
import { addDays } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { getCampaign, listSmsHistory, SMS_HISTORY_PAGE_SIZE, smsSentCount } from "~/models/campaigns.server";

import { intFlag, openTarget, parseFlags, printTable, secondsSince } from "./lib";
import { emptyMessagesDatabase, fillMessages, measureCalls } from "./sms-lib";

const flags = parseFlags();
const handle: DatabaseHandle = process.env.DATABASE_URL || flags.has("pglite") ? openTarget(flags) : openPglite({});
const MESSAGES = Math.max(SMS_HISTORY_PAGE_SIZE, intFlag(flags, "messages", 100_000));
const OTHERS = Math.max(0, intFlag(flags, "others", 100_000));
const ITERATIONS = Math.max(1, intFlag(flags, "iterations", 50));

function measure(name: string, run: () => Promise<unknown>): Promise<Array<string | number>> {
  return measureCalls(name, run, ITERATIONS, 3);
}

async function main() {
  await emptyMessagesDatabase(handle, flags);
  const started = performance.now();
  const business = await makeUser({ businessName: "Rao Sweets" });
  const main = await makeCampaign({ userId: business.id, name: "Diwali", status: "sent" });
  const small = await makeCampaign({ userId: business.id, name: "Weekend", status: "sent" });
  await fillMessages(handle, business.id, main.id, MESSAGES - 1_000, 0);
  await fillMessages(handle, business.id, small.id, 1_000, MESSAGES);
  for (let written = 0; written < OTHERS; written += 10_000) {
    const other = await makeUser();
    const campaign = await makeCampaign({ userId: other.id, status: "sent" });
    await fillMessages(handle, other.id, campaign.id, Math.min(10_000, OTHERS - written), 1_000_000 + written);
  }
  await handle.db.execute(sql`vacuum analyze sms_messages`);
  console.log(`${handle.description}: ${MESSAGES} messages of one business and ${OTHERS} of others, written in ${secondsSince(started)}`);

  const deepPage = Math.floor(50_000 / SMS_HISTORY_PAGE_SIZE) + 1;
  const today = indianDate();
  const rows = [
    await measure("history, page 1", () => listSmsHistory(business.id, { page: 1 })),
    await measure("history, page 100", () => listSmsHistory(business.id, { page: 100 })),
    await measure(`history, page ${deepPage} (offset 50,000)`, () => listSmsHistory(business.id, { page: deepPage })),
    await measure("history, one campaign, page 1", () => listSmsHistory(business.id, { campaignId: small.id, page: 1 })),
    await measure("history, status failed, page 1", () => listSmsHistory(business.id, { status: "failed", page: 1 })),
    await measure("history, status failed, page 20", () => listSmsHistory(business.id, { status: "failed", page: 20 })),
    await measure("history, a week 30 days ago", () =>
      listSmsHistory(business.id, { from: addDays(today, -37), to: addDays(today, -30), page: 1 }),
    ),
    await measure("campaign page counts (100k)", () => getCampaign(business.id, main.id)),
    await measure("dashboard smsSentCount", () => smsSentCount(business.id)),
  ];
  printTable(["scenario", "p50 ms", "p95 ms", "p99 ms"], rows);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => handle.close());
