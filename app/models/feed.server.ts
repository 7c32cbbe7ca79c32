import { and, desc, eq, gt, isNull, or, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { posts, users } from "~/db/schema";

/** SPEC §9: a feed page holds 20 posts; more pages exist only when a page is full. */
export const FEED_PAGE_SIZE = 20;

/** A post as the feed and GET /api/feed show it (SPEC §3 Post). */
export type FeedPost = {
  id: string;
  userId: string;
  kind: "update" | "offer";
  businessName: string | null;
  authorName: string | null;
  profileImageUrl: string | null;
  category: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  content: string;
  hashtags: string[];
  images: string[];
  offerTitle: string | null;
  validUntil: string | null;
  createdAt: string;
  likesCount: number;
  viewsCount: number;
};

/** Live: published, not hidden or removed, and (for offers) not yet expired. */
export const isLivePost = and(eq(posts.status, "live"), or(isNull(posts.validUntil), gt(posts.validUntil, sql`now()`)));

export async function listLatestPosts({ page = 1 }: { page?: number } = {}): Promise<{
  posts: FeedPost[];
  hasMore: boolean;
}> {
  const rows = await db()
    .select({
      id: posts.id,
      userId: posts.userId,
      kind: posts.kind,
      businessName: users.businessName,
      authorName: users.name,
      profileImageUrl: users.profileImageUrl,
      category: posts.category,
      city: posts.city,
      state: posts.state,
      country: posts.country,
      content: posts.content,
      hashtags: posts.hashtags,
      images: posts.images,
      offerTitle: posts.offerTitle,
      validUntil: posts.validUntil,
      createdAt: posts.createdAt,
      likesCount: posts.likesCount,
      viewsCount: posts.viewsCount,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(isLivePost, eq(users.status, "active")))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_PAGE_SIZE)
    .offset((page - 1) * FEED_PAGE_SIZE);

  return {
    posts: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      validUntil: row.validUntil?.toISOString() ?? null,
    })),
    hasMore: rows.length === FEED_PAGE_SIZE,
  };
}
