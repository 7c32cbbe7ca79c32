import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { CONSENT_STATES } from "../../lib/schemas/contacts";
import { SMS_STATUSES } from "../../lib/sms-status";

import { ownerId, users } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";
import { SMS_CATEGORIES, templates } from "./templates";

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    userId: ownerId(),
    name: text("name").notNull(),
    mobileNumber: text("mobile_number").notNull(),
    /** Whether an SMS can go to the number: libphonenumber's Indian-mobile rule, applied where the number is written. */
    canGetSms: boolean("can_get_sms").notNull(),
    /**
     * The name as an SMS slot holds it (one line, no invisible characters, at most 30 characters, cut
     * at a word), and the room it takes in a message: GSM-7 units (null: it needs UCS-2) and UTF-16
     * units. The database works them out from the name (migration 0033), whoever writes it, so a
     * campaign's cost is counted in SQL without reading a single name.
     */
    smsName: text("sms_name").generatedAlwaysAs(sql`contact_sms_name(name)`),
    smsNameGsmUnits: integer("sms_name_gsm_units").generatedAlwaysAs(sql`sms_gsm_units(contact_sms_name(name))`),
    smsNameUtf16Units: integer("sms_name_utf16_units").generatedAlwaysAs(sql`sms_utf16_units(contact_sms_name(name))`),
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
    // A STOP to the platform's shared header finds every business's contact with the replying number.
    index("contacts_mobile_number_idx").on(table.mobileNumber),
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
    /** When the owner pressed 'Apply these updates' (once: the changes the file proposed are applied at most once). */
    updatesAppliedAt: timestamp("updates_applied_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    index("contact_imports_user_id_created_at_idx").on(table.userId, table.createdAt),
    oneOf("contact_imports_status_check", table.status, CONTACT_IMPORT_STATUSES),
  ],
);

/** What became of a proposed update when the owner applied them: applied, or left because the contact was edited since the report. */
export const IMPORT_UPDATE_OUTCOMES = ["applied", "skipped"] as const;

/**
 * Each existing contact an import touched (one row per contact and import): what it did by itself
 * (groups added, blank fields filled, an opt-out), and what the file would change in what the owner
 * typed (name, email, notes), which waits for 'Apply these updates'.
 */
export const contactImportChanges = pgTable(
  "contact_import_changes",
  {
    id: id(),
    importId: uuid("import_id")
      .notNull()
      .references(() => contactImports.id, { onDelete: "cascade" }),
    userId: ownerId(),
    /** Null once the contact is deleted: the report still names who it was. */
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** The first line of the file that touched the contact. */
    line: integer("line").notNull(),
    /** The contact's name when the report was made. */
    name: text("name").notNull(),
    updated: boolean("updated").notNull(),
    addedGroups: text("added_groups")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    filled: text("filled")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    optedOut: boolean("opted_out").notNull().default(false),
    /** Field by field, the value when the report was made and the file's; {} when the file changes nothing the owner typed. */
    proposed: jsonb("proposed")
      .$type<Partial<Record<"name" | "email" | "notes", { from: string; to: string }>>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    outcome: text("outcome", { enum: IMPORT_UPDATE_OUTCOMES }),
  },
  (table) => [
    uniqueIndex("contact_import_changes_import_id_contact_id_key").on(table.importId, table.contactId),
    index("contact_import_changes_import_id_line_idx").on(table.importId, table.line),
    index("contact_import_changes_contact_id_idx").on(table.contactId),
    oneOf("contact_import_changes_outcome_check", table.outcome, IMPORT_UPDATE_OUTCOMES),
  ],
);

/** The campaign state machine's states; its transitions are app/lib/campaign-status.ts. */
export const CAMPAIGN_STATUSES = ["draft", "scheduled", "sending", "paused", "sent", "cancelled", "failed"] as const;

/** What fills a template's {#var#} slot, per message: the contact's name, the business's name, or the same text for everyone. */
export type SlotFill = { source: "contact_name" } | { source: "business_name" } | { source: "fixed"; value: string };

