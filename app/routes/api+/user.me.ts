import { apiJson, apiRoute } from "~/utils/api.server";
import { requireApiUser } from "~/utils/api-auth.server";

/** SPEC §7: the signed-in user's data (never the password hash). */
export const loader = apiRoute(async ({ request }) => apiJson(await requireApiUser(request)));
