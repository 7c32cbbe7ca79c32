import { createHmac, timingSafeEqual } from "node:crypto";

import type { DeliveryReport } from "~/models/sms-delivery.server";

import { httpOutcome, readProviderAnswer } from "./sms-http.server";
import type { OutgoingSms, SendOutcome, SmsProvider } from "./sms.server";

/**
 * Twilio, as its Messages API documents it: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded To, From (or MessagingServiceSid), Body and StatusCallback, HTTP Basic auth with the
 * account SID and auth token; 201 {sid, status}, or an error {code, message, status}. One message
 * per request, a few requests at a time.
 */

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  baseUrl: string;
  /** Where Twilio posts each message's status: our /api/sms/delivery/twilio on the public address. */
  statusCallbackUrl: string;
  timeoutMs?: number;
};

/** Requests in flight at once for one batch (Twilio queues what it accepts; its account limit answers 429 past it). */
const PARALLEL_REQUESTS = 8;

export function twilioProvider(settings: TwilioSettings): SmsProvider {
  const url = new URL(`/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`, settings.baseUrl);
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;

  async function sendOne(sms: OutgoingSms): Promise<SendOutcome> {
    const form = new URLSearchParams({ To: sms.to, Body: sms.body, StatusCallback: settings.statusCallbackUrl });
    if (settings.messagingServiceSid) form.set("MessagingServiceSid", settings.messagingServiceSid);
    else if (settings.from) form.set("From", settings.from);
    const answer = await readProviderAnswer(url, {
      method: "POST",
      headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: form.toString(),
      timeoutMs: settings.timeoutMs,
    });
    const failed = httpOutcome(answer, (json) => {
      const error = json as { code?: unknown; message?: unknown } | null;
      if (typeof error?.message !== "string") return null;
      return typeof error.code === "number" ? `${error.message} (Twilio error ${error.code})` : error.message;
    });
    if (failed) return { messageId: sms.messageId, ...failed };
    const sid = answer.ok ? (answer.json as { sid?: unknown } | null)?.sid : null;
    if (typeof sid !== "string" || !sid)
      return { messageId: sms.messageId, outcome: "retry", reason: "Twilio answered without a message sid" };
    return { messageId: sms.messageId, outcome: "accepted", providerMessageId: sid };
  }

  return {
    name: "twilio",
    async send(batch) {
      const outcomes: SendOutcome[] = [];
      let next = 0;
      const lane = async () => {
        while (next < batch.length) outcomes.push(await sendOne(batch[next++]));
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, batch.length) }, lane));
      return outcomes;
    },
  };
}

/**
 * X-Twilio-Signature as Twilio documents it: the full URL it requested, then every POST
 * parameter's name and value appended in the order of the names, HMAC-SHA1 keyed with the auth
 * token, in base64.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  let payload = url;
  for (const name of names) {
    for (const value of params.getAll(name)) payload += name + value;
  }
  return createHmac("sha1", authToken).update(payload, "utf8").digest("base64");
}

/** Compares a webhook's X-Twilio-Signature with the one expected, in constant time. */
export function twilioSignatureMatches(authToken: string, url: string, params: URLSearchParams, sent: string | null): boolean {
  if (!sent) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(sent);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What Twilio's error codes on a status callback mean, in the words the SMS history shows (the common ones). */
const ERROR_REASONS: Record<string, string> = {
  "30003": "Number switched off or unreachable",
  "30004": "Message blocked",
  "30005": "Unknown or inactive number",
  "30006": "Landline or unreachable carrier",
  "30007": "Filtered by the carrier",
  "30008": "Unknown error",
  "21610": "The recipient has opted out (STOP)",
  "21211": "Invalid number",
};

/** Twilio's final MessageStatus values; queued, sending, sent and the rest are on the way and change nothing. */
const FINAL_STATUSES: Record<string, DeliveryReport["status"]> = { delivered: "delivered", undelivered: "undelivered", failed: "failed" };

/** A status callback (MessageSid, MessageStatus, ErrorCode) as a delivery report; null when it is not final. */
export function parseTwilioStatus(params: URLSearchParams): DeliveryReport | null {
  const sid = params.get("MessageSid") ?? params.get("SmsSid");
  const status = FINAL_STATUSES[(params.get("MessageStatus") ?? params.get("SmsStatus") ?? "").toLowerCase()];
  if (!sid || !status) return null;
  const code = params.get("ErrorCode")?.trim();
  const reason = status === "delivered" || !code ? null : `${ERROR_REASONS[code] ?? "Not delivered"} (Twilio error ${code})`;
  return { providerMessageId: sid, status, reason };
}

/** An inbound message Twilio posts (From, To, Body, MessageSid); null without them. */
export function parseTwilioInbound(
  params: URLSearchParams,
): { providerMessageId: string; from: string; body: string; to: string | null } | null {
  const sid = params.get("MessageSid") ?? params.get("SmsSid");
  const from = params.get("From");
  const body = params.get("Body");
  if (!sid || !from || body === null) return null;
  return { providerMessageId: sid, from, body, to: params.get("To") };
}
