import { isUuid } from "~/lib/ids";
import { INVALID_POST_ID, POST_NOT_FOUND, postChangeSchema } from "~/lib/schemas/post-history";
import { apiPostEditSchema } from "~/lib/schemas/posts";
import { applyPostChange } from "~/models/post-history.server";
import { deletePost, editPost, throttleEditing } from "~/models/posts.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { apiPost } from "../__post-publishing.server";

/** The signed-in business and the post id in the path: a malformed id is 400 'Invalid post ID'. */
async function ownerAndId(request: Request, id: string | undefined) {
  const user = await requireApiUser(request);
  if (!isUuid(id)) throw apiError(400, INVALID_POST_ID);
  return { userId: user.id, id };
}

/**
 * PATCH /api/posts/{id} {action: 'hide' | 'show' | 'end'} → the post; a change that does not apply
 * to it as it is is 409 {message}. PUT → the post corrected (free; its words, images, category and
 * an offer's details, as POST /api/posts has them), 409 once its life is over, 400 for bad input or
 * another kind, 429 past the hourly limit. DELETE → {success: true, refunded} (a scheduled post's price comes
 * back). Another business's post is 404, exactly as an unknown one. The history page calls the same
 * model functions.
 */
export const { loader, action } = methods({
  PATCH: async ({ request, params }) => {
    const { userId, id } = await ownerAndId(request, params.id);
    const { action: change } = await parseJsonBody(request, postChangeSchema);
    const result = await applyPostChange(userId, id, change);
    if (!result.ok) return apiError(result.reason === "not_found" ? 404 : 409, result.message);
    return apiJson({ ...apiPost(result.post), displayStatus: result.post.displayStatus });
  },
  PUT: async ({ request, params }) => {
    const { userId, id } = await ownerAndId(request, params.id);
    const input = await parseJsonBody(request, apiPostEditSchema);
    const throttled = await throttleEditing(userId);
    if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
    const result = await editPost(userId, id, input);
    if (result.ok) return apiJson({ ...apiPost(result.post), displayStatus: result.post.displayStatus });
    if (result.reason === "not_found") return apiError(404, POST_NOT_FOUND);
    return apiError(result.reason === "invalid" ? 400 : 409, result.message);
  },
  DELETE: async ({ request, params }) => {
    const { userId, id } = await ownerAndId(request, params.id);
    const deleted = await deletePost(userId, id);
    return deleted ? apiJson({ success: true, refunded: deleted.refunded }) : apiError(404, POST_NOT_FOUND);
  },
});
