import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { CALL_TO_ACTION_TYPES } from "../../lib/call-to-action";
import { GEO_CELL_SQL } from "../../lib/geo-grid";
import { POST_KINDS, POST_STATUSES } from "../../lib/post-status";

export { CALL_TO_ACTION_TYPES, POST_KINDS, POST_STATUSES };

import { ownerId } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** Hidden: off the feed's menu and the profile's choices; posts and businesses keep it. */
    hidden: boolean("hidden").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("categories_name_key").on(sql`lower(${table.name})`)],
);

export const posts = pgTable(
  "posts",
  {
    id: id(),
    userId: ownerId(),
    kind: text("kind", { enum: POST_KINDS }).notNull().default("update"),
    status: text("status", { enum: POST_STATUSES }).notNull().default("live"),
    content: text("content").notNull(),
    hashtags: text("hashtags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text("images")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    category: text("category"),
    lat: doublePrecision("lat"),
    lon: doublePrecision("lon"),
    /** The feed's grid cell (app/lib/geo-grid.ts); null without a location. */
    geoCell: integer("geo_cell").generatedAlwaysAs(sql.raw(GEO_CELL_SQL)),
    city: text("city"),
    state: text("state"),
    country: text("country"),
    offerTitle: text("offer_title"),
    couponCode: text("coupon_code"),
    offerTerms: text("offer_terms"),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    callToActionType: text("call_to_action_type", { enum: CALL_TO_ACTION_TYPES }),
    /** The website a 'website' button opens; the other kinds' links are made from the business and the post's place. */
    callToActionUrl: text("call_to_action_url"),
    /** The admin's reason, shown to the business, when the post was removed. */
    removedReason: text("removed_reason"),
    /** Credits charged when published, so a refund or report can refer to it. */
    pricePaid: integer("price_paid").notNull().default(0),
    likesCount: integer("likes_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    /** When its business last corrected it (text, images, category, an offer's details), free; null when never. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** When the post went into the feed: the feed's order. A scheduled post holds its time here until it goes live, then now. */
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // "Show all": live posts newest first. The nearby feed's covering index on
    // (geo_cell, created_at, id) INCLUDE (...) is in migrations 0002 and 0003.
    // DESC means NULLS FIRST in PostgreSQL: the index must say so, or ORDER BY ... DESC cannot use it.
    index("posts_live_created_at_idx")
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'live'`),
    index("posts_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    index("posts_scheduled_created_at_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'scheduled'`),
    check("posts_lat_range", sql`${table.lat} IS NULL OR ${table.lat} BETWEEN -90 AND 90`),
    check("posts_lon_range", sql`${table.lon} IS NULL OR ${table.lon} BETWEEN -180 AND 180`),
    check("posts_counts_not_negative", sql`${table.likesCount} >= 0 AND ${table.viewsCount} >= 0`),
    oneOf("posts_kind_check", table.kind, POST_KINDS),
    oneOf("posts_status_check", table.status, POST_STATUSES),
    check(
      "posts_offer_window",
      sql`${table.validFrom} IS NULL OR ${table.validUntil} IS NULL OR ${table.validUntil} >= ${table.validFrom}`,
    ),
  ],
);

/**
 * One row per post and visitor. `visitorId` is the anonymous id for visitors and
 * `user:{id}` for signed-in users, so the primary key itself forbids counting a
 * visitor twice.
 */
function perVisitorTable<Name extends string>(name: Name) {
  return pgTable(
    name,
    {
      postId: uuid("post_id")
        .notNull()
        .references(() => posts.id, { onDelete: "cascade" }),
      visitorId: text("visitor_id").notNull(),
      createdAt: createdAt(),
    },
    (table) => [primaryKey({ columns: [table.postId, table.visitorId] })],
  );
}

export const postLikes = perVisitorTable("post_likes");
export const postViews = perVisitorTable("post_views");
