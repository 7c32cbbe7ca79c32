import { pathToFileURL } from "node:url";
import path from "node:path";

import { getTableName, is, Table } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { config } from "~/config.server";
import { listenForChanges } from "~/db/change-feed.server";
import { openPglite, type DatabaseHandle } from "~/db/client.server";
import { db, useDatabase } from "~/db/db.server";
import { migrateDatabase } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import { tagsOfTable } from "~/db/schema/changes";
import { makeContact, makePost, makeUser } from "~/db/seed/factories.server";
import { listMemories, type TagKind } from "~/memory/memory.server";
import { getBillingSettings } from "~/models/billing-settings.server";
import { summariseAudience } from "~/models/campaign-audience.server";
import { countContacts, listContactGroups } from "~/models/contacts.server";
import { cachedCategories, cachedFeedPage } from "~/models/feed-cache.server";
import { DEFAULT_CREDIT_PACKS, DEFAULT_PRICES, listCreditPacks, priceOf } from "~/models/pricing.server";
import { findActiveSession } from "~/models/sessions.server";
import { loader as homeLoader } from "~/routes/_index/route";
import { loader as categoriesLoader } from "~/routes/api+/categories";
import { loader as feedLoader } from "~/routes/api+/feed";
import { loader as placesLoader } from "~/routes/api+/places";
import { loader as publicBusinessLoader } from "~/routes/api+/public.business.$id";
import { loader as rootLoader } from "~/root";

import { modulesDefiningMemories } from "../../scripts/memory-inventory";
import { signedInSession } from "../support/accounts";
import { call, getRequest } from "../support/http";

/**
 * Every memory that keeps what it reads from the database names the change-feed tag kinds it is
 * forgotten by (defineMemory's dependsOn). Here each one's answers are worked out afresh (MEMORY=off)
 * against a database that records the SQL it is sent, and every table they read must tell one of
 * those kinds when it changes (app/db/schema/changes.ts): a table that tells none of them could
 * change under a kept answer that nobody forgets.
 */
let tablesRead = new Set<string>();
let handle: DatabaseHandle;

/** The product's tables by their SQL names. */
const tables = new Map<string, Table>(
  (Object.values(schema) as unknown[]).filter((value): value is Table => is(value, Table)).map((table) => [getTableName(table), table]),
);

function recordTables(sql: string) {
  // A table named after FROM or JOIN, or after a comma in a FROM list, quoted by drizzle or bare in raw SQL.
  for (const [, name] of sql.matchAll(/(?:\bfrom|\bjoin|,)\s+"?(\w+)"?/gi)) if (tables.has(name)) tablesRead.add(name);
}

let owner: { id: string };
let sessionId: string;

beforeAll(async () => {
  handle = openPglite({ logQuery: (sql) => recordTables(sql) });
  await migrateDatabase(handle);
  useDatabase(handle);
  await listenForChanges();
  await db()
    .insert(schema.pricing)
    .values([...DEFAULT_PRICES]);
  await db()
    .insert(schema.creditPacks)
    .values([...DEFAULT_CREDIT_PACKS]);
  owner = await makeUser();
  await makePost({ userId: owner.id, lat: 12.97, lon: 77.64 });
  await makeContact({ userId: owner.id, tags: ["Regulars"] });
  sessionId = (await signedInSession(owner.id)).id;
  // Every memory's module, so that a memory defined anywhere is listed below.
  for (const file of modulesDefiningMemories()) await import(pathToFileURL(path.resolve(__dirname, "../..", file)).href);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

afterEach(() => {
  (config as { MEMORY: string }).MEMORY = "on";
});

/** How each memory's answers are worked out, as its callers ask for them. */
const answersOf: Record<string, () => Promise<unknown>> = {
  "same-for-everyone": async () => {
    // The first-visit page of / and the public JSON the server keeps for every asker.
    await call(rootLoader, getRequest("/"));
    await call(homeLoader, getRequest("/"));
    await call(feedLoader, getRequest("/api/feed?limit=5"));
    await call(categoriesLoader, getRequest("/api/categories"));
    await call(placesLoader, getRequest("/api/places?q=Bengaluru"));
    await call(publicBusinessLoader, getRequest(`/api/public/business/${owner.id}`), { id: owner.id });
  },
  "feed-pages": () => cachedFeedPage({ limit: 20, offset: 0 } as Parameters<typeof cachedFeedPage>[0]),
  "feed-categories": () => cachedCategories(),
  "admin-settings": () => Promise.all([priceOf("post"), listCreditPacks(), getBillingSettings()]),
  "contact-figures": () =>
    Promise.all([countContacts(owner.id), listContactGroups(owner.id), summariseAudience(db(), owner.id, { all: true })]),
  sessions: () => findActiveSession(sessionId),
};

describe("what each memory keeps from the database", () => {
  it("is worked out here for every memory that says what it depends on", () => {
    const dependent = listMemories()
      .filter((memory) => memory.dependsOn?.length)
      .map((memory) => memory.name);
    expect(dependent.sort()).toEqual(Object.keys(answersOf).sort());
  });

  for (const [name, answers] of Object.entries(answersOf)) {
    it(`${name}: reads only tables whose changes tell a tag it is forgotten by`, async () => {
      const memory = listMemories().find((candidate) => candidate.name === name)!;
      (config as { MEMORY: string }).MEMORY = "off";
      tablesRead = new Set();
      await answers();
      expect(tablesRead.size, "the recorder saw no table read: is drizzle's logger still told every query?").toBeGreaterThan(0);
      const untold = [...tablesRead].filter(
        (table) => !tagsOfTable(tables.get(table)!).some((kind) => memory.dependsOn!.includes(kind as TagKind)),
      );
      expect(untold, `${name} depends on ${memory.dependsOn!.join(", ")}; these tables tell none of them`).toEqual([]);
    });
  }
});
