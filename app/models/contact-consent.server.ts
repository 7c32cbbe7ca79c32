import { and, count, desc, eq, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { contactConsentEvents, contacts } from "~/db/schema";
import type { ConsentChannel, ConsentHistory } from "~/lib/consent";
import { isUuid } from "~/lib/ids";
import { optOutSources, replySource } from "~/lib/sms-reply";
import { CONSENT_HISTORY_SHOWN, REOPT_IN_NEEDS_SOURCE, type ConsentState } from "~/lib/schemas/contacts";

/** A consent as it is given or withdrawn: the state, where it came from, and how it reached the business. */
export type ConsentChange = { state: ConsentState; source: string | null; channel: ConsentChannel };

/** An opt-in after an opt-out that does not say where it was given: the form shows it on the source, the API answers 400. */
export class ConsentSourceRequiredError extends Error {
  constructor() {
    super(REOPT_IN_NEEDS_SOURCE);
    this.name = "ConsentSourceRequiredError";
  }
}

const ownContact = (userId: string, contactId: string) => and(eq(contacts.userId, userId), eq(contacts.id, contactId));

/**
 * Appends entries to contacts' histories in one insert, in the caller's transaction (so at the
 * same moment as the consent_at written beside them): the contacts a form, an API call or an
 * import batch adds, an import batch's opt-outs, and each change recordConsentChange makes.
 */
export async function appendConsentEvents(
  tx: Transaction,
  added: Array<{ userId: string; contactId: string; optedOut: boolean; source: string | null; channel: ConsentChannel }>,
): Promise<void> {
  if (!added.length) return;
  await tx.insert(contactConsentEvents).values(
    added.map(({ userId, contactId, optedOut, source, channel }) => ({
      userId,
      contactId,
      state: optedOut ? ("opted_out" as const) : ("opted_in" as const),
      source,
      channel,
    })),
  );
}

async function changeConsent(tx: Transaction, userId: string, contactId: string, change: ConsentChange) {
  const [current] = await tx
    .select({ optedOut: contacts.optedOut, consentSource: contacts.consentSource })
    .from(contacts)
    .where(ownContact(userId, contactId))
    .for("update");
  if (!current) return null;
  const optedOut = change.state === "opted_out";
  if (optedOut === current.optedOut) return "unchanged";
  const source = change.source?.trim() || null;
  // Opting back in needs its own source: an empty one, or the opt-out's echoed back by a client, is not one.
  if (!optedOut && (source === null || source === current.consentSource)) throw new ConsentSourceRequiredError();
  await tx
    .update(contacts)
    .set({ optedOut, consentSource: source, consentAt: sql`now()`, updatedAt: sql`now()` })
    .where(ownContact(userId, contactId));
  await appendConsentEvents(tx, [{ userId, contactId, optedOut, source, channel: change.channel }]);
  return "recorded";
}

/**
 * Changes a contact's consent and appends the change to its history, the one way consent changes
 * once a contact exists, from the edit form and PUT /api/contacts/{id}. (An SMS STOP or START,
 * which may reach several businesses' contacts at once, goes through recordReplyConsent.)
 *
 * The contact's row keeps the latest state (opted_out, consent_source, consent_at), written with
 * the event. The same state again records nothing ('unchanged'). Opting back in after an opt-out
 * needs a source of its own, else ConsentSourceRequiredError and nothing is changed (thrown, so a
 * caller's transaction rolls back with it). Null when the contact is not this business's.
 * Within the caller's transaction when given one (the contact's row stays locked to its end).
 */
export async function recordConsentChange(
  userId: string,
  contactId: string,
  change: ConsentChange,
  tx?: Transaction,
): Promise<"recorded" | "unchanged" | null> {
  if (!isUuid(contactId)) return null;
  if (tx) return changeConsent(tx, userId, contactId, change);
  return db().transaction((own) => changeConsent(own, userId, contactId, change));
}

/** A STOP or START a number sent, as receiveReply understood it. */
export type ReplyConsent = {
  /** The replying number, E.164. */
  number: string;
  state: ConsentState;
  /** The keyword as sent (STOP, UNSUBSCRIBE, …, START). */
  keyword: string;
  /** The header the reply answered (named in it, else the last message's); null when no message said. */
  senderHeader: string | null;
  /** The header is the platform's, which every business without a registration of its own sends under. */
  shared: boolean;
  /** The contact whose business's message the reply answers, when there is one. */
  answered: { userId: string; contactId: string } | null;
};

/**
 * Applies a STOP or START to every contact it reaches, in one statement in the caller's
 * transaction: each changed contact's row and its history entry (channel 'sms_reply'), the
 * contacts' triggers firing as for any update. Answers how many contacts it reached.
 *
 * It reaches the answered contact; and when the header is the platform's, every business's contact
 * with that number that sends under it: a business without a registration of its own (all it
 * sends goes under that header), or a registered one that has had a message handed over to the
 * number under it (its use of the platform's templates). A registered business that never did
 * keeps its consent: its own header is another sender. A contact already in the state asked for is
 * left as it is (a repeated STOP adds nothing). A START opts back in the answered contact, as a
 * reply to that business's message, and the others only where a STOP to the same header opted
 * them out: an opt-out given at the counter, on a form or by a reply to a business's own header
 * stays until that business records a new opt-in. Rows are locked in id order, so two replies
 * reaching the same contacts queue rather than deadlock.
 */
export async function recordReplyConsent(tx: Transaction, reply: ReplyConsent): Promise<{ reached: number }> {
  const optedOut = reply.state === "opted_out";
  const source = replySource(reply.keyword, reply.senderHeader);
  const answered = reply.answered
    ? sql`select id from contacts where user_id = ${reply.answered.userId} and id = ${reply.answered.contactId}`
    : null;
  // The number's contacts of the businesses that send under the shared header (contacts_mobile_number_idx).
  const sharing =
    reply.shared && reply.senderHeader
      ? sql`
          select c.id from contacts c join users u on u.id = c.user_id
          where c.mobile_number = ${reply.number}
            and (u.dlt_entity_id is null or u.sms_sender_header is null or exists (
              select 1 from sms_messages m join campaigns k on k.id = m.campaign_id
              where m.to_number = ${reply.number} and m.submitted_at is not null
                and m.user_id = c.user_id and k.sender_header = ${reply.senderHeader}
            ))`
      : null;
  const reached = [answered, sharing].filter((part) => part !== null);
  if (!reached.length) return { reached: 0 };
  const stoppedHere = reply.senderHeader
    ? sql`c.consent_source in (${sql.join(
        optOutSources(reply.senderHeader).map((stop) => sql`${stop}`),
        sql`, `,
      )})`
    : sql`false`;
  // A START's own scope: the answered contact, and the others a STOP to this header opted out.
  const mayChange = optedOut ? sql`true` : sql`(c.id = ${reply.answered?.contactId ?? null}::uuid or ${stoppedHere})`;
  const [row] = await queryRows<{ reached: number }>(
    tx,
    sql`
      with reached as (${sql.join(reached, sql` union `)}),
      locked as (
        select c.id from contacts c where c.id in (select id from reached) order by c.id for update
      ),
      changed as (
        update contacts c
        set opted_out = ${optedOut}, consent_source = ${source}, consent_at = now(), updated_at = now()
        from locked
        where c.id = locked.id and c.opted_out <> ${optedOut} and ${mayChange}
        returning c.id, c.user_id
      ),
      recorded as (
        insert into contact_consent_events (user_id, contact_id, state, source, channel)
        select user_id, id, ${reply.state}, ${source}, 'sms_reply' from changed
      )
      select count(*)::int as reached from locked
    `,
  );
  return row;
}

/** A contact's consent changes, newest first: the latest `limit` and how many there are. Empty for another business's contact. */
export async function getConsentHistory(userId: string, contactId: string, limit = CONSENT_HISTORY_SHOWN): Promise<ConsentHistory> {
  if (!isUuid(contactId)) return { events: [], total: 0 };
  const owned = and(eq(contactConsentEvents.userId, userId), eq(contactConsentEvents.contactId, contactId));
  const [rows, [{ total }]] = await Promise.all([
    db()
      .select({
        state: contactConsentEvents.state,
        source: contactConsentEvents.source,
        channel: contactConsentEvents.channel,
        createdAt: contactConsentEvents.createdAt,
      })
      .from(contactConsentEvents)
      .where(owned)
      .orderBy(desc(contactConsentEvents.createdAt))
      .limit(limit),
    db().select({ total: count() }).from(contactConsentEvents).where(owned),
  ]);
  return { events: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}
