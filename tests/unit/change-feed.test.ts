import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { GENERATED_BEGIN, GENERATED_END, changeFeedSql } from "~/db/change-feed-sql";
import { changeRules } from "~/db/schema/changes";
import { posts } from "~/db/schema";

const migrations = path.resolve(__dirname, "../../drizzle");

/** The generated part of the newest migration that has one: what the database's triggers are. */
function newestGeneratedPart(): string {
  const files = readdirSync(migrations)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .reverse();
  for (const file of files) {
    const text = readFileSync(path.join(migrations, file), "utf8");
    const begin = text.indexOf(GENERATED_BEGIN);
    if (begin >= 0) return text.slice(begin, text.indexOf(GENERATED_END) + GENERATED_END.length);
  }
  throw new Error("No migration holds the change feed's triggers");
}

describe("the change feed's triggers", () => {
  it("are in the migrations as app/db/schema/changes.ts says (else: npx tsx scripts/change-feed.ts)", () => {
    expect(newestGeneratedPart()).toBe(changeFeedSql(changeRules));
  });

  it("refuse a rule limited to columns that names rows (PostgreSQL keeps no row set for one)", () => {
    expect(() => changeFeedSql([{ table: posts, columns: ["status"], tags: ["business:user_id"] }])).toThrow(/constant tags only/);
  });

  it("tell a like's or a view's count as its owner's change, and the feed only for what the feed shows", () => {
    const sql = changeFeedSql(changeRules);
    expect(sql).toContain(`CREATE TRIGGER "isent_changes_posts_update" AFTER UPDATE ON "posts" REFERENCING NEW TABLE AS "changed_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "isent_tell_changes"('business:user_id')`);
    const feedColumns = /AFTER UPDATE OF (.*) ON "posts"/.exec(sql)?.[1];
    expect(feedColumns).toContain('"status"');
    expect(feedColumns).not.toContain('"views_count"');
    expect(feedColumns).not.toContain('"likes_count"');
  });
});
