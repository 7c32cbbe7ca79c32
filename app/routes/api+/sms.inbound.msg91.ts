import { receiveMsg91InboundWebhook } from "~/models/sms-webhooks.server";
import { apiJson, methods } from "~/utils/api.server";

import { receiveWebhook } from "./__sms-webhooks.server";

/**
 * POST /api/sms/inbound/msg91?token=…: a reply MSG91 forwards from the long code or keyword
 * (STOP, START, …), no session. 401 without the configured token; 200 once kept (and again for
 * the same reply, which changes nothing); 400 without a sender or a message.
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const answer = await receiveWebhook(request, "msg91", receiveMsg91InboundWebhook);
    return apiJson({ message: answer.message }, { status: answer.status });
  },
});
