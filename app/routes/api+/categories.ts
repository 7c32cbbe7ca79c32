import { listCategories } from "~/models/categories.server";
import { apiJson, apiRoute } from "~/utils/api.server";

export const loader = apiRoute(async () => apiJson(await listCategories(), { headers: { "Cache-Control": "public, max-age=300" } }));
