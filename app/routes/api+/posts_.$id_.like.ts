import { likeRequestSchema } from "~/lib/schemas/engagement";
import { setLike } from "~/models/post-engagement.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";
import { requireEngagingVisitor } from "~/utils/visitor.server";

/** POST /api/posts/{id}/like {anonId?, action?} → {success, likesCount, liked}. */
export const { loader, action } = methods({
  POST: async ({ request, params }) => {
    const body = await parseJsonBody(request, likeRequestSchema);
    const postId = params.id ?? "";
    const visitorId = await requireEngagingVisitor("like", request, body, postId);
    const result = await setLike(postId, visitorId, body.action);
    if (!result) return apiError(404, "Post not found");
    return apiJson({ success: true, ...result });
  },
});
