import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { ownerId } from "./accounts";
import { createdAt, id, updatedAt } from "./columns";

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    userId: ownerId(),
    name: text("name").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    email: text("email"),
    notes: text("notes"),
    tags: text("tags")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Opt-out is data: an import never turns it back on. */
    optedOut: boolean("opted_out").notNull().default(false),
    /** Where the consent (or the opt-out) came from: 'in store', 'website form', 'CSV import', … */
    consentSource: text("consent_source"),
    /** When it was given or withdrawn. */
    consentAt: timestamp("consent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("contacts_user_id_mobile_number_key").on(table.userId, table.mobileNumber),
    index("contacts_user_id_name_idx").on(table.userId, table.name),
    // The contacts list: a business's newest first, a page at a time (NULLS FIRST, as ORDER BY … DESC sorts).
    index("contacts_user_id_created_at_idx").on(table.userId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "sent", "failed", "cancelled"] as const;

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    userId: ownerId(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    recipientsCount: integer("recipients_count").notNull().default(0),
    sentCount: integer("sent_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    /** Credits reserved for the whole campaign when it starts. */
    cost: integer("cost").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("campaigns_user_id_created_at_idx").on(table.userId, table.createdAt.desc())],
);

export const SMS_STATUSES = ["queued", "sent", "delivered", "failed"] as const;

export const smsMessages = pgTable(
  "sms_messages",
  {
    id: id(),
    userId: ownerId(),
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    segments: integer("segments").notNull().default(1),
    cost: integer("cost").notNull().default(0),
    status: text("status", { enum: SMS_STATUSES }).notNull().default("queued"),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("sms_messages_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    index("sms_messages_campaign_id_idx").on(table.campaignId),
    check("sms_messages_segments_positive", sql`${table.segments} >= 1`),
  ],
);
