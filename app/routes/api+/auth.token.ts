import { loginSchema } from "~/lib/auth-schemas";
import { issueTokenPair } from "~/models/api-tokens.server";
import { signInWithPassword } from "~/models/sign-in.server";
import { apiError, apiJson, apiRoute } from "~/utils/api.server";
import { clientIp } from "~/utils/client-ip.server";
import { readJsonObject } from "~/utils/request.server";

/** POST /api/auth/token {email, password} → a 15-minute access token and a refresh token. */
export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") return apiError(405, "Use POST to sign in");
  const body = await readJsonObject(request);
  const parsed = loginSchema.safeParse({ username: body.email ?? body.username, password: body.password });
  if (!parsed.success) return apiError(400, parsed.error.issues[0].message);
  const signedIn = await signInWithPassword({
    email: parsed.data.username,
    password: parsed.data.password,
    clientIp: clientIp(request),
    purpose: "token",
  });
  if (!signedIn.ok && signedIn.reason === "throttled") {
    return apiError(429, signedIn.message, { headers: { "Retry-After": String(signedIn.retryAfterSeconds) } });
  }
  if (!signedIn.ok) return apiError(401, "Invalid email or password");
  return apiJson(await issueTokenPair(signedIn.user.id));
});

export const loader = apiRoute(async () => apiError(405, "Use POST to sign in"));
