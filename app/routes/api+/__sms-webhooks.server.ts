import type { SmsWebhookRequest } from "~/models/sms-webhooks.server";

/** A provider's webhook request as its model reads it: the URL, the raw body (its size is bounded by server/body-limit.ts), the type and Twilio's signature. */
export async function webhookRequest(request: Request): Promise<SmsWebhookRequest> {
  return {
    url: request.url,
    contentType: (request.headers.get("Content-Type") ?? "").toLowerCase(),
    rawBody: await request.text(),
    signature: request.headers.get("X-Twilio-Signature"),
  };
}
