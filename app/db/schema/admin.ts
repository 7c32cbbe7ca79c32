import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

import { POST_REPORT_REASONS } from "../../lib/post-report";

import { users } from "./accounts";
import { PRICE_KEYS } from "./billing";
import { createdAt, id, oneOf } from "./columns";
import { pages } from "./pages";
import { posts } from "./posts";

export { POST_REPORT_REASONS };

/** What an audit row can be about: the kinds of record an admin changes. */
export const AUDIT_ENTITIES = [
  "post",
  "template",
  "template_category",
  "category",
  "business_card_design",
  "user",
  "price",
  "credit_pack",
  "credit_order",
  "setting",
  "page",
  "campaign",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * Every change an admin makes: who, what, when, the record, and the record before and after,
 * written in the transaction of the change (app/models/admin-audit.server.ts). Append-only: a
 * trigger (migration 0025) refuses UPDATE and DELETE, and the admin id is a copy, not a foreign
 * key, so no deletion elsewhere rewrites the trail.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    adminId: uuid("admin_id").notNull(),
    adminEmail: text("admin_email").notNull(),
    /** What was done, as a short verb phrase ('remove_post', 'adjust_credits'). */
    action: text("action").notNull(),
    entityType: text("entity_type", { enum: AUDIT_ENTITIES }).notNull(),
    entityId: text("entity_id"),
    /** One line a person reads in the trail ('Removed "Diwali sale" by Kiran Sweets'). */
    summary: text("summary").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /** The reason the admin gave, where the action asks for one. */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (table) => [
    index("admin_audit_log_created_at_idx").on(table.createdAt.desc()),
    index("admin_audit_log_entity_idx").on(table.entityType, table.entityId, table.createdAt.desc()),
    oneOf("admin_audit_log_entity_type_check", table.entityType, AUDIT_ENTITIES),
  ],
);

/**
 * A visitor's report of a post (once per visitor and post: the key forbids a second). Open until
 * the admin acts on the post (removes it, or restores it and so dismisses its reports).
 */
export const postReports = pgTable(
  "post_reports",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** The anonymous visitor id, or `user:{id}` for a signed-in user (as likes and views). */
    visitorId: text("visitor_id").notNull(),
    reason: text("reason", { enum: POST_REPORT_REASONS }).notNull(),
    details: text("details"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.visitorId] }),
    index("post_reports_open_idx")
      .on(table.postId)
      .where(sql`${table.resolvedAt} IS NULL`),
    oneOf("post_reports_reason_check", table.reason, POST_REPORT_REASONS),
  ],
);

/** Every price an action has had, from when: a change applies from then on, and past charges keep theirs (their ledger rows). */
export const priceHistory = pgTable(
  "price_history",
  {
    id: id(),
    priceKey: text("price_key", { enum: PRICE_KEYS }).notNull(),
    credits: integer("credits").notNull(),
    changedBy: uuid("changed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("price_history_key_created_at_idx").on(table.priceKey, table.createdAt.desc())],
);

/** Every saved version of an editable page (information pages and /learn articles), newest last: any can be restored. */
export const pageVersions = pgTable(
  "page_versions",
  {
    id: id(),
    slug: text("slug")
      .notNull()
      .references(() => pages.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    body: text("body").notNull(),
    savedBy: uuid("saved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("page_versions_slug_created_at_idx").on(table.slug, table.createdAt.desc())],
);
