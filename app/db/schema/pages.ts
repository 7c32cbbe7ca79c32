import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** The information pages every installation has (terms, privacy, about, contact). */
export const PAGE_SLUGS = ["terms", "privacy", "about", "contact"] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** "information": a page of the site (PAGE_SLUGS); "article": a how-to article under /learn. */
export const PAGE_KINDS = ["information", "article"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/**
 * The editable pages: the information pages and the /learn articles. `body` is Markdown, shown as
 * HTML rendered and sanitised on the server (lib/page-markdown.server.ts); `summary` is an article's
 * one line in the list. The admin's edits keep every saved text in page_versions.
 */
export const pages = pgTable("pages", {
  slug: text("slug").primaryKey(),
  kind: text("kind", { enum: PAGE_KINDS }).notNull().default("information"),
  title: text("title").notNull(),
  summary: text("summary").notNull().default(""),
  body: text("body").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The product's settings the admin changes (app/models/settings.server.ts reads them with their
 * defaults): one row a key, its value as JSON.
 */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
