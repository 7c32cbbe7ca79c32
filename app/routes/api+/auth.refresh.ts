import { refreshRequestSchema } from "~/lib/schemas/auth";
import { rotateRefreshToken } from "~/models/api-tokens.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";
import { securityEvent } from "~/utils/security-log.server";

/** POST /api/auth/refresh {refreshToken} → a new pair; the old refresh token is spent. */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const { refreshToken } = await parseJsonBody(request, refreshRequestSchema);
    const rotated = await rotateRefreshToken(refreshToken);
    if (rotated.ok) return apiJson(rotated.pair);
    if (rotated.reason === "reused") securityEvent(request, { event: "refresh_token_reuse", outcome: "failure", userId: rotated.userId });
    return apiError(401, "Authentication failed. Please log in again.");
  },
});
