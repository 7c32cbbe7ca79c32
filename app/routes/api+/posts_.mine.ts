import { postHistoryQuerySchema } from "~/lib/schemas/post-history";
import { dailyEngagement, listPostHistory } from "~/models/post-history.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods } from "~/utils/api.server";

import { apiPost } from "../__post-publishing.server";

/**
 * GET /api/posts/mine (?page): the business's posts and offers, 20 a page, newest first (a scheduled
 * one by the time it goes live), each with its status as the history shows it, its counts and its
 * views and likes per day (India's days) over the last 30 days, days with any only.
 */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const query = postHistoryQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    const history = await listPostHistory(user.id, query);
    const engagement = await dailyEngagement(
      user.id,
      history.posts.map((post) => post.id),
    );
    return apiJson({
      posts: history.posts.map((post) => ({ ...apiPost(post), displayStatus: post.displayStatus, daily: engagement[post.id] ?? [] })),
      total: history.total,
      page: history.page,
      pageCount: history.pageCount,
    });
  },
});
