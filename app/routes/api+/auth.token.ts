import { loginSchema } from "~/lib/auth-schemas";
import { issueTokenPair } from "~/models/api-tokens.server";
import { verifyLogin } from "~/models/users.server";
import { apiError, apiJson, apiRoute } from "~/utils/api.server";
import { accountLocked, recordLoginFailure, throttleByIp } from "~/utils/rate-limits.server";
import { readJsonObject } from "~/utils/request.server";

/** POST /api/auth/token {email, password} → a 15-minute access token and a refresh token. */
export const action = apiRoute(async ({ request }) => {
  if (request.method !== "POST") return apiError(405, "Use POST to sign in");
  const body = await readJsonObject(request);
  const parsed = loginSchema.safeParse({ username: body.email ?? body.username, password: body.password });
  if (!parsed.success) return apiError(400, parsed.error.issues[0].message);
  const throttled = (await throttleByIp(request, "token")) ?? (await accountLocked(parsed.data.username));
  if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
  const user = await verifyLogin(parsed.data.username, parsed.data.password);
  if (!user) {
    await recordLoginFailure(parsed.data.username);
    return apiError(401, "Invalid email or password");
  }
  return apiJson(await issueTokenPair(user.id));
});

export const loader = apiRoute(async () => apiError(405, "Use POST to sign in"));
