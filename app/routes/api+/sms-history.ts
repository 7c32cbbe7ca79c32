import { smsHistoryQuerySchema } from "~/lib/schemas/sms-history.server";
import { CAMPAIGN_REFUSALS, listSmsHistory } from "~/models/campaigns.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

/**
 * GET /api/sms-history (?campaignId, ?status, ?from, ?to as YYYY-MM-DD in India, ?page) →
 * {messages: [{id, campaignId, campaignName, to, body, parts, cost, status, failureReason, createdAt,
 * submittedAt, finishedAt}], page, hasNextPage}, newest first. Another business's campaign is 404.
 */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const query = smsHistoryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiError(400, query.error.issues[0].message);
    const history = await listSmsHistory(user.id, query.data);
    if (!history) return apiError(404, CAMPAIGN_REFUSALS.notFound);
    return apiJson({
      ...history,
      messages: history.messages.map(({ toNumber, createdAt, submittedAt, finishedAt, ...message }) => ({
        ...message,
        to: toNumber,
        createdAt: createdAt.toISOString(),
        submittedAt: submittedAt?.toISOString() ?? null,
        finishedAt: finishedAt?.toISOString() ?? null,
      })),
    });
  },
});
