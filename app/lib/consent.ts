import type { CONSENT_CHANNELS } from "~/db/schema/messaging";

import type { ConsentState } from "./schemas/contacts";

/** How a consent change reached the business (contact_consent_events.channel). */
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** One entry of a contact's consent history, as its page and GET /api/contacts/{id} show it. */
export type ConsentEvent = { state: ConsentState; source: string | null; channel: ConsentChannel; createdAt: string };

/** A contact's consent changes, newest first, the latest few of `total`. */
export type ConsentHistory = { events: ConsentEvent[]; total: number };

export const CONSENT_STATE_LABELS: Record<ConsentState, string> = { opted_in: "Opted in", opted_out: "Opted out" };

/** How each change came, in the words the contact's page uses. */
export const CONSENT_CHANNEL_LABELS: Record<ConsentChannel, string> = {
  form: "Added on the form",
  api: "Through the API",
  import: "CSV import",
  sms_reply: "SMS reply",
  carried_over: "Carried over",
};

/**
 * Who a STOP or START replied by SMS reaches, as the contact's page says it to this business: the
 * platform's sender header is shared by every business without a registration of its own, so a
 * STOP to it opts the number out for all of them; a business's own header is its alone.
 */
export function replyScopeRule(registration: { dltEntityId: string | null; senderHeader: string | null; platformHeader: string }): string {
  const { dltEntityId, senderHeader, platformHeader } = registration;
  if (dltEntityId === null || senderHeader === null) {
    return `Your SMS go out under iSent's sender header ${platformHeader}, which other businesses share: a STOP sent to it opts this number out for all of them, you included, and a START opts it back in.`;
  }
  return `A STOP sent to your own sender header ${senderHeader} opts this number out of your SMS only; one sent to iSent's shared header ${platformHeader} opts it out for every business that sends under it, you too if you have sent this number iSent's templates.`;
}
