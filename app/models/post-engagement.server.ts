import { and, eq, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { postLikes, posts, postViews, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";

import { livePostCondition } from "./live-post.server";

export type LikeIntent = "like" | "unlike" | "toggle";
export type LikeResult = { likesCount: number; liked: boolean };

/**
 * Likes or unlikes a live post for one visitor. The (post, visitor) primary key
 * makes a second like impossible, and the counter moves by ±1 in the same
 * transaction as the row, so concurrent likes never lose an update.
 * Null when the post is unknown or not live.
 */
export async function setLike(postId: string, visitorId: string, intent: LikeIntent): Promise<LikeResult | null> {
  if (!isUuid(postId)) return null;
  return db().transaction(async (tx) => {
    if (!(await isLive(tx, postId))) return null;

    if (intent !== "unlike") {
      const inserted = await tx.insert(postLikes).values({ postId, visitorId }).onConflictDoNothing().returning();
      if (inserted.length) return { likesCount: await moveLikes(tx, postId, 1), liked: true };
      if (intent === "like") return { likesCount: await currentLikes(tx, postId), liked: true };
    }
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.visitorId, visitorId)))
      .returning();
    if (removed.length) return { likesCount: await moveLikes(tx, postId, -1), liked: false };
    return { likesCount: await currentLikes(tx, postId), liked: false };
  });
}

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

/** Only a live post takes likes and views: not hidden or removed, not an ended offer, not a suspended business's. */
async function isLive(tx: Tx, postId: string): Promise<boolean> {
  const [post] = await tx
    .select({ id: posts.id })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, postId), livePostCondition()));
  return Boolean(post);
}

async function moveLikes(tx: Tx, postId: string, delta: 1 | -1): Promise<number> {
  const [row] = await tx
    .update(posts)
    .set({ likesCount: sql`${posts.likesCount} + ${delta}` })
    .where(eq(posts.id, postId))
    .returning({ likesCount: posts.likesCount });
  return row.likesCount;
}

async function currentLikes(tx: Tx, postId: string): Promise<number> {
  const [row] = await tx.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, postId));
  return row.likesCount;
}

/** Counts a visitor's view of a live post at most once, ever. Null when the post is unknown or not live. */
export async function recordView(postId: string, visitorId: string): Promise<{ viewsCount: number } | null> {
  if (!isUuid(postId)) return null;
  return db().transaction(async (tx) => {
    if (!(await isLive(tx, postId))) return null;
    const inserted = await tx.insert(postViews).values({ postId, visitorId }).onConflictDoNothing().returning();
    if (!inserted.length) {
      // Read after the insert: a concurrent first view may just have counted.
      const [current] = await tx.select({ viewsCount: posts.viewsCount }).from(posts).where(eq(posts.id, postId));
      return current;
    }
    const [row] = await tx
      .update(posts)
      .set({ viewsCount: sql`${posts.viewsCount} + 1` })
      .where(eq(posts.id, postId))
      .returning({ viewsCount: posts.viewsCount });
    return row;
  });
}
