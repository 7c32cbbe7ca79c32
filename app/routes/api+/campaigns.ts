import { z } from "zod";

import { apiCampaignSchema } from "~/lib/schemas/campaign";
import { IDEMPOTENCY_KEY_MESSAGES, idempotencyKeySchema } from "~/lib/schemas/idempotency";
import { createCampaign, listCampaigns, throttleCampaigns } from "~/models/campaigns.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { apiCampaignSummary, campaignRefusal } from "./__campaigns.server";

const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });

/**
 * GET /api/campaigns (?page) → {campaigns, page, pageCount, total}, newest first.
 * POST /api/campaigns {name?, smsTemplateId, variables | message, audience, sendAt?} → 201 {id,
 * status, estimate: {recipients, skippedOptedOut, encoding, parts, cost, category}}: a draft, checked
 * as it would be sent (send it with POST /api/campaigns/{id}/send). The Idempotency-Key header makes
 * a retried request answer with the campaign it made, for 24 hours (422 for the key on a different
 * request). 400 for bad input (the slot named), 404 for a template or contact not the business's,
 * 429 past 100 saved campaigns an hour. Up to 1,000 contacts may be picked by id; more is a group.
 */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const { page } = pageSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const list = await listCampaigns(user.id, page);
    return apiJson({ ...list, campaigns: list.campaigns.map(apiCampaignSummary) });
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const key = idempotencyKeySchema.safeParse(request.headers.get("Idempotency-Key"));
    if (!key.success) return apiError(400, IDEMPOTENCY_KEY_MESSAGES.api);
    const input = await parseJsonBody(request, apiCampaignSchema);
    const throttled = await throttleCampaigns(user.id, "create");
    if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
    const result = await createCampaign(user.id, input, { idempotencyKey: key.data });
    if (!result.ok) return campaignRefusal(result);
    const { estimate } = result;
    return apiJson(
      {
        id: result.campaign.id,
        status: result.campaign.status,
        estimate: {
          recipients: estimate.recipients,
          skippedOptedOut: estimate.skippedOptedOut,
          skippedNotMobile: estimate.skippedNotMobile,
          encoding: estimate.encoding,
          parts: estimate.parts,
          cost: estimate.cost,
          category: estimate.category,
        },
      },
      { status: 201 },
    );
  },
});
