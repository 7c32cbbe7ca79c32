import { tokenRequestSchema } from "~/lib/schemas/auth";
import { issueTokenPair } from "~/models/api-tokens.server";
import { signInWithPassword } from "~/models/sign-in.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";
import { clientIp } from "~/utils/client-ip.server";
import { passwordSignInEvent } from "~/utils/security-log.server";

/** POST /api/auth/token {email, password} → a 15-minute access token and a refresh token. */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const { username, password } = await parseJsonBody(request, tokenRequestSchema);
    const signedIn = await signInWithPassword({ email: username, password, clientIp: clientIp(request) });
    passwordSignInEvent(request, "sign_in", username, signedIn);
    if (!signedIn.ok && signedIn.reason === "throttled") {
      return apiError(429, signedIn.message, { headers: { "Retry-After": String(signedIn.retryAfterSeconds) } });
    }
    if (!signedIn.ok) return apiError(401, "Invalid email or password");
    return apiJson(await issueTokenPair(signedIn.user.id));
  },
});
