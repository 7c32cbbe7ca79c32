import { refreshRequestSchema } from "~/lib/schemas/auth";
import { rotateRefreshToken } from "~/models/api-tokens.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

/** POST /api/auth/refresh {refreshToken} → a new pair; the old refresh token is spent. */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const { refreshToken } = await parseJsonBody(request, refreshRequestSchema);
    const pair = await rotateRefreshToken(refreshToken);
    if (!pair) return apiError(401, "Authentication failed. Please log in again.");
    return apiJson(pair);
  },
});
