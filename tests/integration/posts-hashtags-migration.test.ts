import { readFileSync } from "node:fs";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { posts } from "~/db/schema";
import { makePost } from "~/db/seed/factories.server";
import { migrationsFolder } from "~/db/migrate.server";
import { postHashtags } from "~/lib/hashtags";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

/** Texts in the scripts posts are written in here, with their tags where a tag ends in each (punctuation, emoji, a danda). */
const TEXTS = [
  "Fresh #Bakes today! #bengaluru #bakes, #ChaiTime.",
  "#दिवाली2026 की शुभकामनाएं। #दिवाली_ऑफर। sale",
  "ಹೊಸ #ಕನ್ನಡ ತಿಂಡಿ #ಬೆಂಗಳೂರು",
  "புதிய #தமிழ் #சென்னை உணவு",
  "#Crème brûlée and #été specials 🎉 #sale🎉",
  "عید مبارک #عید #عیدالفطر",
  "No tags here, just 10% off",
  "A lone # and #_under_score",
];

describe("migration 0018 (a #tag in a post's text is one of its hashtags)", () => {
  it("stores the text's tags after the field's, as publishing now does, in every script the posts use", async () => {
    const made = [];
    for (const content of TEXTS) made.push(await makePost({ content }));
    const withField = await makePost({ content: "Try our #FOOD and #thali", hashtags: ["offer", "food"] });
    // As publishing stored them before: the field's tags only.
    for (const post of made) await test.db.update(posts).set({ hashtags: [] }).where(eq(posts.id, post.id));
    await test.db
      .update(posts)
      .set({ hashtags: ["offer", "food"] })
      .where(eq(posts.id, withField.id));

    const migration = readFileSync(path.join(migrationsFolder, "0018_posts_text_hashtags.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) await test.db.execute(sql.raw(statement));

    for (const [index, post] of made.entries()) {
      const [row] = await test.db.select({ hashtags: posts.hashtags }).from(posts).where(eq(posts.id, post.id));
      expect(row.hashtags, TEXTS[index]).toEqual(postHashtags([], TEXTS[index]));
    }
    const [row] = await test.db.select({ hashtags: posts.hashtags }).from(posts).where(eq(posts.id, withField.id));
    expect(row.hashtags).toEqual(["offer", "food", "thali"]);
  });
});
