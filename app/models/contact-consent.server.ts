import { and, count, desc, eq, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { contactConsentEvents, contacts } from "~/db/schema";
import type { ConsentChannel, ConsentHistory } from "~/lib/consent";
import { isUuid } from "~/lib/ids";
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
 * once a contact exists: the edit form, PUT /api/contacts/{id}, and the SMS reply handler (a STOP
 * is `{ state: "opted_out", source: "Replied STOP", channel: "sms_reply" }`) all come here.
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
