import { receiveTwilioDeliveryWebhook } from "~/models/sms-webhooks.server";
import { apiJson, methods } from "~/utils/api.server";

import { receiveWebhook } from "./__sms-webhooks.server";

/**
 * POST /api/sms/delivery/twilio: Twilio's status callback (MessageSid, MessageStatus, ErrorCode),
 * no session. 401 unless X-Twilio-Signature is right; 200 for a status applied, not final,
 * repeated or about a message we do not know.
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const answer = await receiveWebhook(request, "twilio", receiveTwilioDeliveryWebhook);
    return apiJson({ message: answer.message }, { status: answer.status });
  },
});
