import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { openPostgres } from "~/db/client.server";
import { posts } from "~/db/schema";
import { makePost } from "~/db/seed/factories.server";
import type { FeedQuery } from "~/lib/feed-query";
import { FEED_CHANGED_CHANNEL, cachedFeedPage, forgetCachedFeed, listenForFeedChanges } from "~/models/feed-cache.server";

import { setupTestDatabase } from "../support/database";
import { databaseUrlFor } from "../support/postgres-admin";

const test = setupTestDatabase();

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A connection of its own to this file's database: what another server process (or instance) has. */
async function anotherProcess() {
  const rows = (await test.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
  return openPostgres(databaseUrlFor(process.env.TEST_DATABASE_URL!, rows[0].name), { max: 2 });
}

describe("notices between the processes of one database", () => {
  it("reach every listener, the sender's own too", async () => {
    const heard: string[] = [];
    const channel = `test_${randomUUID().replaceAll("-", "")}`;
    await test.handle.listen(channel, () => heard.push("first"));
    await test.handle.listen(channel, () => heard.push("second"));
    await test.handle.notify(channel);
    await vi.waitFor(() => expect(heard.sort()).toEqual(["first", "second"]));
  });
});

describe.runIf(onPostgres)("a change of the feed, on PostgreSQL with several processes", () => {
  it("is told to the other processes, and one told forgets the pages it kept", async () => {
    const other = await anotherProcess();
    try {
      let heard = 0;
      await other.listen(FEED_CHANGED_CHANNEL, () => heard++);
      forgetCachedFeed();
      await vi.waitFor(() => expect(heard).toBe(1));

      await listenForFeedChanges();
      const word = `lantern${randomUUID().slice(0, 8)}`;
      const post = await makePost({ content: `Paper ${word} sale`, lat: 12.97, lon: 77.64 });
      const query = { q: word, limit: 20, offset: 0 } as FeedQuery;
      expect((await cachedFeedPage(query)).posts.map((shown) => shown.id)).toEqual([post.id]);
      // Another process hides it: this one still has the page it kept, until it is told.
      await test.db.update(posts).set({ status: "hidden" }).where(eq(posts.id, post.id));
      expect((await cachedFeedPage(query)).posts.map((shown) => shown.id)).toEqual([post.id]);
      await other.notify(FEED_CHANGED_CHANNEL);
      await vi.waitFor(async () => expect((await cachedFeedPage(query)).posts).toEqual([]));
    } finally {
      await other.close();
    }
  });
});
