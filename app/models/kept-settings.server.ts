import { databaseHandle } from "~/db/db.server";
import { defineMemory } from "~/memory/memory.server";

/**
 * What the admin sets for everyone (prices, credit packs, settings such as the GST rate), kept in
 * each process until it changes: every signed-in page shows the price of a post, and reading it
 * afresh was a query per page. Statement triggers on `pricing`, `credit_packs` and `settings` (and on
 * the categories, card designs and templates a business's kept pages show, migration 0032) send
 * NOTIFY isent_settings_changed when a change commits (migration 0030), whoever made it, and every
 * process listening (PGlite too) forgets what it kept; one that cannot listen keeps nothing. MAX_AGE_MS
 * bounds what a lost notice (the listening connection dropped for a moment) could leave behind.
 *
 * Only for what is shown: whatever charges or records money reads these in its own transaction
 * (priceOf(key, tx) and the like), never from here.
 */
const MAX_AGE_MS = 60_000;
export const SETTINGS_CHANGED_CHANNEL = "isent_settings_changed";

const kept = defineMemory<Promise<unknown>>({
  name: "admin-settings",
  purpose: "prices, credit packs and settings the admin sets, as shown on pages (never for charging)",
  max: 200,
  ttlMs: MAX_AGE_MS,
});
/** Kept only once this process hears of changes (a process that cannot listen reads every time). */
let hearing = false;

export function keptSetting<T>(key: string, read: () => Promise<T>): Promise<T> {
  if (!hearing) return read();
  return kept.remember(key, read) as Promise<T>;
}

/** Raised each time the admin's values change: a signed-in business's kept page (kept-pages.server.ts) is kept with it. */
let generation = 0;

export function settingsGeneration() {
  return generation;
}

/** Whether this process hears of the admin's changes (else nothing drawn from them may be kept). */
export function hearingSettingsChanges() {
  return hearing;
}

export function forgetKeptSettings() {
  kept.clear();
  generation++;
}

/** Has this process forget what it kept whenever the admin's values change (called once at start). */
export async function listenForSettingsChanges() {
  try {
    await databaseHandle().listen(SETTINGS_CHANGED_CHANNEL, forgetKeptSettings);
    hearing = true;
  } catch (error) {
    console.error(`[settings] cannot hear ${SETTINGS_CHANGED_CHANNEL}; prices and settings are read every time:`, error);
  }
}
