import { campaignChangeRoute } from "./__campaigns.server";

/** POST /api/campaigns/{id}/cancel: nothing more is sent and what was not is refunded → the campaign; 409 once final, 404 for another business's. */
export const { loader, action } = campaignChangeRoute("cancel");
