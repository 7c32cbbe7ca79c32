import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { ownerId } from "./accounts";
import { createdAt, id } from "./columns";

/** What each billable action costs, in credits; edited by the admin (/admin/sms-pricing). */
export const PRICE_KEYS = ["opening_balance", "post", "offer", "sms"] as const;
export type PriceKey = (typeof PRICE_KEYS)[number];

export const pricing = pgTable("pricing", {
  key: text("key", { enum: PRICE_KEYS }).primaryKey(),
  label: text("label").notNull(),
  credits: integer("credits").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const LEDGER_REASONS = ["opening_balance", "post", "offer", "sms", "campaign", "refund", "admin_adjustment"] as const;

/** Every change of a balance is one row here, written in the same transaction as the change (app/models/credits.server.ts). */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: id(),
    userId: ownerId(),
    /** Signed: positive adds credits, negative spends them. */
    amount: integer("amount").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason", { enum: LEDGER_REASONS }).notNull(),
    /** What the change paid for or came from, e.g. a post or campaign id; with the reason, its idempotency key. */
    reference: text("reference"),
    createdAt: createdAt(),
  },
  (table) => [
    index("credit_ledger_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    // One change per account, reason and reference: a retried charge is not charged twice.
    uniqueIndex("credit_ledger_user_id_reason_reference_key")
      .on(table.userId, table.reason, table.reference)
      .where(sql`${table.reference} IS NOT NULL`),
  ],
);

/** The requests that may carry an idempotency key: each has its own key space. */
export const IDEMPOTENT_REQUESTS = ["post", "campaign", "credit_order"] as const;

/**
 * A request's idempotency key (a form's hidden field, an API client's Idempotency-Key), kept 24
 * hours as Stripe keeps them: written in the transaction of the work it guards, so a refused or
 * failed request leaves its key free; a repeat with the same request answers the first result, one
 * with another request is refused. The row outlives what it made (no foreign key), so a key whose
 * post was deleted stays spent.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: ownerId(),
    request: text("request", { enum: IDEMPOTENT_REQUESTS }).notNull(),
    key: text("key").notNull(),
    /** sha-256 of the request as the model saw it (the parsed input, not the raw bytes). */
    requestHash: text("request_hash").notNull(),
    /** What the first request made (a post, a campaign, a credit order): a repeat answers with it. */
    resourceId: uuid("resource_id"),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.request, table.key] }),
    index("idempotency_keys_created_at_idx").on(table.createdAt),
    check("idempotency_keys_request_check", sql`${table.request} in ('post', 'campaign', 'credit_order')`),
  ],
);
