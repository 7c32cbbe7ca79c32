import { z } from "zod";

import { sendCampaign, throttleCampaigns } from "~/models/campaigns.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { apiCampaign, campaignRefusal, ownerAndCampaignId } from "./__campaigns.server";

const sendSchema = z.object({
  sendAt: z.string().datetime({ offset: true, message: "sendAt must be an ISO date and time" }).nullish(),
});

/**
 * POST /api/campaigns/{id}/send {sendAt?}: reserves the whole cost and starts the campaign (or
 * schedules it: a later sendAt, or promotional SMS outside the sending window) → the campaign with
 * its status and startsAt. 402 {message, cost, balance, shortfall} when the balance is short
 * (nothing queued), 409 when it is not a draft, 400 for a sendAt in the past, 404 for another
 * business's, 429 past the hourly limit.
 */
export const { loader, action } = methods({
  POST: async ({ request, params }) => {
    const { userId, id } = await ownerAndCampaignId(request, params.id);
    const { sendAt } = await parseJsonBody(request, sendSchema);
    const throttled = await throttleCampaigns(userId, "send");
    if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
    const result = await sendCampaign(userId, id, { at: sendAt ? new Date(sendAt) : null });
    return result.ok ? apiJson(apiCampaign(result.campaign)) : campaignRefusal(result);
  },
});
