import { CAMPAIGN_REFUSALS, getCampaign } from "~/models/campaigns.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

import { apiCampaignDetail, ownerAndCampaignId } from "./__campaigns.server";

/**
 * GET /api/campaigns/{id} → the campaign with its status, counts {total, queued, sent, delivered,
 * failed, skipped, cancelled}, timeline and the actions it allows. Another business's is 404.
 */
export const { loader, action } = methods({
  GET: async ({ request, params }) => {
    const { userId, id } = await ownerAndCampaignId(request, params.id);
    const campaign = await getCampaign(userId, id);
    return campaign ? apiJson(apiCampaignDetail(campaign)) : apiError(404, CAMPAIGN_REFUSALS.notFound);
  },
});
