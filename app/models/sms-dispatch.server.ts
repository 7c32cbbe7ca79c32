import { setImmediate as nextTurn } from "node:timers/promises";

import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";

import { config } from "~/config.server";
import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { campaigns, smsMessages, templates } from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import { FINAL_CAMPAIGN_STATUSES, type CampaignStatus } from "~/lib/campaign-status";
import { isWithinSendingWindow } from "~/lib/sending-window";
import { slotValues } from "~/lib/sms-text";
import { smsProvider, type OutgoingSms, type SendOutcome } from "~/services/sms.server";

import { writeCampaignMessages } from "./campaign-messages.server";
import { campaignStartTime, settle, settleCampaign, transitionCampaign } from "./campaigns.server";
import { getSmsSettings } from "./settings.server";

/**
 * The campaign worker: hands a sending campaign's queued messages to the SMS provider in batches.
 * Never inside a web request: a pg-boss job runs it, and requeues itself. A batch is claimed
 * (FOR UPDATE SKIP LOCKED, with a lease), so several server processes on one PostgreSQL share a
 * campaign and never hand the same message over twice; a worker that dies leaves claims that run
 * out, and another takes the messages up again (at most that one batch is sent twice). Outcomes
 * are written set-based, one UPDATE a batch.
 */

export const DISPATCH = {
  /** How long a claimed message is a worker's: longer than any provider call takes. */
  leaseSeconds: 60,
  /** Tries before a message the provider keeps turning away fails (and is refunded). */
  maxAttempts: 5,
  /** A job works this long, then queues itself again: other businesses' campaigns get their turn. */
  budgetMs: 15_000,
} as const;

export const DISPATCH_MESSAGES = {
  notAccepted: "The SMS provider did not accept it",
  optedOut: "Opted out",
  nothingSent: "No message could be sent",
} as const;

export type DispatchResult = "finished" | "more" | "waiting" | "stopped";

type Claimed = {
  id: string;
  to_number: string;
  body: string;
  encoding: "GSM-7" | "UCS-2";
  opted_out: boolean;
};

const asDatabase = (tx: Transaction) => tx as unknown as Database;

/**
 * Queues the campaign's dispatch job unless one is already waiting to run by `startAfter`: the
 * sweep, a finishing job and a resumed campaign do not pile up jobs for the same campaign.
 */
export async function queueDispatch(tx: Transaction, campaignId: string, startAfter?: Date): Promise<boolean> {
  const by = startAfter ?? new Date();
  const [waiting] = await queryRows<{ found: number }>(
    asDatabase(tx),
    sql`select 1 as found from pgboss.job
        where name = 'campaign-dispatch' and state in ('created', 'retry')
          and data->>'campaignId' = ${campaignId} and start_after <= ${by.toISOString()}::timestamptz
        limit 1`,
  );
  if (waiting) return false;
  await queueJob("campaign-dispatch", { campaignId }, { tx, ...(startAfter ? { startAfter } : {}) });
  return true;
}

/**
 * Moves a campaign to where it should be now: a scheduled one whose time came starts (for
 * promotional SMS, only inside the window); a sending promotional one outside the window waits
 * for its next opening. 'go' when its messages may be handed over now.
 */
async function readyToSend(campaignId: string): Promise<"go" | "waiting" | "stopped"> {
  return db().transaction(async (tx) => {
    const [campaign] = await tx
      .select({ status: campaigns.status, category: campaigns.category, startsAt: campaigns.startsAt })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for("update");
    if (!campaign) return "stopped";
    const now = new Date();
    const { window } = await getSmsSettings(tx);
    const closed = campaign.category === "promotional" && !isWithinSendingWindow(now, window);
    if (campaign.status === "scheduled") {
      if (campaign.startsAt && campaign.startsAt > now) {
        await queueDispatch(tx, campaignId, campaign.startsAt);
        return "waiting";
      }
      if (closed) {
        const start = campaignStartTime({ category: campaign.category, sendAt: null }, window, now);
        await tx.update(campaigns).set({ startsAt: start.startsAt, statusReason: start.reason }).where(eq(campaigns.id, campaignId));
        await queueDispatch(tx, campaignId, start.startsAt);
        return "waiting";
      }
      await transitionCampaign(tx, campaignId, "start", null);
      return "go";
    }
    if (campaign.status !== "sending") return "stopped";
    if (closed) {
      const start = campaignStartTime({ category: campaign.category, sendAt: null }, window, now);
      await transitionCampaign(tx, campaignId, "wait", start.reason, { startsAt: start.startsAt });
      await queueDispatch(tx, campaignId, start.startsAt);
      return "waiting";
    }
    return "go";
  });
}

/**
 * Claims up to `size` of the campaign's queued messages that no live worker holds, while it is
 * sending; messages whose contact opted out since are skipped on the spot. Null once the campaign
 * is no longer sending (paused, cancelled): it stops at this batch.
 */
