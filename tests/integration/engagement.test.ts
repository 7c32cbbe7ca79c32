import { randomUUID } from "node:crypto";

import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { postLikes, posts, postViews, users } from "~/db/schema";
import { likedPostIds, recordView, setLike } from "~/models/post-engagement.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();
let postId: string;
let hiddenId: string;

beforeAll(async () => {
  const [owner] = await test.db.insert(users).values({ email: "likes@example.in", name: "Owner" }).returning();
  const [live, hidden] = await test.db
    .insert(posts)
    .values([
      { userId: owner.id, content: "Like me" },
      { userId: owner.id, content: "Hidden", status: "hidden" as const },
    ])
    .returning();
  postId = live.id;
  hiddenId = hidden.id;
});

async function likesOf(id: string) {
  const [row] = await test.db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, id));
  const [rows] = await test.db.select({ total: count() }).from(postLikes).where(eq(postLikes.postId, id));
  return { counter: row.likesCount, rows: rows.total };
}

describe("likes", () => {
  it("100 concurrent likes by 100 visitors leave exactly 100", async () => {
    const visitors = Array.from({ length: 100 }, () => randomUUID());
    const results = await Promise.all(visitors.map((visitor) => setLike(postId, visitor, "toggle")));
    expect(results.every((result) => result?.liked === true)).toBe(true);
    expect(await likesOf(postId)).toEqual({ counter: 100, rows: 100 });
    // Every answer was a real count at its moment: all distinct, 1 to 100.
    expect(new Set(results.map((result) => result!.likesCount)).size).toBe(100);
  });

  it("a visitor liking twice at once never counts twice", async () => {
    const visitor = randomUUID();
    await Promise.all([setLike(postId, visitor, "like"), setLike(postId, visitor, "like")]);
    expect(await likesOf(postId)).toEqual({ counter: 101, rows: 101 });
    expect(await setLike(postId, visitor, "like")).toEqual({ likesCount: 101, liked: true });
  });

  it("pressing again takes the like back; unlike is idempotent", async () => {
    const visitor = randomUUID();
    expect(await setLike(postId, visitor, "toggle")).toEqual({ likesCount: 102, liked: true });
    expect(await setLike(postId, visitor, "toggle")).toEqual({ likesCount: 101, liked: false });
    expect(await setLike(postId, visitor, "unlike")).toEqual({ likesCount: 101, liked: false });
    expect(await likesOf(postId)).toEqual({ counter: 101, rows: 101 });
  });

  it("refuses unknown, malformed and hidden posts without writing", async () => {
    const visitor = randomUUID();
    expect(await setLike(randomUUID(), visitor, "like")).toBeNull();
    expect(await setLike("not-a-uuid", visitor, "like")).toBeNull();
    expect(await setLike(hiddenId, visitor, "like")).toBeNull();
    expect(await likesOf(hiddenId)).toEqual({ counter: 0, rows: 0 });
  });

  it("tells which posts a visitor liked", async () => {
    const visitor = randomUUID();
    await setLike(postId, visitor, "like");
    expect(await likedPostIds(visitor, [postId, hiddenId])).toEqual([postId]);
    expect(await likedPostIds(null, [postId])).toEqual([]);
  });
});

describe("views", () => {
  it("count each visitor once, even when sent repeatedly and at once", async () => {
    const visitor = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => recordView(postId, visitor)));
    expect(new Set(results.map((result) => result!.viewsCount))).toEqual(new Set([1]));
    expect(await recordView(postId, randomUUID())).toEqual({ viewsCount: 2 });
    const [rows] = await test.db.select({ total: count() }).from(postViews).where(eq(postViews.postId, postId));
    expect(rows.total).toBe(2);
  });

  it("refuse unknown and hidden posts", async () => {
    expect(await recordView(randomUUID(), randomUUID())).toBeNull();
    expect(await recordView(hiddenId, randomUUID())).toBeNull();
  });
});
