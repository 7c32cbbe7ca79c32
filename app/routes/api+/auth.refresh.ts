import { rotateRefreshToken } from "~/models/api-tokens.server";
import { apiError, apiJson, apiRoute } from "~/utils/api.server";
import { readJsonObject } from "~/utils/request.server";

/** POST /api/auth/refresh {refreshToken} → a new pair; the old refresh token is spent. */
export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") return apiError(405, "Use POST to refresh a token");
  const body = await readJsonObject(request);
  if (typeof body.refreshToken !== "string" || body.refreshToken.length < 20) return apiError(400, "refreshToken is required");
  const pair = await rotateRefreshToken(body.refreshToken);
  if (!pair) return apiError(401, "Authentication failed. Please log in again.");
  return apiJson(pair);
});

export const loader = apiRoute(async () => apiError(405, "Use POST to refresh a token"));