async function claimBatch(campaignId: string, size: number): Promise<Claimed[] | null> {
  return db().transaction(async (tx) => {
    // A share lock: a pause or cancel waits for this claim, and claims by other workers do not.
    const [campaign] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).for("share");
    if (campaign?.status !== "sending") return null;
    const claimed = await queryRows<Claimed>(
      asDatabase(tx),
      sql`with picked as (
            select id from sms_messages
            where campaign_id = ${campaignId} and status = 'queued' and (claimed_until is null or claimed_until < now())
            order by id
            limit ${size}
            for update skip locked
          )
          update sms_messages m
          set claimed_until = now() + make_interval(secs => ${DISPATCH.leaseSeconds}), attempts = m.attempts + 1
          from picked
          where m.id = picked.id
          returning m.id, m.to_number, m.body, m.encoding,
            coalesce((select c.opted_out from contacts c where c.id = m.contact_id), false) as opted_out`,
    );
    const optedOut = claimed.filter((message) => message.opted_out).map((message) => message.id);
    if (optedOut.length) {
      await tx
        .update(smsMessages)
        .set({ status: "skipped", failureReason: DISPATCH_MESSAGES.optedOut, finishedAt: sql`now()`, claimedUntil: null })
        .where(inArray(smsMessages.id, optedOut));
    }
    return claimed.filter((message) => !message.opted_out);
  });
}

/**
 * Writes a batch's outcomes in one UPDATE … FROM (VALUES …): accepted → submitted with the
 * provider's id; rejected → failed with its reason; retry → queued again after a pause that grows
 * with each try, failed after the last. Only messages still queued (this worker's) are touched.
 */
async function recordOutcomes(providerName: string, outcomes: SendOutcome[]) {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      (outcome) =>
        sql`(${outcome.messageId}::uuid, ${outcome.outcome}::text, ${outcome.outcome === "accepted" ? outcome.providerMessageId : null}::text, ${
          outcome.outcome === "accepted" ? null : outcome.reason
        }::text)`,
    ),
    sql`, `,
  );
  const givesUp = sql`(v.outcome = 'rejected' or (v.outcome = 'retry' and m.attempts >= ${DISPATCH.maxAttempts}))`;
  await db().execute(
    sql`update sms_messages m set
          status = case when v.outcome = 'accepted' then 'submitted' when ${givesUp} then 'failed' else 'queued' end,
          provider = case when v.outcome = 'accepted' then ${providerName} else m.provider end,
          provider_message_id = case when v.outcome = 'accepted' then v.provider_message_id else m.provider_message_id end,
          submitted_at = case when v.outcome = 'accepted' then now() else m.submitted_at end,
          failure_reason = case when v.outcome = 'rejected' then v.reason when ${givesUp} then ${DISPATCH_MESSAGES.notAccepted} else m.failure_reason end,
          finished_at = case when ${givesUp} then now() else m.finished_at end,
          claimed_until = case when v.outcome = 'retry' and not ${givesUp}
            then now() + make_interval(secs => least(600, 30 * power(2, m.attempts - 1))) else null end
        from (values ${values}) as v(id, outcome, provider_message_id, reason)
        where m.id = v.id and m.status = 'queued'`,
  );
}

/** Who a campaign's messages go out as, and the approved text they were filled from (null: free text). */
type Sender = {
  senderHeader: string;
  dltEntityId: string | null;
  dltTemplateId: string | null;
  providerTemplateId: string | null;
  approvedText: string | null;
};

/** Hands a batch over; a failure of the whole call is a retry for each of its messages. */
async function handOver(batch: Claimed[], { approvedText, ...sender }: Sender) {
  const provider = smsProvider();
  const outgoing: OutgoingSms[] = batch.map((message) => ({
    messageId: message.id,
    to: message.to_number,
    body: message.body,
    encoding: message.encoding,
    // What filled the template's slots, for providers that take them rather than the text.
    variables: approvedText === null ? [] : (slotValues(message.body, approvedText) ?? []),
    ...sender,
  }));
  let outcomes: SendOutcome[];
  try {
    outcomes = await provider.send(outgoing);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    outcomes = batch.map((message) => ({ messageId: message.id, outcome: "retry", reason }));
  }
  // Only outcomes for messages of this batch (a provider's stray id must not touch another message).
  const ours = new Set(batch.map((message) => message.id));
  await recordOutcomes(
    provider.name,
    outcomes.filter((outcome) => ours.has(outcome.messageId)),
  );
}

/**
 * When nothing is left to claim: a campaign with nothing queued is done (sent, or failed when the
 * provider took none) and settles; one with messages still held or waiting for a retry comes
 * back when the first of those holds runs out.
 */
