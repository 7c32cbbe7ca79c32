import { isUuid } from "~/lib/ids";
import { INVALID_CAMPAIGN_ID } from "~/lib/schemas/campaign";
import type { Campaign, CampaignCounts, CampaignDetail, CampaignRefusal, CampaignSummary } from "~/models/campaigns.server";
import { changeCampaign } from "~/models/campaigns.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

/** The signed-in business and the campaign id in the path: a malformed id is 400 'Invalid campaign ID'. */
export async function ownerAndCampaignId(request: Request, id: string | undefined) {
  const user = await requireApiUser(request);
  if (!isUuid(id)) throw apiError(400, INVALID_CAMPAIGN_ID);
  return { userId: user.id, id };
}

/** A refused campaign request as JSON: {message}, and for a short balance its cost, balance and shortfall. */
export function campaignRefusal(refusal: CampaignRefusal): Response {
  const money = refusal.status === 402 ? { cost: refusal.cost, balance: refusal.balance, shortfall: refusal.shortfall } : {};
  return apiJson({ message: refusal.message, ...money }, { status: refusal.status });
}

/** A campaign as the API shows it. */
export function apiCampaign(campaign: Campaign & { counts?: CampaignCounts }) {
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    statusReason: campaign.statusReason,
    category: campaign.category,
    smsTemplateId: campaign.templateId,
    message: campaign.message,
    audience: campaign.audience,
    sendAt: campaign.sendAt?.toISOString() ?? null,
    startsAt: campaign.startsAt?.toISOString() ?? null,
    startedAt: campaign.startedAt?.toISOString() ?? null,
    completedAt: campaign.completedAt?.toISOString() ?? null,
    recipients: campaign.recipientsCount,
    cost: campaign.cost,
    refunded: campaign.refunded,
    createdAt: campaign.createdAt.toISOString(),
    ...(campaign.counts ? { counts: campaign.counts } : {}),
  };
}

export function apiCampaignSummary(campaign: CampaignSummary) {
  return { ...apiCampaign(campaign), availableActions: campaign.availableActions };
}

export function apiCampaignDetail(campaign: CampaignDetail) {
  return {
    ...apiCampaignSummary(campaign),
    events: campaign.events.map((event) => ({
      from: event.fromStatus,
      to: event.toStatus,
      reason: event.reason,
      at: event.createdAt.toISOString(),
    })),
  };
}

/** POST /api/campaigns/{id}/pause | resume | cancel: the campaign after the change; 409 when the change does not apply to it as it is. */
export function campaignChangeRoute(change: "pause" | "resume" | "cancel") {
  return methods({
    POST: async ({ request, params }) => {
      const { userId, id } = await ownerAndCampaignId(request, params.id);
      const result = await changeCampaign(userId, id, change);
      return result.ok ? apiJson(apiCampaign(result.campaign)) : campaignRefusal(result);
    },
  });
}
