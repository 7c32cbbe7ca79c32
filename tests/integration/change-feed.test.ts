import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { CHANGES_CHANNEL } from "~/db/change-feed-sql";
import { openPostgres } from "~/db/client.server";
import { queryRows } from "~/db/query.server";
import { categories, contacts, posts, users } from "~/db/schema";
import { makeContact, makePost, makeUser } from "~/db/seed/factories.server";
import type { FeedQuery } from "~/lib/feed-query";
import { caughtUp } from "~/db/change-feed.server";
import { importContactsNow } from "~/models/contact-import.server";
import { countContacts, deleteContact, listContactGroups } from "~/models/contacts.server";
import { cachedFeedPage } from "~/models/feed-cache.server";
import { recordView, setLike } from "~/models/post-engagement.server";

import { setupTestDatabase } from "../support/database";
import { databaseUrlFor } from "../support/postgres-admin";

const test = setupTestDatabase();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Every notice on the change feed from now on, as this process hears them. */
async function recordNotices() {
  // On PostgreSQL the notices of what was done before come a moment later: those are heard first.
  if (test.handle.kind === "postgres") expect(await caughtUp()).toBe(true);
  const heard: string[] = [];
  await test.handle.listen(CHANGES_CHANNEL, (payload) => {
    if (!payload.startsWith("sync:")) heard.push(payload);
  });
  return {
    /** The tags heard so far (after the database's commit: on PostgreSQL, waits a moment for them). */
    async tags() {
      if (test.handle.kind === "postgres") expect(await caughtUp()).toBe(true);
      return heard.flatMap((payload) => payload.split(","));
    },
    notices: () => heard.length,
    clear: () => heard.splice(0),
  };
}

/** The row's version as PostgreSQL counts writes to it (xmin): the same until it is written again. */
async function rowWrites(userId: string) {
  const [row] = await queryRows<{ xmin: string }>(test.db, sql`select xmin::text as xmin from ${users} where ${users.id} = ${userId}`);
  return row.xmin;
}

describe("the change feed", () => {
  it("tells each business whose contacts a statement changed, once per statement, and no one else", async () => {
    const [owner, neighbour] = [await makeUser(), await makeUser()];
    const heard = await recordNotices();
    const contact = await makeContact({ userId: owner.id });
    expect(await heard.tags()).toEqual(expect.arrayContaining([`contacts:${owner.id}`, `business:${owner.id}`]));

    heard.clear();
    const csv = ["name,mobile", ...Array.from({ length: 40 }, (_, n) => `Customer ${n},98450${String(10000 + n)}`)].join("\n");
    expect((await importContactsNow(owner.id, "list.csv", new TextEncoder().encode(csv))).imported).toBe(40);
    const tags = await heard.tags();
    // The import's rows went in by the statement, not one by one.
    expect(tags.filter((tag) => tag === `contacts:${owner.id}`).length).toBeLessThan(40);
    expect(tags).not.toContain(`contacts:${neighbour.id}`);

    heard.clear();
    expect(await deleteContact(owner.id, contact.id)).toBe(true);
    expect(await heard.tags()).toContain(`contacts:${owner.id}`);
  });

  it("makes the kept count and groups follow every change at once, whoever made it", async () => {
    const owner = await makeUser();
    const first = await makeContact({ userId: owner.id, tags: ["Regulars"] });
    expect(await countContacts(owner.id)).toBe(1);
    expect(await listContactGroups(owner.id)).toEqual([{ name: "Regulars", contacts: 1 }]);

    // Straight into the table, as another instance or a background job would.
    await makeContact({ userId: owner.id, tags: ["Regulars", "VIP"] });
    expect(await countContacts(owner.id)).toBe(2);
    expect(await listContactGroups(owner.id)).toEqual([
      { name: "Regulars", contacts: 2 },
      { name: "VIP", contacts: 1 },
    ]);
    await test.db.delete(contacts).where(eq(contacts.id, first.id));
    expect(await countContacts(owner.id)).toBe(1);
    expect(await listContactGroups(owner.id)).toEqual([
      { name: "Regulars", contacts: 1 },
      { name: "VIP", contacts: 1 },
    ]);
  });

  it("tells a like or a view as its post's owner's change, without writing the owner's account row", async () => {
    const owner = await makeUser();
    const post = await makePost({ userId: owner.id });
    const before = await rowWrites(owner.id);
    const heard = await recordNotices();

    expect(await setLike(post.id, "visitor-a", "like")).not.toBeNull();
    await recordView(post.id, "visitor-a");
    const tags = await heard.tags();
    expect(tags).toContain(`business:${owner.id}`);
    // Counts are laid over the feed's pages as they are: no reason to forget them.
    expect(tags).not.toContain("feed");
    expect(tags).not.toContain(`account:${owner.id}`);
    expect(await rowWrites(owner.id)).toBe(before);
    const [counts] = await test.db.select({ likes: posts.likesCount, views: posts.viewsCount }).from(posts).where(eq(posts.id, post.id));
    expect(counts).toEqual({ likes: 1, views: 1 });
  });

  it("tells `feed` when what is in the feed changes, and the kept feed pages forget it at once", async () => {
    const word = `lantern${Date.now().toString(36)}`;
    const post = await makePost({ content: `Paper ${word} sale`, lat: 12.97, lon: 77.64 });
    const query = { q: word, limit: 20, offset: 0 } as FeedQuery;
    expect((await cachedFeedPage(query)).posts.map((shown) => shown.id)).toEqual([post.id]);
    const heard = await recordNotices();

    // Straight into the table, as the admin's removal, a job or another instance would.
    await test.db.update(posts).set({ status: "hidden" }).where(eq(posts.id, post.id));
    expect(await heard.tags()).toContain("feed");
    expect((await cachedFeedPage(query)).posts).toEqual([]);

    heard.clear();
    await test.db.update(categories).set({ hidden: true }).where(eq(categories.name, "No such category"));
    expect(await heard.tags()).toEqual(expect.arrayContaining(["feed", "settings"]));
  });

  it("says '*' for a statement that changes too many at once", async () => {
    const owners = await Promise.all(Array.from({ length: 60 }, () => makeUser()));
    const heard = await recordNotices();
    await test.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(
        sql`${users.id} in (${sql.join(
          owners.map((owner) => sql`${owner.id}`),
          sql`, `,
        )})`,
      );
    expect(await heard.tags()).toEqual(["*"]);
  });
});

describe.runIf(onPostgres)("the change feed with several processes on PostgreSQL", () => {
  it("tells another process's change to this one, which has heard it once caughtUp says so", async () => {
    const rows = (await test.db.execute(sql`select current_database() as name`)) as unknown as Array<{ name: string }>;
    const other = openPostgres(databaseUrlFor(process.env.TEST_DATABASE_URL!, rows[0].name), { max: 2 });
    try {
      const owner = await makeUser();
      await makeContact({ userId: owner.id });
      expect(await countContacts(owner.id)).toBe(1);
      await other.db
        .insert(contacts)
        .values({ userId: owner.id, name: "From another process", mobileNumber: "+919845012345", canGetSms: true });
      // countContacts waits until this process has heard every change committed before it asked.
      expect(await countContacts(owner.id)).toBe(2);
      await vi.waitFor(() => expect(caughtUp()).resolves.toBe(true));
    } finally {
      await other.close();
    }
  });
});
