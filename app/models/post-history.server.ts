import { and, count, desc, eq, gte, inArray } from "drizzle-orm";

import { db } from "~/db/db.server";
import { indianDaySql } from "~/db/india-time.server";
import { postLikes, posts, postViews } from "~/db/schema";
import { CHART_DAYS, type DailyEngagement } from "~/lib/engagement-chart";
import { isUuid } from "~/lib/ids";
import { addDays, startOfIndianDay } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { changeRefusal, postDisplayStatus, type PostChange, type PostDisplayStatus } from "~/lib/post-status";
import { POST_NOT_FOUND, POSTS_HISTORY_PAGE_SIZE } from "~/lib/schemas/post-history";

import { changePost, getOwnPost, type OwnPost } from "./posts.server";

/**
 * A business's posts and offers as its history shows them: every status (scheduled, live, ended,
 * hidden, removed by the admin), newest first, with what visitors did with each per day. The
 * changes themselves (hide, show, end, delete) are posts.server.ts's.
 */

export type HistoryPost = OwnPost & { displayStatus: PostDisplayStatus };
export type PostHistoryPage = { posts: HistoryPost[]; total: number; page: number; pageCount: number };

/**
 * One page of 20 of the business's posts, newest first by createdAt: a scheduled post holds the
 * time it will go live there, so it sorts by that too (at the top, until then). A page past the
 * end shows the last page. Read down the (user_id, created_at) index.
 */
export async function listPostHistory(userId: string, { page }: { page: number }, now: Date = new Date()): Promise<PostHistoryPage> {
  const mine = eq(posts.userId, userId);
  const rowsOf = (pageNumber: number) =>
    db()
      .select()
      .from(posts)
      .where(mine)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(POSTS_HISTORY_PAGE_SIZE)
      .offset((pageNumber - 1) * POSTS_HISTORY_PAGE_SIZE);
  const [[{ total }], firstTry] = await Promise.all([db().select({ total: count() }).from(posts).where(mine), rowsOf(page)]);
  const pageCount = Math.max(1, Math.ceil(total / POSTS_HISTORY_PAGE_SIZE));
  const shownPage = Math.min(page, pageCount);
  const rows = shownPage === page ? firstTry : await rowsOf(shownPage);
  return {
    posts: rows.map((post) => ({ ...post, displayStatus: postDisplayStatus(post, now) })),
    total,
    page: shownPage,
    pageCount,
  };
}

/** The first moment of the earliest day a chart shows: CHART_DAYS days, today included, in India. */
export function chartWindowStart(now: Date = new Date()): Date {
  return startOfIndianDay(addDays(indianDate(now), -(CHART_DAYS - 1)));
}

/**
 * How many of one table's rows (views or likes) each of these posts had per day since `since`:
 * one query, the owner in its WHERE through the join to posts. The (post_id, visitor_id) primary
 * key finds each post's rows; only the window's rows are counted.
 */
async function perDay(table: typeof postViews | typeof postLikes, userId: string, postIds: string[], since: Date) {
  const day = indianDaySql(table.createdAt);
  return db()
    .select({ postId: table.postId, day, count: count() })
    .from(table)
    .innerJoin(posts, eq(posts.id, table.postId))
    .where(and(eq(posts.userId, userId), inArray(table.postId, postIds), gte(table.createdAt, since)))
    .groupBy(table.postId, day);
}

/**
 * Views and likes per day (in India) of these posts of the business, oldest day first, from
 * `since` (by default the chart's window: the last CHART_DAYS days). Only days with any; a post
 * with none, or not this business's, has no entry.
 */
export async function dailyEngagement(
  userId: string,
  postIds: readonly string[],
  { since = chartWindowStart() }: { since?: Date } = {},
): Promise<Record<string, DailyEngagement[]>> {
  const ids = [...new Set(postIds.filter(isUuid))];
  if (ids.length === 0) return {};
  const [views, likes] = await Promise.all([perDay(postViews, userId, ids, since), perDay(postLikes, userId, ids, since)]);
  const byPost = new Map<string, Map<string, DailyEngagement>>();
  const entry = (postId: string, day: string) => {
    const days = byPost.get(postId) ?? byPost.set(postId, new Map()).get(postId)!;
    return days.get(day) ?? days.set(day, { day, views: 0, likes: 0 }).get(day)!;
  };
  for (const row of views) entry(row.postId, row.day).views = row.count;
  for (const row of likes) entry(row.postId, row.day).likes = row.count;
  return Object.fromEntries(
    [...byPost].map(([postId, days]) => [postId, [...days.values()].sort((first, second) => first.day.localeCompare(second.day))]),
  );
}

export type PostChangeResult =
  | { ok: true; post: HistoryPost }
  | { ok: false; reason: "not_found"; message: string }
  | { ok: false; reason: "not_applicable"; message: string };

/**
 * Hide, show again or end early, as the history page and PATCH /api/posts/{id} do it: the change
 * is made by changePost (the owner and the rule in its WHERE); when it did not apply, the post is
 * read only to say why, and another business's post is not found, exactly as an unknown one.
 */
export async function applyPostChange(userId: string, postId: string, change: PostChange): Promise<PostChangeResult> {
  const changed = await changePost(userId, postId, change);
  // An offer ended now ended at the database's now(), which the app's clock may not have reached.
  const now = change === "end" && changed?.validUntil ? changed.validUntil : new Date();
  if (changed) return { ok: true, post: { ...changed, displayStatus: postDisplayStatus(changed, now) } };
  const post = await getOwnPost(userId, postId);
  if (!post) return { ok: false, reason: "not_found", message: POST_NOT_FOUND };
  return { ok: false, reason: "not_applicable", message: changeRefusal(change, postDisplayStatus(post), post.kind) };
}
