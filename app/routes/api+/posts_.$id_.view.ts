import { viewRequestSchema } from "~/lib/schemas/engagement";
import { recordView } from "~/models/post-engagement.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";
import { requireEngagingVisitor } from "~/utils/visitor.server";

/** POST /api/posts/{id}/view {anonId, ts} → {success, viewsCount}; a visitor counts once per post. */
export const { loader, action } = methods({
  POST: async ({ request, params }) => {
    const body = await parseJsonBody(request, viewRequestSchema);
    const postId = params.id ?? "";
    const visitorId = await requireEngagingVisitor("view", request, body, postId);
    const result = await recordView(postId, visitorId);
    if (!result) return apiError(404, "Post not found");
    return apiJson({ success: true, ...result });
  },
});
