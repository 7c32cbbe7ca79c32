import { listTemplateCategories } from "~/models/categories.server";
import { TEMPLATES_CACHE_CONTROL } from "~/models/templates.server";
import { apiJson, methods } from "~/utils/api.server";

/** GET /api/template-categories: an array of {id, name}, in the admin's order (uncached, like the templates). */
export const { loader, action } = methods({
  GET: async () => apiJson(await listTemplateCategories(), { headers: { "Cache-Control": TEMPLATES_CACHE_CONTROL } }),
});