/** Who a campaign goes to; opted-out contacts are always left out. */
export type CampaignAudience = { all: true } | { tags: string[] } | { contactIds: string[] };

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    userId: ownerId(),
    name: text("name").notNull(),
    /** The SMS template it was written from; null for free text (where the admin allows it). */
    templateId: uuid("template_id").references(() => templates.id, { onDelete: "set null" }),
    /** The approved text with its {#var#} slots (a template's), or the free text, as it was when the campaign was made. */
    message: text("message").notNull(),
    /** One fill per slot, in order. */
    slotFills: jsonb("slot_fills").$type<SlotFill[]>().notNull().default([]),
    audience: jsonb("audience").$type<CampaignAudience>().notNull(),
    category: text("category", { enum: SMS_CATEGORIES }).notNull(),
    /** What the operator checks each message against, copied when the campaign starts. */
    senderHeader: text("sender_header"),
    dltEntityId: text("dlt_entity_id"),
    dltTemplateId: text("dlt_template_id"),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
    /** Why it is in its status now when that needs saying (a failure, the window it waits for). */
    statusReason: text("status_reason"),
    /** The time the business asked for; null: now. */
    sendAt: timestamp("send_at", { withTimezone: true }),
    /** When a scheduled campaign will start (its sendAt, or the next opening of the sending window). */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Messages it writes when it starts, skipped ones included. */
    recipientsCount: integer("recipients_count").notNull().default(0),
    /** Credits reserved when it started: what its estimate said, at least the sum of its messages' costs. */
    cost: integer("cost").notNull().default(0),
    /** Credits given back once it settled: all it reserved but what the messages the provider took cost. */
    refunded: integer("refunded").notNull().default(0),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** Sending: its audience is the contacts added by this time (later ones are not charged for, so not sent to). */
    audienceAsOf: timestamp("audience_as_of", { withTimezone: true }),
    /** The dispatch job writes its messages in chunks, in contact id order: the last contact written, and when all were. */
    writtenThroughContactId: uuid("written_through_contact_id"),
    messagesWrittenAt: timestamp("messages_written_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("campaigns_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    // The admin's list of every business's campaigns, newest first.
    index("campaigns_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("campaigns_status_idx")
      .on(table.status)
      .where(sql`${table.status} in ('scheduled', 'sending')`),
    oneOf("campaigns_status_check", table.status, CAMPAIGN_STATUSES),
    oneOf("campaigns_category_check", table.category, SMS_CATEGORIES),
    check("campaigns_money_check", sql`${table.cost} >= 0 AND ${table.refunded} >= 0 AND ${table.refunded} <= ${table.cost}`),
  ],
);

/** Every change of a campaign's status, with its time and why: the campaign page's timeline. */
export const campaignEvents = pgTable(
  "campaign_events",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: CAMPAIGN_STATUSES }),
    toStatus: text("to_status", { enum: CAMPAIGN_STATUSES }).notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (table) => [index("campaign_events_campaign_id_created_at_idx").on(table.campaignId, table.createdAt)],
);

/** A message's statuses: app/lib/sms-status.ts (the history's filter reads them there). */
export { SMS_STATUSES };
export const SMS_ENCODINGS = ["GSM-7", "UCS-2"] as const;

export const smsMessages = pgTable(
  "sms_messages",
  {
    id: id(),
    userId: ownerId(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** E.164, or as stored for a skipped number that is not a mobile. */
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    parts: integer("parts").notNull(),
    encoding: text("encoding", { enum: SMS_ENCODINGS }).notNull(),
    /** Credits: parts × the SMS price when the campaign started. */
    cost: integer("cost").notNull(),
    status: text("status", { enum: SMS_STATUSES }).notNull().default("queued"),
    /** Why it was skipped or failed, in words (the provider's reason when it gave one). */
    failureReason: text("failure_reason"),
    /** A worker holds a queued message until then while sending it; a crashed worker's hold runs out. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    provider: text("provider"),
    providerMessageId: text("provider_message_id"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** When it reached delivered, failed, undelivered, skipped or cancelled. */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("sms_messages_user_id_created_at_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    // The admin's SMS history across every business: a page and a period's totals read a range of it, not the table.
    index("sms_messages_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("sms_messages_campaign_id_status_idx").on(table.campaignId, table.status),
    index("sms_messages_queued_idx")
      .on(table.campaignId, table.id)
      .where(sql`${table.status} = 'queued'`),
    // Delivery reports find their message by the provider's id.
    uniqueIndex("sms_messages_provider_message_id_key").on(table.provider, table.providerMessageId),
    // An inbound reply (STOP) finds the business that last messaged its number.
    index("sms_messages_to_number_submitted_at_idx")
      .on(table.toNumber, table.submittedAt.desc())
      .where(sql`${table.submittedAt} IS NOT NULL`),
    check("sms_messages_parts_positive", sql`${table.parts} >= 1`),
    check("sms_messages_cost_not_negative", sql`${table.cost} >= 0`),
    oneOf("sms_messages_status_check", table.status, SMS_STATUSES),
    oneOf("sms_messages_encoding_check", table.encoding, SMS_ENCODINGS),
  ],
);

/** What an inbound reply did: opted the contact out or back in, or nothing (not a keyword, no contact). */
export const SMS_REPLY_ACTIONS = ["opted_out", "opted_in", "none"] as const;

/** Every reply a provider passed on, kept once (its provider id), with what it did. */
export const smsReplies = pgTable(
  "sms_replies",
  {
    id: id(),
    provider: text("provider").notNull(),
    providerMessageId: text("provider_message_id").notNull(),
    fromNumber: text("from_number").notNull(),
    body: text("body").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    action: text("action", { enum: SMS_REPLY_ACTIONS }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("sms_replies_provider_message_id_key").on(table.provider, table.providerMessageId),
    oneOf("sms_replies_action_check", table.action, SMS_REPLY_ACTIONS),
  ],
);

/** Messages handed to the provider per second, across every server process: the provider's rate limit is kept here. */
export const smsSendWindows = pgTable("sms_send_windows", {
  second: timestamp("second", { withTimezone: true }).primaryKey(),
  sent: integer("sent").notNull(),
});

/** What the embedded SMS simulator received, every time (a message received twice has two rows): its log. */
export const smsSimulatorLog = pgTable(
  "sms_simulator_log",
  {
    id: id(),
    messageId: uuid("message_id").notNull(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    receivedAt: createdAt(),
  },
  (table) => [index("sms_simulator_log_message_id_idx").on(table.messageId)],
);
