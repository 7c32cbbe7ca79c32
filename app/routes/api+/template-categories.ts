import { listTemplateCategories } from "~/models/categories.server";
import { apiJson, apiRoute } from "~/utils/api.server";

/** SPEC §7: an array of items with name. */
export const loader = apiRoute(async () =>
  apiJson(await listTemplateCategories(), { headers: { "Cache-Control": "public, max-age=300" } }),
);
