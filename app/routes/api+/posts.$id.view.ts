import { viewRequestSchema } from "~/lib/schemas/engagement";
import { recordView } from "~/models/post-engagement.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";
import { visitorIdFrom } from "~/utils/visitor.server";

/** POST /api/posts/{id}/view {anonId, ts} → {success, viewsCount}; a visitor counts once per post. */
export const { loader, action } = methods({
  POST: async ({ request, params }) => {
    const body = await parseJsonBody(request, viewRequestSchema);
    const visitorId = await visitorIdFrom(request, body);
    if (!visitorId) return apiError(400, "anonId must be the visitor's id");
    const result = await recordView(params.id ?? "", visitorId);
    if (!result) return apiError(404, "Post not found");
    return apiJson({ success: true, ...result });
  },
});
