import { templateApiQuerySchema } from "~/lib/schemas/templates";
import { listTemplates, TEMPLATES_CACHE_CONTROL } from "~/models/templates.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

/**
 * GET /api/templates (?categoryId): the active post and offer templates, in their categories' order,
 * placeholders as written: [{id, title, kind, categoryId, categoryName, content, hashtags, imageUrl, offer}].
 * The same for everyone, so no sign-in; never kept by a cache (ours or the browser's) without asking
 * again, so an admin's change shows at once.
 */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const query = templateApiQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return apiError(400, query.error.issues[0].message);
    return apiJson(await listTemplates(query.data), { headers: { "Cache-Control": TEMPLATES_CACHE_CONTROL } });
  },
});
