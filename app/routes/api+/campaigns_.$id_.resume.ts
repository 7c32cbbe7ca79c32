import { campaignChangeRoute } from "./__campaigns.server";

/** POST /api/campaigns/{id}/resume: a paused campaign sends again (or waits for the window) → the campaign; 409 otherwise, 404 for another business's. */
export const { loader, action } = campaignChangeRoute("resume");
