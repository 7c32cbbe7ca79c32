import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { posts, users } from "~/db/schema";
import { FEED_PAGE_SIZE, listLatestPosts } from "~/models/feed.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();
const HOUR = 3_600_000;

let ownerId: string;

beforeAll(async () => {
  const [owner] = await test.db
    .insert(users)
    .values({ email: "owner@example.in", name: "Ravi", businessName: "Ravi Stores", city: "Pune", state: "Maharashtra" })
    .returning();
  ownerId = owner.id;
  const now = Date.now();
  // 25 live posts, an hour apart, plus one of each kind that must never show.
  await test.db.insert(posts).values(
    Array.from({ length: 25 }, (_, index) => ({
      userId: ownerId,
      content: `Post number ${index}`,
      createdAt: new Date(now - index * HOUR),
      city: "Pune",
      state: "Maharashtra",
    })),
  );
  await test.db.insert(posts).values([
    { userId: ownerId, content: "hidden", status: "hidden" as const, createdAt: new Date(now) },
    { userId: ownerId, content: "removed", status: "removed" as const, createdAt: new Date(now) },
    {
      userId: ownerId,
      content: "expired offer",
      kind: "offer" as const,
      validFrom: new Date(now - 10 * 24 * HOUR),
      validUntil: new Date(now - HOUR),
      createdAt: new Date(now),
    },
    {
      userId: ownerId,
      content: "running offer",
      kind: "offer" as const,
      offerTitle: "10% off",
      validFrom: new Date(now - 24 * HOUR),
      validUntil: new Date(now + 24 * HOUR),
      createdAt: new Date(now - 30 * 60_000),
    },
  ]);
});

describe("latest posts", () => {
  it("lists live posts newest first, 20 to a page, with the business's names", async () => {
    const first = await listLatestPosts({ page: 1 });
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.posts.map((post) => post.content).slice(0, 3)).toEqual(["Post number 0", "running offer", "Post number 1"]);
    expect(first.posts[0]).toMatchObject({ businessName: "Ravi Stores", authorName: "Ravi", city: "Pune", state: "Maharashtra" });
    expect(first.posts[1]).toMatchObject({ kind: "offer", offerTitle: "10% off" });

    const second = await listLatestPosts({ page: 2 });
    expect(second.posts.map((post) => post.content)).toEqual(["Post number 19", "Post number 20", "Post number 21", "Post number 22", "Post number 23", "Post number 24"]);
    expect(second.hasMore).toBe(false);
  });

  it("never shows hidden, removed or expired posts", async () => {
    const all = [...(await listLatestPosts({ page: 1 })).posts, ...(await listLatestPosts({ page: 2 })).posts];
    const contents = all.map((post) => post.content);
    expect(contents).not.toContain("hidden");
    expect(contents).not.toContain("removed");
    expect(contents).not.toContain("expired offer");
    expect(all).toHaveLength(26);
  });

  it("drops the posts of a suspended business", async () => {
    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, ownerId));
    expect((await listLatestPosts()).posts).toHaveLength(0);
    await test.db.update(users).set({ status: "active" }).where(eq(users.id, ownerId));
  });
});
