import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const PAGE_SLUGS = ["terms", "privacy", "about", "contact"] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** The editable information pages; `body` is plain text with blank lines between paragraphs. */
export const pages = pgTable("pages", {
  slug: text("slug", { enum: PAGE_SLUGS }).primaryKey(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
