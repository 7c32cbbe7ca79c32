import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods } from "~/utils/api.server";

/** GET /api/user/me: the signed-in user's data (never the password hash). */
export const { loader, action } = methods({ GET: async ({ request }) => apiJson(await requireApiUser(request)) });
