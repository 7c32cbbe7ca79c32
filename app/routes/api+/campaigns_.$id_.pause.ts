import { campaignChangeRoute } from "./__campaigns.server";

/** POST /api/campaigns/{id}/pause: a scheduled or sending campaign stops at its next batch → the campaign; 409 otherwise, 404 for another business's. */
export const { loader, action } = campaignChangeRoute("pause");
