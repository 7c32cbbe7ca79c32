import { randomUUID } from "node:crypto";

import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { makeOffer, makePost, makeUser } from "~/db/seed/factories.server";
import { postLikes, posts, postViews } from "~/db/schema";
import { withCurrentCounts } from "~/models/feed-cache.server";
import { recordView, setLike } from "~/models/post-engagement.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();
const HOUR = 3_600_000;

async function likesOf(id: string) {
  const [row] = await test.db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, id));
  const [rows] = await test.db.select({ total: count() }).from(postLikes).where(eq(postLikes.postId, id));
  return { counter: row.likesCount, rows: rows.total };
}

async function viewsOf(id: string) {
  const [row] = await test.db.select({ viewsCount: posts.viewsCount }).from(posts).where(eq(posts.id, id));
  const [rows] = await test.db.select({ total: count() }).from(postViews).where(eq(postViews.postId, id));
  return { counter: row.viewsCount, rows: rows.total };
}

/** Posts that are not live, each for its own reason. */
async function notLivePosts() {
  const suspended = await makeUser({ status: "suspended" });
  return {
    hidden: await makePost({ status: "hidden" }),
    removed: await makePost({ status: "removed" }),
    expiredOffer: await makeOffer({ validUntil: new Date(Date.now() - HOUR) }),
    ofSuspendedBusiness: await makePost({ userId: suspended.id }),
  };
}

describe("likes", () => {
  it("100 concurrent likes by 100 visitors leave exactly 100", async () => {
    const post = await makePost();
    const visitors = Array.from({ length: 100 }, () => randomUUID());
    const results = await Promise.all(visitors.map((visitor) => setLike(post.id, visitor, "toggle")));
    expect(results.every((result) => result?.liked === true)).toBe(true);
    expect(await likesOf(post.id)).toEqual({ counter: 100, rows: 100 });
    // Every answer was a real count at its moment: all distinct, 1 to 100.
    expect(new Set(results.map((result) => result!.likesCount)).size).toBe(100);
  });

  it("a visitor liking twice at once never counts twice", async () => {
    const post = await makePost();
    await setLike(post.id, randomUUID(), "like");
    const visitor = randomUUID();
    await Promise.all([setLike(post.id, visitor, "like"), setLike(post.id, visitor, "like")]);
    expect(await likesOf(post.id)).toEqual({ counter: 2, rows: 2 });
    expect(await setLike(post.id, visitor, "like")).toEqual({ likesCount: 2, liked: true });
  });

  it("pressing again takes the like back; unlike is idempotent", async () => {
    const post = await makePost();
    await setLike(post.id, randomUUID(), "like");
    const visitor = randomUUID();
    expect(await setLike(post.id, visitor, "toggle")).toEqual({ likesCount: 2, liked: true });
    expect(await setLike(post.id, visitor, "toggle")).toEqual({ likesCount: 1, liked: false });
    expect(await setLike(post.id, visitor, "unlike")).toEqual({ likesCount: 1, liked: false });
    expect(await likesOf(post.id)).toEqual({ counter: 1, rows: 1 });
  });

  it("refuses unknown, malformed and hidden posts without writing", async () => {
    const hidden = await makePost({ status: "hidden" });
    const visitor = randomUUID();
    expect(await setLike(randomUUID(), visitor, "like")).toBeNull();
    expect(await setLike("not-a-uuid", visitor, "like")).toBeNull();
    expect(await setLike(hidden.id, visitor, "like")).toBeNull();
    expect(await likesOf(hidden.id)).toEqual({ counter: 0, rows: 0 });
  });

  it("refuses every post that is not live: removed, an ended offer, a suspended business's", async () => {
    const refused = await notLivePosts();
    for (const post of Object.values(refused)) {
      expect(await setLike(post.id, randomUUID(), "like")).toBeNull();
      expect(await likesOf(post.id)).toEqual({ counter: 0, rows: 0 });
    }
    // A running offer is live.
    const running = await makeOffer({ validUntil: new Date(Date.now() + HOUR) });
    expect(await setLike(running.id, randomUUID(), "like")).toEqual({ likesCount: 1, liked: true });
  });

  it("tells which posts a visitor liked", async () => {
    const [liked, other] = [await makePost(), await makePost()];
    const visitor = randomUUID();
    await setLike(liked.id, visitor, "like");
    const shown = [liked, other] as never[];
    expect((await withCurrentCounts(shown, visitor)).likedIds).toEqual([liked.id]);
    expect((await withCurrentCounts(shown, randomUUID())).likedIds).toEqual([]);
    expect((await withCurrentCounts(shown, null)).likedIds).toEqual([]);
  });
});

describe("views", () => {
  it("count each visitor once, even when sent repeatedly and at once", async () => {
    const post = await makePost();
    const visitor = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => recordView(post.id, visitor)));
    expect(new Set(results.map((result) => result!.viewsCount))).toEqual(new Set([1]));
    expect(await recordView(post.id, randomUUID())).toEqual({ viewsCount: 2 });
    expect(await viewsOf(post.id)).toEqual({ counter: 2, rows: 2 });
  });

  it("refuse unknown posts and every post that is not live: hidden, removed, an ended offer, a suspended business's", async () => {
    expect(await recordView(randomUUID(), randomUUID())).toBeNull();
    for (const post of Object.values(await notLivePosts())) {
      expect(await recordView(post.id, randomUUID())).toBeNull();
      expect(await viewsOf(post.id)).toEqual({ counter: 0, rows: 0 });
    }
  });
});
