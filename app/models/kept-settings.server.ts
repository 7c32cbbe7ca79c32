import { rememberCaughtUp } from "~/db/change-feed.server";
import { changeTag, defineMemory, type Memory } from "~/memory/memory.server";

/**
 * What the admin sets for everyone (prices, credit packs, settings such as the GST rate), kept in
 * each process until it changes: every signed-in page shows the price of a post, and reading it
 * afresh was a query per page. Kept with the `settings` tag, which the change feed tells whenever
 * they change, whoever changed them (app/db/schema/changes.ts), and used once every change committed
 * before the ask is heard (caughtUp: on PostgreSQL one notice round trip for all of a page's reads);
 * MAX_AGE_MS bounds what a lost notice could leave behind.
 *
 * Only for what is shown: whatever charges or records money reads these in its own transaction
 * (priceOf(key, tx) and the like), never from here.
 */
const MAX_AGE_MS = 60_000;

const kept = defineMemory<Promise<unknown>>({
  name: "admin-settings",
  purpose: "prices, credit packs and settings the admin sets, as shown on pages (never for charging)",
  max: 200,
  ttlMs: MAX_AGE_MS,
  dependsOn: ["settings"],
});

export function keptSetting<T>(key: string, read: () => Promise<T>): Promise<T> {
  return rememberCaughtUp(kept as Memory<Promise<T>>, key, read, { tags: [changeTag.settings] });
}
