import { listCategories } from "~/models/categories.server";
import { apiJson, methods } from "~/utils/api.server";

export const { loader, action } = methods({
  GET: async () => apiJson(await listCategories(), { headers: { "Cache-Control": "public, max-age=300" } }),
});
