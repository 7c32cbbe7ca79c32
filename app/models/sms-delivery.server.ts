import { and, eq, or, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { contacts, smsReplies } from "~/db/schema";
import { replyIntent } from "~/lib/sms-reply";
import { indianMobileE164 } from "~/lib/phone-number.server";

import { recordReplyConsent } from "./contact-consent.server";
import { getSmsSettings } from "./settings.server";

/**
 * What providers tell us after they took a message: its delivery report (delivered, failed,
 * undelivered, with their reason) and the replies its recipients send back (STOP, START). Every
 * provider's webhook, and the embedded simulator's report job, end here.
 */

export const FINAL_DELIVERY_STATUSES = ["delivered", "failed", "undelivered"] as const;
export type FinalDeliveryStatus = (typeof FINAL_DELIVERY_STATUSES)[number];

export type DeliveryReport = { providerMessageId: string; status: FinalDeliveryStatus; reason?: string | null };

/** A provider's reason is stored as it came, cut to a length a history row can show. */
const REASON_MAX = 300;

export type DeliveryReportsApplied = {
  /** Messages moved from submitted to their final status now. */
  applied: number;
  /** Provider ids no message of ours carries (not ours, or not recorded as handed over yet). */
  unknown: string[];
};

/**
 * Moves each reported message from 'submitted' to delivered, failed or undelivered, with the
 * reason and the time, in one statement for the whole batch. A message is found by the provider's
 * name and id (a unique index); one already final, or not yet submitted, is left as it is, so a
 * repeated or late report never moves a message backwards. Unknown ids are ignored (and listed).
 */
export async function receiveDeliveryReports(provider: string, reports: readonly DeliveryReport[]): Promise<DeliveryReportsApplied> {
  // One report per message: the first final one a batch carries.
  const byId = new Map<string, { id: string; status: FinalDeliveryStatus; reason: string | null }>();
  for (const report of reports) {
    if (!report.providerMessageId || !FINAL_DELIVERY_STATUSES.includes(report.status) || byId.has(report.providerMessageId)) continue;
    const reason = report.status === "delivered" ? null : report.reason?.trim().slice(0, REASON_MAX) || null;
    byId.set(report.providerMessageId, { id: report.providerMessageId, status: report.status, reason });
  }
  if (byId.size === 0) return { applied: 0, unknown: [] };
  // Every message is reached by an index probe (a lateral with LIMIT, then its primary key): planned
  // as joins, a table whose statistics are stale (PGlite runs no autovacuum) was read whole per batch.
  const rows = await queryRows<{ id: string; applied: boolean; known: boolean }>(
    db(),
    sql`
      with reported as (
        select * from jsonb_to_recordset(${JSON.stringify([...byId.values()])}::jsonb) as r(id text, status text, reason text)
      ),
      found as (
        select reported.id, reported.status, reported.reason, k.message_id, k.current
        from reported
        join lateral (
          select m.id as message_id, m.status as current from sms_messages m
          where m.provider = ${provider} and m.provider_message_id = reported.id limit 1
        ) as k on true
      ),
      moved as (
        update sms_messages as m
        set status = found.status, failure_reason = found.reason, finished_at = now()
        from found
        where m.id = any (array(select message_id from found where current = 'submitted'))
          and m.id = found.message_id and m.status = 'submitted'
        returning m.id
      )
      select reported.id, moved.id is not null as applied, found.message_id is not null as known
      from reported
      left join found on found.id = reported.id
      left join moved on moved.id = found.message_id
    `,
  );
  return { applied: rows.filter((row) => row.applied).length, unknown: rows.filter((row) => !row.known).map((row) => row.id) };
}

export type InboundReply = { providerMessageId: string; from: string; body: string; to?: string | null };

export type ReplyOutcome = {
  /** What the reply did: opted its sender out or back in for the businesses it reached, or nothing. */
  action: "opted_out" | "opted_in" | "none";
  /** The business it was taken as answering, and its contact, when one was found. */
  userId: string | null;
  contactId: string | null;
  /** The same reply (provider and id) came before: nothing was done again. */
  repeated: boolean;
};

/** Inbound bodies are kept up to a long multi-part SMS. */
const REPLY_BODY_MAX = 1_600;

/** A sender's number as providers write it (+919876543210, 919876543210, 09876543210) in E.164, or null when it is not an Indian mobile. */
function senderE164(from: string): string | null {
  const digits = from.replace(/[^\d+]/g, "");
  return indianMobileE164(/^91\d{10}$/.test(digits) ? `+${digits}` : digits);
}

/**
 * The business a reply from this number answers: whichever last had a message handed over to it
 * (with the sender header the reply names, when it names one), that business's contact, and the
 * header the message went out under.
 */
async function repliedBusiness(tx: Transaction, from: string, senderHeader: string | null) {
  const [last] = await queryRows<{ user_id: string; contact_id: string | null; sender_header: string | null }>(
    tx,
    sql`
      select m.user_id, m.contact_id, c.sender_header
      from sms_messages m
      join campaigns c on c.id = m.campaign_id ${senderHeader ? sql`and c.sender_header = ${senderHeader}` : sql``}
      where m.to_number = ${from} and m.submitted_at is not null
      order by m.submitted_at desc
      limit 1
    `,
  );
  if (!last) return null;
  // The contact the message went to; or, deleted and added again since, the business's contact with that number.
  const messaged = last.contact_id ? eq(contacts.id, last.contact_id) : sql`false`;
  const [contact] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, last.user_id), or(messaged, eq(contacts.mobileNumber, from))))
    .orderBy(sql`${messaged} desc`)
    .limit(1);
  return { userId: last.user_id, contactId: contact?.id ?? null, senderHeader: last.sender_header };
}

