import { recordView } from "~/models/post-engagement.server";
import { apiError, apiJson, apiRoute } from "~/utils/api.server";
import { readJsonObject } from "~/utils/request.server";
import { visitorIdFrom } from "~/utils/visitor.server";

/** POST /api/posts/{id}/view {anonId, ts} → {success, viewsCount}; a visitor counts once per post. */
export const action = apiRoute(async ({ request, params }) => {
  if (request.method !== "POST") return apiError(405, "Use POST to record a view");
  const body = await readJsonObject(request);
  const visitorId = await visitorIdFrom(request, body);
  if (!visitorId) return apiError(400, "anonId must be the visitor's id");
  if (body.ts !== undefined && (typeof body.ts !== "number" || !Number.isFinite(body.ts))) {
    return apiError(400, "ts must be a timestamp in milliseconds");
  }
  const result = await recordView(params.id ?? "", visitorId);
  if (!result) return apiError(404, "Post not found");
  return apiJson({ success: true, ...result });
});

export const loader = apiRoute(async () => apiError(405, "Use POST to record a view"));
