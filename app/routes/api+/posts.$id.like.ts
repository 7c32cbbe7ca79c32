import { setLike, type LikeIntent } from "~/models/post-engagement.server";
import { apiError, apiJson, apiRoute } from "~/utils/api.server";
import { readJsonObject } from "~/utils/request.server";
import { visitorIdFrom } from "~/utils/visitor.server";

const INTENTS: LikeIntent[] = ["like", "unlike", "toggle"];

/**
 * POST /api/posts/{id}/like → {success, likesCount, liked}. Without a body it
 * toggles; {"action": "like"|"unlike"} sets the state, so a retry is harmless.
 */
export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") return apiError(405, "Use POST to like a post");
  const body = await readJsonObject(request);
  const visitorId = await visitorIdFrom(request, body);
  if (!visitorId) return apiError(400, "anonId must be the visitor's id");
  const intent = body.action ?? "toggle";
  if (!INTENTS.includes(intent as LikeIntent)) return apiError(400, "action must be like, unlike or toggle");
  const result = await setLike(params.id ?? "", visitorId, intent as LikeIntent);
  if (!result) return apiError(404, "Post not found");
  return apiJson({ success: true, ...result });
});

export const loader = apiRoute(async () => apiError(405, "Use POST to like a post"));
