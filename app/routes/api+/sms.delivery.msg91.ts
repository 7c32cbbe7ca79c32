import { receiveMsg91DeliveryWebhook } from "~/models/sms-webhooks.server";
import { apiJson, methods } from "~/utils/api.server";

import { receiveWebhook } from "./__sms-webhooks.server";

/**
 * POST /api/sms/delivery/msg91?token=…: MSG91's delivery reports (its panel's webhook, v2 form or
 * JSON), no session. 401 without the configured token; 200 for reports applied, repeated or
 * about messages we do not know; 400 for a body that is no report.
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const answer = await receiveWebhook(request, "msg91", receiveMsg91DeliveryWebhook);
    return apiJson({ message: answer.message }, { status: answer.status });
  },
});
