import { listTemplateCategories } from "~/models/categories.server";
import { apiJson, methods } from "~/utils/api.server";

/** GET /api/template-categories: an array of {id, name}, in the admin's order. */
export const { loader, action } = methods({
  GET: async () => apiJson(await listTemplateCategories(), { headers: { "Cache-Control": "public, max-age=300" } }),
});
