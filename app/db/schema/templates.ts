import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import type { CallToActionType } from "../../lib/call-to-action";
import { CARD_FONTS, CARD_STYLES, type CardStyle } from "../../lib/card-design";
import { SMS_CATEGORIES, TEMPLATE_KINDS } from "../../lib/template-kinds";

import { ownerId, users } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";

// The kinds are plain lists the forms share (app/lib/template-kinds.ts); the tables below check them.
export { SMS_CATEGORIES, TEMPLATE_KINDS };
export type { SmsCategory, TemplateKind } from "../../lib/template-kinds";

/**
 * What an offer template fills the composer's offer block with. `title` and `terms` may hold
 * placeholders like the body; the offer runs `validDays` days in India, the day it is used included.
 */
export type TemplateOffer = {
  title: string;
  couponCode: string | null;
  terms: string | null;
  validDays: number;
  callToAction: CallToActionType | null;
};

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
    /**
     * The text, with placeholders such as {{businessName}}, {{phone}} and {{city}} (app/lib/template-fill.ts).
     * sms templates may hold {{customerName}}, which a campaign fills per contact.
     */
    content: text("content").notNull(),
    hashtags: text("hashtags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text("image_url"),
    /** An offer template's offer block; only offer templates have one, and they always do. */
    offer: jsonb("offer").$type<TemplateOffer>(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * sms templates are DLT templates: `content` is the approved text with {#var#} slots. Null
     * owner: the platform's (sent under the platform's header); else a business's own, registered
     * under its own entity id, which only it uses.
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    dltTemplateId: text("dlt_template_id"),
    /** MSG91's own id for this DLT template (a template made in its panel and tied to the DLT id), which its API sends by; set by the admin. */
    providerTemplateId: text("provider_template_id"),
    smsCategory: text("sms_category", { enum: SMS_CATEGORIES }),
    /** What each slot is for, in order ('Customer name', 'Business name', 'Offer'): the composer's labels and first choices. */
    slotHints: text("slot_hints")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("templates_category_id_idx").on(table.categoryId),
    index("templates_user_id_idx").on(table.userId),
    check("templates_offer_only_on_offers", sql`(${table.kind} = 'offer') = (${table.offer} IS NOT NULL)`),
    check(
      "templates_sms_fields_only_on_sms",
      sql`(${table.kind} = 'sms') = (${table.smsCategory} IS NOT NULL AND ${table.dltTemplateId} IS NOT NULL)`,
    ),
    oneOf("templates_sms_category_check", table.smsCategory, SMS_CATEGORIES),
    check("templates_owner_only_on_sms", sql`${table.userId} IS NULL OR ${table.kind} = 'sms'`),
    oneOf("templates_kind_check", table.kind, TEMPLATE_KINDS),
  ],
);

// The card layouts and heading fonts a design chooses from (app/lib/card-design.ts).
export { CARD_FONTS, CARD_STYLES, type CardStyle };

/** A design's look: which layout, its colours (#RRGGBB) and the heading font. */
export type BusinessCardLayout = {
  style: CardStyle;
  background: string;
  foreground: string;
  accent: string;
  font: (typeof CARD_FONTS)[number];
};

/** A visual design the admin offers. */
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

/**
 * What a card adds to the profile it is filled from; empty parts are left off the card.
 * `showMobile: false` keeps the owner's own mobile off it; a card saved before the choice existed
 * has none and shows the mobile, as it did (app/lib/business-card.ts, showsMobile).
 */
export type BusinessCardFields = { title?: string; tagline?: string; email?: string; website?: string; showMobile?: boolean };

/** A business's own card (one each): a design filled with its profile, public at /card/{id}. */
export const businessCards = pgTable(
  "business_cards",
  {
    id: id(),
    userId: ownerId(),
    designId: uuid("design_id")
      .notNull()
      .references(() => businessCardDesigns.id, { onDelete: "restrict" }),
    fields: jsonb("fields").$type<BusinessCardFields>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("business_cards_user_id_key").on(table.userId)],
);
