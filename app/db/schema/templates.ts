import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { ownerId } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";

export const TEMPLATE_KINDS = ["post", "offer", "sms"] as const;

export const templateCategories = pgTable(
  "template_categories",
  {
    id: id(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("template_categories_name_key").on(sql`lower(${table.name})`)],
);

export const templates = pgTable(
  "templates",
  {
    id: id(),
    categoryId: uuid("category_id").references(() => templateCategories.id, { onDelete: "set null" }),
    kind: text("kind", { enum: TEMPLATE_KINDS }).notNull().default("post"),
    title: text("title").notNull(),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("templates_category_id_idx").on(table.categoryId)],
);

/** A visual design the admin offers; `layout` holds colours, fonts and field positions. */
export type BusinessCardLayout = {
  background: string;
  foreground: string;
  accent: string;
  font: "sans" | "serif" | "mono";
  align: "left" | "center";
};

export const businessCardDesigns = pgTable("business_card_designs", {
  id: id(),
  name: text("name").notNull(),
  layout: jsonb("layout").$type<BusinessCardLayout>().notNull(),
  previewImageUrl: text("preview_image_url"),
  isActive: boolean("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A user's own card: one design filled with their details. */
export const businessCards = pgTable(
  "business_cards",
  {
    id: id(),
    userId: ownerId(),
    designId: uuid("design_id")
      .notNull()
      .references(() => businessCardDesigns.id, { onDelete: "restrict" }),
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("business_cards_user_id_idx").on(table.userId)],
);
