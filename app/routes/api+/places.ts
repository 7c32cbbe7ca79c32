import { placeQuerySchema } from "~/lib/place-search";
import { isOfflinePlaceSearch, searchPlaces } from "~/services/geocoding.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

/** Gazetteer answers change only with a new release, so browsers and proxies may keep them for a day. */
const OFFLINE_ANSWER_CACHE_CONTROL = "public, max-age=86400";

/** GET /api/places?q=... → up to 8 places in India for the location picker. */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const query = placeQuerySchema.safeParse(new URL(request.url).searchParams.get("q") ?? "");
    if (!query.success) return apiError(400, query.error.issues[0].message);
    const places = await searchPlaces(query.data);
    return apiJson(places, isOfflinePlaceSearch() ? { headers: { "Cache-Control": OFFLINE_ANSWER_CACHE_CONTROL } } : {});
  },
});
