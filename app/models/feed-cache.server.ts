import { and, eq, inArray } from "drizzle-orm";

import { db } from "~/db/db.server";
import { posts, users } from "~/db/schema";
import type { FeedQuery } from "~/lib/feed-query";
import { clearResponseCache } from "~/utils/response-cache.server";

import { listFeed, type FeedPage, type FeedPost } from "./feed.server";
import { livePostCondition } from "./live-post.server";

/**
 * A few seconds of memory in front of listFeed: under load, the same feed page
 * is asked for many times a second, and every asker after the first shares the
 * answer (also while it is still being computed). Per instance and short-lived,
 * so nothing about a visitor lives here.
 */
const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
const pages = new Map<string, { expiresAt: number; page: Promise<FeedPage> }>();

export function cachedFeedPage(query: FeedQuery): Promise<FeedPage> {
  const key = JSON.stringify(query);
  const now = Date.now();
  const hit = pages.get(key);
  if (hit && hit.expiresAt > now) return hit.page;
  const page = listFeed(query);
  pages.set(key, { expiresAt: now + TTL_MS, page });
  page.catch(() => pages.delete(key));
  if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
  return page;
}

/**
 * Forgets every remembered feed page, and the first-visit pages and public JSON kept in front of
 * the app, so a change of what is in the feed (a business suspended or back, a post the admin
 * removed or restored) shows on the next request of this instance, not seconds later. Other instances forget theirs within TTL_MS.
 */
export function forgetCachedFeed() {
  pages.clear();
  clearResponseCache();
}

/**
 * The current like and view counts of these posts, laid over a remembered page,
 * so a visitor always sees their own like counted (one primary-key lookup). A post
 * no longer live (removed by the admin, hidden, ended, deleted, or its business
 * suspended: the feed's own live-post rule) is dropped from the page by the same
 * lookup, so even another instance's remembered page never shows it.
 */
export async function withCurrentCounts(feedPosts: FeedPost[]): Promise<FeedPost[]> {
  if (feedPosts.length === 0) return feedPosts;
  const rows = await db()
    .select({ id: posts.id, likesCount: posts.likesCount, viewsCount: posts.viewsCount })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(
      and(
        inArray(
          posts.id,
          feedPosts.map((post) => post.id),
        ),
        livePostCondition(),
      ),
    );
  const counts = new Map(rows.map(({ id, likesCount, viewsCount }) => [id, { likesCount, viewsCount }]));
  return feedPosts.filter((post) => counts.has(post.id)).map((post) => ({ ...post, ...counts.get(post.id) }));
}
