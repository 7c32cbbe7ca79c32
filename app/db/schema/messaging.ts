import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { CONSENT_STATES } from "../../lib/schemas/contacts";

import { ownerId } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";

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
    // The list's two covering indexes are in migration 0010 only (drizzle's index builder cannot
    // express INCLUDE), so that a page, the count and every search read no table rows, wherever a
    // business's contacts lie in the table (bench/contacts.ts):
    //   contacts_user_id_created_at_idx (user_id, created_at DESC, id DESC) INCLUDE (name, mobile_number, email, opted_out)
    //   contacts_user_id_id_tags_idx (user_id, id) INCLUDE (tags)
    // tags has an index of its own because with name and email beside it an index row can pass
    // btree's 2,704-byte limit (20 groups of 40 characters in a 3-byte script); alone it stays under
    // it while a contact has at most 20 groups of 40 characters (app/lib/schemas/contacts.ts).
  ],
);

/** How a consent change reached us: the business's forms, its API client, a CSV import, the contact's own SMS reply (STOP), or carried over from before the history was kept. */
export const CONSENT_CHANNELS = ["form", "api", "import", "sms_reply", "carried_over"] as const;

/**
 * A contact's consent as an append-only history: every opt-in (with where it was given) and
 * opt-out is a row, never changed or deleted while the contact exists. The contact row keeps the
 * latest state (opted_out, consent_source, consent_at), written in the same transaction.
 */
export const contactConsentEvents = pgTable(
  "contact_consent_events",
  {
    id: id(),
    userId: ownerId(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    state: text("state", { enum: CONSENT_STATES }).notNull(),
    /** Where the consent (or the opt-out) came from: 'in store', 'website form', 'CSV import', 'SMS reply STOP', … */
    source: text("source"),
    channel: text("channel", { enum: CONSENT_CHANNELS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("contact_consent_events_contact_id_created_at_idx").on(table.contactId, table.createdAt.desc()),
    oneOf("contact_consent_events_state_check", table.state, CONSENT_STATES),
    oneOf("contact_consent_events_channel_check", table.channel, CONSENT_CHANNELS),
  ],
);

export const CONTACT_IMPORT_STATUSES = ["mapping", "queued", "running", "done", "failed"] as const;

/**
 * A CSV import of contacts: the uploaded file (kept until it has been imported), the columns
 * chosen for each field, and its progress and report, which advance together with the
 * contacts each batch writes, so an interrupted import resumes where it stopped.
 */
export const contactImports = pgTable(
  "contact_imports",
  {
    id: id(),
    userId: ownerId(),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: CONTACT_IMPORT_STATUSES }).notNull().default("mapping"),
    /** The file as text; cleared once imported. */
    csv: text("csv"),
    delimiter: text("delimiter").notNull().default(","),
    header: jsonb("header").$type<string[]>().notNull(),
    /** The first few rows, for the column-mapping step. */
    preview: jsonb("preview").$type<string[][]>().notNull(),
    rowCount: integer("row_count").notNull(),
    mapping: jsonb("mapping").$type<Partial<Record<string, number>>>(),
    processedRows: integer("processed_rows").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    skipped: integer("skipped").notNull().default(0),
    /** Every rejected row: its line in the file, why, and its cells (for the downloadable report). */
    errors: jsonb("errors")
      .$type<Array<{ line: number; message: string; cells: string[] }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Every optional cell left out of an imported row (a bad email, …): its line and what was left out, and why. */
    warnings: jsonb("warnings")
      .$type<Array<{ line: number; message: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    failure: text("failure"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("contact_imports_user_id_created_at_idx").on(table.userId, table.createdAt),
    oneOf("contact_imports_status_check", table.status, CONTACT_IMPORT_STATUSES),
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
