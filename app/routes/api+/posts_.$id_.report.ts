import { REPORT_MESSAGES } from "~/lib/post-report";
import { reportPostRequestSchema } from "~/lib/schemas/post-reports";
import { reportPost } from "~/models/post-reports.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";
import { clientIp } from "~/utils/client-ip.server";
import { visitorIdFrom } from "~/utils/visitor.server";

/**
 * POST /api/posts/{id}/report {reason, details?, anonId?} → 201 {success, alreadyReported: false, message}
 * the first time, 200 {success, alreadyReported: true, message} after; 404 for a post not in the feed,
 * 429 past the address's limit. The same model function as the report page.
 */
export const { loader, action } = methods({
  POST: async ({ request, params }) => {
    const { anonId, ...report } = await parseJsonBody(request, reportPostRequestSchema);
    const visitorId = await visitorIdFrom(request, { anonId });
    if (!visitorId) return apiError(400, "anonId must be the visitor's id");
    const result = await reportPost({ ...report, postId: params.id ?? "", visitorId, clientAddress: clientIp(request) });
    if (!result.ok && result.reason === "not_found") return apiError(404, "Post not found");
    if (!result.ok) return apiError(429, result.message, { headers: { "Retry-After": String(result.retryAfterSeconds) } });
    const message = result.alreadyReported ? REPORT_MESSAGES.alreadyReported : REPORT_MESSAGES.thanks;
    return apiJson({ success: true, alreadyReported: result.alreadyReported, message }, { status: result.alreadyReported ? 200 : 201 });
  },
});
