import { parseFeedQuery } from "~/lib/feed-query";
import { cachedFeedPage } from "~/models/feed-cache.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

/** GET /api/feed answers an array of posts; the next page's offset is offset + limit (or X-Next-Cursor). */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const parsed = parseFeedQuery(new URL(request.url).searchParams);
    if (!parsed.ok) return apiError(400, parsed.message);
    const page = await cachedFeedPage(parsed.query);
    return apiJson(page.posts, {
      headers: {
        // The feed may be 2 minutes old, shared by every anonymous visitor; counts of
        // a visitor's own likes come from the like response, not from this.
        "Cache-Control": "public, max-age=120, stale-while-revalidate=60",
        "X-Has-More": String(page.hasMore),
        ...(page.nextCursor ? { "X-Next-Cursor": page.nextCursor } : {}),
      },
    });
  },
});
