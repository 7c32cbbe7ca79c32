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