/**
 * Keeps an inbound reply once (the provider's id is unique) and does what it asks: STOP,
 * UNSUBSCRIBE, END, QUIT or CANCEL opt the sender out, START opts them back in, recorded on each
 * contact's consent history (channel 'sms_reply', source "Replied STOP to ISENTL", …) in the same
 * transaction. The header the reply answers (the one it names, else the last message's) sets who:
 * a business's own header, the business that last messaged the number under it; the platform's,
 * which businesses share, every business that sends under it too (recordReplyConsent). Anything
 * else is kept and changes nothing; so does a reply about a header nobody messaged the number
 * under. The same reply again does nothing more.
 */
export async function receiveReply(provider: string, reply: InboundReply): Promise<ReplyOutcome> {
  const from = senderE164(reply.from);
  const intent = replyIntent(reply.body);
  return db().transaction(async (tx) => {
    const found = from && intent ? await repliedBusiness(tx, from, intent.senderHeader) : null;
    const [kept] = await tx
      .insert(smsReplies)
      .values({
        provider,
        providerMessageId: reply.providerMessageId,
        fromNumber: from ?? reply.from.slice(0, 20),
        body: reply.body.slice(0, REPLY_BODY_MAX),
        userId: found?.userId ?? null,
        contactId: found?.contactId ?? null,
        action: "none",
      })
      .onConflictDoNothing({ target: [smsReplies.provider, smsReplies.providerMessageId] })
      .returning({ id: smsReplies.id });
    if (!kept) {
      const [earlier] = await tx
        .select({ action: smsReplies.action, userId: smsReplies.userId, contactId: smsReplies.contactId })
        .from(smsReplies)
        .where(and(eq(smsReplies.provider, provider), eq(smsReplies.providerMessageId, reply.providerMessageId)));
      return { ...earlier, repeated: true };
    }
    const senderHeader = intent?.senderHeader ?? found?.senderHeader ?? null;
    const answered = found?.contactId ? { userId: found.userId, contactId: found.contactId } : null;
    const none = { action: "none" as const, userId: found?.userId ?? null, contactId: null, repeated: false };
    if (!intent || !from || (!answered && !senderHeader)) return none;
    const shared = senderHeader !== null && senderHeader === (await getSmsSettings(tx)).platformSenderHeader;
    const { reached } = await recordReplyConsent(tx, {
      number: from,
      state: intent.action,
      keyword: intent.keyword,
      senderHeader,
      shared,
      answered,
    });
    if (!reached) return none;
    await tx.update(smsReplies).set({ action: intent.action }).where(eq(smsReplies.id, kept.id));
    return { action: intent.action, userId: found?.userId ?? null, contactId: answered?.contactId ?? null, repeated: false };
  });
}
