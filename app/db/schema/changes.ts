import { getTableColumns, getTableName, type Table } from "drizzle-orm";

import { sessions, users } from "./accounts";
import { creditLedger, creditOrders, creditPacks, invoices, pricing } from "./billing";
import { campaigns, contactImports, contacts, smsMessages } from "./messaging";
import { settings } from "./pages";
import { categories, postLikes, postViews, posts } from "./posts";
import { businessCardDesigns, businessCards, templateCategories, templates } from "./templates";

/**
 * The change feed (issue 39; decision 036): what a committed change of each table tells every process
 * that keeps answers in memory (app/memory/changes.server.ts), as tags on the one channel. A memory
 * keeps an answer with the tags of what it was drawn from, and forgets it when one is told.
 *
 * - `account:<id>`: the account's own row or its sessions (a session's lookup is kept by it).
 * - `business:<id>`: anything a business's own screens show (its row, its posts and their counts, its
 *   contacts, campaigns, messages, card, credits).
 * - `contacts:<id>`: the business's contacts (what is worked out from all of them: their count, groups).
 * - `settings`: what the admin sets for everyone (prices, packs, categories, designs, templates).
 * - `feed`: what is in the public feed (a post published, changed, hidden or removed, an account's status).
 *
 * A tag is a constant ("feed") or a kind and the column holding its id ("business:user_id"), one tag per
 * distinct id among the statement's rows. A rule limited to `columns` fires only for an UPDATE setting
 * one of them (INSERT and DELETE always), and carries constant tags only. The database triggers are
 * generated from this list (app/db/change-feed-sql.ts; `npx tsx scripts/change-feed.ts`).
 */
export type ChangeRule = {
  table: Table;
  tags: readonly string[];
  /** Only an UPDATE of these columns (their SQL names) tells; INSERT and DELETE always do. */
  columns?: readonly string[];
};

/**
 * Tables whose every change comes with an update of another table's row in the same transaction, so
 * that table's tags tell it: a like or a view moves its post's count (post-engagement.server.ts), and
 * the post knows its owner. No triggers of their own.
 */
export const toldThrough: ReadonlyArray<{ table: Table; through: Table }> = [
  { table: postLikes, through: posts },
  { table: postViews, through: posts },
];

/** The SQL names of `table`'s columns but these (drizzle's property names). */
function columnsExcept<T extends Table>(table: T, except: ReadonlyArray<keyof T["_"]["columns"]>): string[] {
  return Object.entries(getTableColumns(table))
    .filter(([property]) => !except.includes(property))
    .map(([, column]) => column.name);
}

const business = "business:user_id";

export const changeRules: readonly ChangeRule[] = [
  { table: users, tags: ["account:id", "business:id"] },
  { table: users, columns: ["status"], tags: ["feed"] },
  { table: sessions, tags: ["account:user_id"] },
  { table: posts, tags: [business] },
  // The feed shows counts as they are now (withCurrentCounts): a like or a view is no change of what is in it.
  { table: posts, columns: columnsExcept(posts, ["likesCount", "viewsCount", "updatedAt", "geoCell"]), tags: ["feed"] },
  { table: contacts, tags: [business, "contacts:user_id"] },
  { table: contactImports, tags: [business] },
  { table: campaigns, tags: [business] },
  { table: smsMessages, tags: [business] },
  { table: businessCards, tags: [business] },
  { table: creditLedger, tags: [business] },
  { table: creditOrders, tags: [business] },
  { table: invoices, tags: [business] },
  // A business's own templates (user_id) beside the admin's (no user_id): both are shown from the settings' memory.
  { table: templates, tags: [business, "settings"] },
  { table: templateCategories, tags: ["settings"] },
  { table: businessCardDesigns, tags: ["settings"] },
  { table: pricing, tags: ["settings"] },
  { table: creditPacks, tags: ["settings"] },
  { table: settings, tags: ["settings"] },
  { table: categories, tags: ["settings", "feed"] },
];

/** The tag kinds and constants a change of `table` tells (through another table's, for likes and views); none: untold. */
export function tagsOfTable(table: Table): string[] {
  const through = toldThrough.find((entry) => entry.table === table)?.through ?? table;
  const kinds = changeRules.filter((rule) => rule.table === through).flatMap((rule) => rule.tags.map((tag) => tag.split(":")[0]));
  return [...new Set(kinds)];
}

/** The table of this SQL name among the rules and the tables told through others. */
export function tableNamed(name: string): Table | undefined {
  return [...changeRules.map((rule) => rule.table), ...toldThrough.map((entry) => entry.table)].find(
    (table) => getTableName(table) === name,
  );
}
