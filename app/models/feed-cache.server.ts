import { and, eq, inArray, sql } from "drizzle-orm";

import { databaseHandle, db } from "~/db/db.server";
import { postLikes, posts, users } from "~/db/schema";
import type { FeedQuery } from "~/lib/feed-query";
import { defineMemory, type Memory } from "~/memory/memory.server";
import { clearResponseCache } from "~/utils/response-cache.server";
import { forgetPagesShowing, hearingPostChanges, pageKeptUntil } from "~/utils/kept-pages.server";

import { listCategories, type NamedItem } from "./categories.server";
import { listFeed, type FeedPage, type FeedPost } from "./feed.server";
import { livePostCondition } from "./live-post.server";

/**
 * A few seconds of memory in front of listFeed: under load, the same feed page
 * is asked for many times a second, and every asker after the first shares the
 * answer (also while it is still being computed). Per instance and short-lived,
 * so nothing about a visitor lives here.
 */
const TTL_MS = 10_000;
const pages = defineMemory<Promise<FeedPage>>({
  name: "feed-pages",
  purpose: "public feed pages by query, shared by all askers",
  max: 500,
  ttlMs: TTL_MS,
});
const categories = defineMemory<Promise<NamedItem[]>>({
  name: "feed-categories",
  purpose: "the feed's category menu",
  max: 1,
  ttlMs: TTL_MS,
});

/** `memory`'s answer for `key`, and the page drawn from it holds no longer than it is kept (nothing kept: not at all). */
function rememberForPage<V>(memory: Memory<V>, key: string, compute: () => V): V {
  const value = memory.remember(key, compute);
  pageKeptUntil(memory.keptUntil(key) ?? Date.now());
  return value;
}

export function cachedFeedPage(query: FeedQuery): Promise<FeedPage> {
  return rememberForPage(pages, JSON.stringify(query), () => listFeed(query));
}

/** The feed's category menu, remembered as long as a feed page (the admin's changes forget it: forgetCachedFeed). */
export function cachedCategories(): Promise<NamedItem[]> {
  return rememberForPage(categories, "all", listCategories);
}

/** What each process listens on: another one changed what is in the feed. */
export const FEED_CHANGED_CHANNEL = "isent_feed_changed";

/**
 * Forgets every remembered feed page, the category menu, and the first-visit pages and public JSON kept in front of
 * the app, so a change of what is in the feed (a business suspended or back, a post the admin
 * removed or restored) shows on the next request, not seconds later: in this process at once, and
 * on PostgreSQL in every other process and instance too, told through NOTIFY (listenForFeedChanges).
 * The embedded PGlite is one process: nobody else to tell.
 */
export function forgetCachedFeed() {
  forgetInThisProcess();
  const handle = databaseHandle();
  if (handle.kind !== "postgres") return;
  // Those who miss it (the database away for a moment) forget within TTL_MS all the same.
  handle.notify(FEED_CHANGED_CHANNEL).catch((error: unknown) => console.error("[feed] could not tell the other processes:", error));
}

function forgetInThisProcess() {
  pages.clear();
  categories.clear();
  clearResponseCache();
  forgetPagesShowing("*");
}

/**
 * Has this process forget its remembered pages whenever another process (on PostgreSQL) changed the
 * feed. The server calls it once at start; if the database cannot listen then, pages are still
 * forgotten within TTL_MS.
 */
export async function listenForFeedChanges() {
  const handle = databaseHandle();
  if (handle.kind !== "postgres") return;
  await handle
    .listen(FEED_CHANGED_CHANNEL, forgetInThisProcess)
    .catch((error: unknown) => console.error("[feed] cannot hear other processes' feed changes:", error));
}

/** What the database says (a trigger, migration 0029) when posts change: their ids, or "*" for too many or an account's status. */
export const POSTS_CHANGED_CHANNEL = "isent_posts_changed";

/** Has this process forget returning visitors' pages showing posts that changed, whoever changed them (called once at start). */
export async function listenForPostChanges() {
  try {
    await databaseHandle().listen(POSTS_CHANGED_CHANNEL, (payload) => forgetPagesShowing(payload === "*" ? "*" : payload.split(",")));
    hearingPostChanges();
  } catch (error) {
    console.error(`[pages] cannot hear ${POSTS_CHANGED_CHANNEL}; returning visitors' pages are drawn every time:`, error);
  }
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
