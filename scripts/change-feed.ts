/**
 * Writes the change feed's triggers, generated from app/db/schema/changes.ts, into the newest
 * migration: replaces its generated part, or appends one when it has none. After changing the rules:
 *
 *   npx drizzle-kit generate --custom --name change_feed   # an empty migration of its own
 *   npx tsx scripts/change-feed.ts
 *
 * tests/unit/change-feed.test.ts fails while the newest generated part differs from the rules.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { GENERATED_BEGIN, GENERATED_END, changeFeedSql } from "~/db/change-feed-sql";
import { changeRules } from "~/db/schema/changes";

const dir = fileURLToPath(new URL("../drizzle", import.meta.url));
const newest = readdirSync(dir)
  .filter((file) => /^\d{4}_.*\.sql$/.test(file))
  .sort()
  .at(-1)!;
const file = path.join(dir, newest);
const text = readFileSync(file, "utf8");
const generated = changeFeedSql(changeRules);
const begin = text.indexOf(GENERATED_BEGIN);
const next =
  begin < 0
    ? `${text.trimEnd()}${text.trim() ? "\n--> statement-breakpoint\n" : ""}${generated}\n`
    : `${text.slice(0, begin)}${generated}${text.slice(text.indexOf(GENERATED_END) + GENERATED_END.length)}`;
writeFileSync(file, next);
console.log(`${newest}: the change feed's triggers ${next === text ? "were already" : "are now"} as app/db/schema/changes.ts says.`);
