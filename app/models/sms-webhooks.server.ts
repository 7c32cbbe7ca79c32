import { createHash, timingSafeEqual } from "node:crypto";

import { config } from "~/config.server";
import { parseMsg91Inbound, parseMsg91Reports } from "~/services/msg91.server";
import { parseTwilioInbound, parseTwilioStatus, twilioSignatureMatches } from "~/services/twilio.server";

import { receiveDeliveryReports, receiveReply } from "./sms-delivery.server";

/**
 * The providers' webhooks, authenticated before anything in them is read: MSG91 signs nothing,
 * so its webhook URLs carry a secret token (?token=MSG91_WEBHOOK_TOKEN, set in MSG91's panel);
 * Twilio signs each request (X-Twilio-Signature, keyed with the auth token). A bad or missing
 * proof is a 401 and changes nothing; a report about a message we do not know is a 200, ignored.
 */

export type SmsWebhookSecrets = { msg91Token: string | null; twilioAuthToken: string | null };

/** The configured secrets; an unset one makes its provider's webhooks answer 401. */
export function smsWebhookSecrets(): SmsWebhookSecrets {
  return { msg91Token: config.MSG91_WEBHOOK_TOKEN ?? null, twilioAuthToken: config.TWILIO_AUTH_TOKEN ?? null };
}

export type SmsWebhookAnswer = { status: 200 | 400 | 401; message: string };

const UNAUTHORIZED: SmsWebhookAnswer = { status: 401, message: "The webhook could not be authenticated" };

/** One webhook request as the route hands it over: the URL it came to, its body, its type and signature. */
export type SmsWebhookRequest = { url: string; contentType: string; rawBody: string; signature?: string | null };

function tokenMatches(expected: string | null, url: string): boolean {
  const sent = new URL(url).searchParams.get("token");
  if (!expected || !sent) return false;
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(sent).digest();
  return timingSafeEqual(a, b);
}

/**
 * The URL Twilio requested and signed: our public address (PUBLIC_ORIGIN, never the request's
 * Host, which a proxy changes) with the request's path and query.
 */
function signedUrl(url: string): string {
  const { pathname, search } = new URL(url);
  return `${config.PUBLIC_ORIGIN}${pathname}${search}`;
}

function twilioParams(request: SmsWebhookRequest, secrets: SmsWebhookSecrets): URLSearchParams | null {
  if (!request.contentType.includes("application/x-www-form-urlencoded") || !secrets.twilioAuthToken) return null;
  const params = new URLSearchParams(request.rawBody);
  return twilioSignatureMatches(secrets.twilioAuthToken, signedUrl(request.url), params, request.signature ?? null) ? params : null;
}

/** POST /api/sms/delivery/msg91 */
export async function receiveMsg91DeliveryWebhook(
  request: SmsWebhookRequest,
  secrets: SmsWebhookSecrets = smsWebhookSecrets(),
): Promise<SmsWebhookAnswer> {
  if (!tokenMatches(secrets.msg91Token, request.url)) return UNAUTHORIZED;
  const reports = parseMsg91Reports(request.contentType, request.rawBody);
  if (!reports) return { status: 400, message: "Not an MSG91 delivery report" };
  const { applied } = await receiveDeliveryReports("msg91", reports);
  return { status: 200, message: `${applied} of ${reports.length} reports applied.` };
}

/** POST /api/sms/delivery/twilio */
export async function receiveTwilioDeliveryWebhook(
  request: SmsWebhookRequest,
  secrets: SmsWebhookSecrets = smsWebhookSecrets(),
): Promise<SmsWebhookAnswer> {
  const params = twilioParams(request, secrets);
  if (!params) return UNAUTHORIZED;
  const report = parseTwilioStatus(params);
  // queued, sending, sent: on the way, nothing to record.
  if (!report) return { status: 200, message: "Not a final status: nothing to record." };
  const { applied } = await receiveDeliveryReports("twilio", [report]);
  return { status: 200, message: applied ? "Report applied." : "Nothing to change." };
}

/** POST /api/sms/inbound/msg91 */
export async function receiveMsg91InboundWebhook(
  request: SmsWebhookRequest,
  secrets: SmsWebhookSecrets = smsWebhookSecrets(),
): Promise<SmsWebhookAnswer> {
  if (!tokenMatches(secrets.msg91Token, request.url)) return UNAUTHORIZED;
  const reply = parseMsg91Inbound(request.contentType, request.rawBody, (value) =>
    createHash("sha256").update(value).digest("hex").slice(0, 32),
  );
  if (!reply) return { status: 400, message: "Not an MSG91 inbound message: it needs the sender's number and the message" };
  const outcome = await receiveReply("msg91", reply);
  return { status: 200, message: outcome.repeated ? "Already received." : "Received." };
}

/** POST /api/sms/inbound/twilio */
export async function receiveTwilioInboundWebhook(
  request: SmsWebhookRequest,
  secrets: SmsWebhookSecrets = smsWebhookSecrets(),
): Promise<SmsWebhookAnswer> {
  const params = twilioParams(request, secrets);
  if (!params) return UNAUTHORIZED;
  const reply = parseTwilioInbound(params);
  if (!reply) return { status: 400, message: "Not a Twilio inbound message: it needs MessageSid, From and Body" };
  const outcome = await receiveReply("twilio", reply);
  return { status: 200, message: outcome.repeated ? "Already received." : "Received." };
}
