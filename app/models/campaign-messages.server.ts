import { setImmediate as nextTurn } from "node:timers/promises";

import { and, asc, eq, gt, lte, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { campaigns, contacts } from "~/db/schema";
import { FINAL_CAMPAIGN_STATUSES } from "~/lib/campaign-status";
import { analyseSms, type SmsEncoding } from "~/lib/sms-text";

import { inAudience, notOptedOut } from "./campaign-audience.server";
import { CAMPAIGN_REFUSALS, campaignRenderer } from "./campaigns.server";
import { priceOf } from "./pricing.server";

/**
 * A sent campaign's messages, written by its dispatch job rather than by the request that sent it:
 * a chunk of contacts a transaction, in contact id order from where the last chunk stopped (so a
 * job that dies resumes there), yielding to other work between chunks. On the embedded PGlite every
 * request shares the one process with the database: 100,000 messages written at once stopped the
 * whole server for a minute.
 */

/** Contacts a transaction writes messages for: tens of milliseconds on PGlite. */
export const WRITE_CHUNK = 250;

export type WriteResult = "written" | "more" | "stopped";

type MessageRow = {
  contact_id: string;
  to_number: string;
  body: string;
  parts: number;
  encoding: SmsEncoding;
  cost: number;
  status: "queued" | "skipped";
  failure_reason: string | null;
};

/**
 * Writes the campaign's messages until all are written ('written'), the time budget is spent
 * ('more': the job queues itself again) or the campaign ended or is not one that was sent
 * ('stopped'). One message per contact of its audience as it was when it was sent (contacts added
 * since were not paid for), not opted out by now; a number that cannot get SMS is written as
 * skipped, at no cost. Each costs its own parts: what was reserved covers it (settling gives back
 * the difference).
 */
export async function writeCampaignMessages(
  campaignId: string,
  { budgetMs, chunk = WRITE_CHUNK }: { budgetMs: number; chunk?: number },
): Promise<WriteResult> {
  const began = Date.now();
  for (;;) {
    const step = await db().transaction((tx) => writeChunk(tx, campaignId, chunk));
    if (step !== "more") return step;
    if (Date.now() - began >= budgetMs) return "more";
    // Lets the requests that came meanwhile run before the next chunk.
    await nextTurn();
  }
}

async function writeChunk(tx: Transaction, campaignId: string, chunk: number): Promise<WriteResult> {
  // Locked: a pause or cancel waits for the chunk, and a second job for the campaign waits and then finds where this one stopped.
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
  if (campaign?.messagesWrittenAt) return "written";
  if (!campaign || campaign.status === "draft" || FINAL_CAMPAIGN_STATUSES.includes(campaign.status)) return "stopped";
  const audience = await tx
    .select({ id: contacts.id, name: contacts.smsName, mobileNumber: contacts.mobileNumber, canGetSms: contacts.canGetSms })
    .from(contacts)
    .where(
      and(
        inAudience(campaign.userId, campaign.audience),
        notOptedOut,
        campaign.audienceAsOf ? lte(contacts.createdAt, campaign.audienceAsOf) : undefined,
        campaign.writtenThroughContactId ? gt(contacts.id, campaign.writtenThroughContactId) : undefined,
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(chunk);
  const render = await campaignRenderer(tx, campaign);
  const price = await priceOf("sms", tx);
  const rows = audience.map((contact): MessageRow => {
    const body = render(contact.name ?? "");
    const { parts, encoding } = analyseSms(body);
    return contact.canGetSms
      ? {
          contact_id: contact.id,
          to_number: contact.mobileNumber,
          body,
          parts,
          encoding,
          cost: parts * price,
          status: "queued",
          failure_reason: null,
        }
      : {
          contact_id: contact.id,
          to_number: contact.mobileNumber,
          body,
          parts,
          encoding,
          cost: 0,
          status: "skipped",
          failure_reason: CAMPAIGN_REFUSALS.notMobile,
        };
  });
  if (rows.length) {
    // One JSON parameter for the chunk: a parameter per column and row would be ~8 a message.
    await tx.execute(sql`
      insert into sms_messages (user_id, campaign_id, contact_id, to_number, body, parts, encoding, cost, status, failure_reason, finished_at)
      select ${campaign.userId}::uuid, ${campaign.id}::uuid, r.contact_id, r.to_number, r.body, r.parts, r.encoding, r.cost, r.status,
             r.failure_reason, case when r.status = 'skipped' then now() end
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(contact_id uuid, to_number text, body text, parts int, encoding text, cost int, status text, failure_reason text)`);
  }
  const done = rows.length < chunk;
  await tx
    .update(campaigns)
    .set({
      writtenThroughContactId: rows.at(-1)?.contact_id ?? campaign.writtenThroughContactId,
      messagesWrittenAt: done ? sql`now()` : null,
    })
    .where(eq(campaigns.id, campaign.id));
  return done ? "written" : "more";
}
