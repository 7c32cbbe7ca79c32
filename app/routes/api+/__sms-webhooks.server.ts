import type { SmsWebhookAnswer, SmsWebhookRequest } from "~/models/sms-webhooks.server";
import { noteWebhookAnswer, type WebhookProvider } from "~/utils/security-log.server";

/** A provider's webhook request as its model reads it: the URL, the raw body (its size is bounded by server/body-limit.ts), the type and Twilio's signature. */
async function webhookRequest(request: Request): Promise<SmsWebhookRequest> {
  return {
    url: request.url,
    contentType: (request.headers.get("Content-Type") ?? "").toLowerCase(),
    rawBody: await request.text(),
    signature: request.headers.get("X-Twilio-Signature"),
  };
}

/** The model's answer to a provider's webhook; a refused one (no valid signature or token) is logged as a security event. */
export async function receiveWebhook(
  request: Request,
  provider: WebhookProvider,
  receive: (webhook: SmsWebhookRequest) => Promise<SmsWebhookAnswer>,
): Promise<SmsWebhookAnswer> {
  const answer = await receive(await webhookRequest(request));
  noteWebhookAnswer(request, provider, answer);
  return answer;
}