async function finishOrWait(campaignId: string): Promise<DispatchResult> {
  return db().transaction(async (tx) => {
    const [campaign] = await tx.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (campaign?.status !== "sending") return "stopped";
    const [left] = await queryRows<{ queued: number; next: string | null; taken: number }>(
      asDatabase(tx),
      sql`select count(*) filter (where status = 'queued')::int as queued,
                 min(claimed_until) filter (where status = 'queued') as next,
                 count(submitted_at)::int as taken
          from sms_messages where campaign_id = ${campaignId}`,
    );
    if (left.queued > 0) {
      const next = left.next ? new Date(Math.max(Date.parse(left.next), Date.now()) + 1_000) : new Date(Date.now() + 1_000);
      await queueDispatch(tx, campaignId, next);
      return "waiting";
    }
    if (left.taken > 0) await transitionCampaign(tx, campaignId, "finish", null);
    else await transitionCampaign(tx, campaignId, "fail", DISPATCH_MESSAGES.nothingSent);
    await settle(tx, campaignId);
    return "finished";
  });
}

/**
 * One dispatch job: writes the campaign's messages where they are not all written yet
 * (campaign-messages.server.ts), brings it to where it should be, then claims and hands over
 * batches until nothing is left (then finishes and settles), the campaign stops sending (paused,
 * cancelled: it settles once final), or the time budget is spent (then it queues itself again).
 */
export async function dispatchCampaign(
  campaignId: string,
  { budgetMs = DISPATCH.budgetMs, batchSize = config.SMS_BATCH_SIZE }: { budgetMs?: number; batchSize?: number } = {},
): Promise<DispatchResult> {
  const written = await writeCampaignMessages(campaignId, { budgetMs });
  if (written === "more") {
    await db().transaction((tx) => queueDispatch(tx, campaignId));
    return "more";
  }
  const ready = await readyToSend(campaignId);
  if (ready === "stopped") {
    await settleCampaign(campaignId);
    return "stopped";
  }
  if (ready === "waiting") return "waiting";
  const [sender] = await db()
    .select({
      senderHeader: campaigns.senderHeader,
      dltEntityId: campaigns.dltEntityId,
      dltTemplateId: campaigns.dltTemplateId,
      templateId: campaigns.templateId,
      message: campaigns.message,
      providerTemplateId: templates.providerTemplateId,
    })
    .from(campaigns)
    .leftJoin(templates, eq(templates.id, campaigns.templateId))
    .where(eq(campaigns.id, campaignId));
  const from: Sender = {
    senderHeader: sender.senderHeader ?? (await getSmsSettings()).platformSenderHeader,
    dltEntityId: sender.dltEntityId,
    dltTemplateId: sender.dltTemplateId,
    providerTemplateId: sender.providerTemplateId,
    approvedText: sender.templateId === null ? null : sender.message,
  };
  const began = Date.now();
  while (Date.now() - began < budgetMs) {
    const batch = await claimBatch(campaignId, batchSize);
    if (batch === null) {
      await settleCampaign(campaignId);
      return "stopped";
    }
    if (batch.length === 0) {
      const [claimable] = await db()
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(
          and(
            eq(smsMessages.campaignId, campaignId),
            eq(smsMessages.status, "queued"),
            or(isNull(smsMessages.claimedUntil), lte(smsMessages.claimedUntil, sql`now()`)),
          ),
        )
        .limit(1);
      // Every claimed message was an opt-out: there may be more to claim.
      if (claimable) continue;
      return finishOrWait(campaignId);
    }
    await handOver(batch, from);
    // On PGlite a query never lets the event loop turn: without this, a campaign's batches would hold every other request until the budget ran out.
    await nextTurn();
  }
  await db().transaction((tx) => queueDispatch(tx, campaignId));
  return "more";
}

/**
 * Every minute: scheduled campaigns whose time came, sending ones and any whose messages are not all
 * written get a job unless one is waiting (a lost job or a killed server resumes), and final
 * campaigns not yet settled settle.
 */
export async function sweepCampaigns(): Promise<{ queued: number; settled: number }> {
  const due = await db()
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      or(
        eq(campaigns.status, "sending"),
        and(eq(campaigns.status, "scheduled"), or(isNull(campaigns.startsAt), lte(campaigns.startsAt, sql`now()`))),
        // Sent, but its messages are not all written (a server stopped in the middle): its job writes the rest.
        and(inArray(campaigns.status, ["scheduled", "paused"]), isNull(campaigns.messagesWrittenAt)),
      ),
    );
  let queued = 0;
  for (const { id } of due) {
    if (await db().transaction((tx) => queueDispatch(tx, id))) queued += 1;
  }
  const unsettled = await db()
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(isNull(campaigns.settledAt), inArray(campaigns.status, FINAL_CAMPAIGN_STATUSES as CampaignStatus[])))
    .limit(500);
  let settled = 0;
  for (const { id } of unsettled) {
    if ((await settleCampaign(id)) !== null) settled += 1;
  }
  return { queued, settled };
}
