import { and, eq, inArray, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { postLikes, posts, users } from "~/db/schema";
import type { FeedQuery } from "~/lib/feed-query";
import { changeTag, defineMemory } from "~/memory/memory.server";

import { listCategories, type NamedItem } from "./categories.server";
import { listFeed, type FeedPage, type FeedPost } from "./feed.server";
import { livePostCondition } from "./live-post.server";

/**
 * A few seconds of memory in front of listFeed: under load, the same feed page
 * is asked for many times a second, and every asker after the first shares the
 * answer (also while it is still being computed). Per instance and short-lived,
 * so nothing about a visitor lives here; forgotten at once when what is in the feed changes (a post
 * published, edited, hidden or removed, a business suspended: the change feed's `feed` tag).
 */
const TTL_MS = 10_000;
const pages = defineMemory<Promise<FeedPage>>({
  name: "feed-pages",
  purpose: "public feed pages by query, shared by all askers",
  max: 500,
  ttlMs: TTL_MS,
  dependsOn: ["feed"],
});
const categories = defineMemory<Promise<NamedItem[]>>({
  name: "feed-categories",
  purpose: "the feed's category menu",
  max: 1,
  ttlMs: TTL_MS,
  dependsOn: ["feed"],
});

const inTheFeed = { tags: [changeTag.feed] };

export function cachedFeedPage(query: FeedQuery): Promise<FeedPage> {
  return pages.remember(JSON.stringify(query), () => listFeed(query), inTheFeed);
}

/** The feed's category menu, remembered as long as a feed page (the admin's changes tell `feed` too). */
export function cachedCategories(): Promise<NamedItem[]> {
  return categories.remember("all", listCategories, inTheFeed);
}

/**
 * The current like and view counts of these posts, laid over a remembered page,
 * so a visitor always sees their own like counted, and which of them this visitor
 * likes: one lookup by primary key. A post no longer live (removed by the admin,
 * hidden, ended, deleted, or its business suspended: the feed's own live-post
 * rule) is dropped from the page by the same lookup, so even another instance's
 * remembered page never shows it.
 */
export async function withCurrentCounts(
  feedPosts: FeedPost[],
  visitorId: string | null = null,
): Promise<{ posts: FeedPost[]; likedIds: string[] }> {
  if (feedPosts.length === 0) return { posts: feedPosts, likedIds: [] };
  const likedByVisitor = visitorId
    ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.visitorId} = ${visitorId})`
    : sql<boolean>`false`;
  const rows = await db()
    .select({ id: posts.id, likesCount: posts.likesCount, viewsCount: posts.viewsCount, liked: likedByVisitor })
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
  return {
    posts: feedPosts.filter((post) => counts.has(post.id)).map((post) => ({ ...post, ...counts.get(post.id) })),
    likedIds: feedPosts.filter((post) => rows.some((row) => row.id === post.id && row.liked)).map((post) => post.id),
  };
}
