import { receiveTwilioInboundWebhook } from "~/models/sms-webhooks.server";
import { applySecurityHeaders } from "~/utils/security-headers.server";
import { apiJson, methods } from "~/utils/api.server";

import { receiveWebhook } from "./__sms-webhooks.server";

/** An empty TwiML answer: Twilio sends nothing back to the replying phone. */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * POST /api/sms/inbound/twilio: Twilio's incoming-message webhook (From, Body, MessageSid), no
 * session. 401 unless X-Twilio-Signature is right; 200 with empty TwiML once kept (and again for
 * the same message, which changes nothing).
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const answer = await receiveWebhook(request, "twilio", receiveTwilioInboundWebhook);
    if (answer.status !== 200) return apiJson({ message: answer.message }, { status: answer.status });
    const headers = new Headers({ "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" });
    applySecurityHeaders(headers);
    return new Response(EMPTY_TWIML, { status: 200, headers });
  },
});
