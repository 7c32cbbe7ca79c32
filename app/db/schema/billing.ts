import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

import { ownerId } from "./accounts";
import { createdAt, id, oneOf, updatedAt } from "./columns";

import { CREDIT_ORDER_STATUSES } from "../../lib/order-status";
import { PRICE_KEYS } from "../../lib/price-keys";

/** What each billable action costs, in credits; edited by the admin (/admin/sms-pricing). */
export { PRICE_KEYS };
export type { PriceKey } from "../../lib/price-keys";

export const pricing = pgTable("pricing", {
  key: text("key", { enum: PRICE_KEYS }).primaryKey(),
  label: text("label").notNull(),
  credits: integer("credits").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const LEDGER_REASONS = ["opening_balance", "post", "offer", "sms", "campaign", "purchase", "refund", "admin_adjustment"] as const;

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
    /** Why, in words the business reads in its ledger: the admin's reason for an adjustment. */
    note: text("note"),
    createdAt: createdAt(),
  },
  (table) => [
    index("credit_ledger_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    // One change per account, reason and reference: a retried charge is not charged twice.
    uniqueIndex("credit_ledger_user_id_reason_reference_key")
      .on(table.userId, table.reason, table.reference)
      .where(sql`${table.reference} IS NOT NULL`),
    oneOf("credit_ledger_reason_check", table.reason, LEDGER_REASONS),
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
    oneOf("idempotency_keys_request_check", table.request, IDEMPOTENT_REQUESTS),
  ],
);

/**
 * The packs of credits a business can buy, set by the admin (seeded: 100 for ₹100, 500 for ₹450,
 * 2,000 for ₹1,600). The price is in paise, before GST; an inactive pack is no longer sold.
 */
export const creditPacks = pgTable(
  "credit_packs",
  {
    id: id(),
    name: text("name").notNull(),
    credits: integer("credits").notNull(),
    /** The taxable value in paise (GST is added on top). */
    pricePaise: integer("price_paise").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("credit_packs_name_key").on(table.name),
    check("credit_packs_credits_positive", sql`${table.credits} > 0`),
    check("credit_packs_price_positive", sql`${table.pricePaise} > 0`),
  ],
);

export { CREDIT_ORDER_STATUSES };
export type { CreditOrderStatus } from "../../lib/order-status";
export const PAYMENT_GATEWAYS = ["test", "razorpay"] as const;

/**
 * One purchase of a pack: what was bought at what price (copied from the pack, so a later price
 * change leaves it alone), and its payment link. It moves from 'created' to 'paid' (credited in the
 * same transaction, its id the ledger row's reference), 'failed' or 'expired'; paid after it expired,
 * to 'paid' or, its pack withdrawn, 'to_refund' (then 'refunded' by the admin): only through
 * app/models/payments.server.ts and app/models/admin-payments.server.ts.
 */
export const creditOrders = pgTable(
  "credit_orders",
  {
    id: id(),
    userId: ownerId(),
    packId: uuid("pack_id")
      .notNull()
      .references(() => creditPacks.id),
    credits: integer("credits").notNull(),
    pricePaise: integer("price_paise").notNull(),
    gstPaise: integer("gst_paise").notNull(),
    /** The GST rate the order was priced at (the admin's rate then): its invoice charges the same. */
    gstRatePercent: integer("gst_rate_percent").notNull().default(18),
    totalPaise: integer("total_paise").notNull(),
    currency: text("currency").notNull().default("INR"),
    status: text("status", { enum: CREDIT_ORDER_STATUSES }).notNull().default("created"),
    gateway: text("gateway", { enum: PAYMENT_GATEWAYS }).notNull(),
    paymentLinkId: text("payment_link_id"),
    paymentUrl: text("payment_url"),
    paymentId: text("payment_id"),
    /** The payment link stops taking payments then; the reconcile job settles the order after it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("credit_orders_user_id_created_at_idx").on(table.userId, table.createdAt.desc()),
    // The admin's list of every order, newest first (/admin/payments), read a page at a time.
    index("credit_orders_created_at_id_idx").on(table.createdAt.desc(), table.id.desc()),
    uniqueIndex("credit_orders_payment_link_id_key").on(table.paymentLinkId),
    index("credit_orders_open_idx")
      .on(table.expiresAt)
      .where(sql`${table.status} = 'created'`),
    oneOf("credit_orders_status_check", table.status, CREDIT_ORDER_STATUSES),
    check(
      "credit_orders_amounts_check",
      sql`${table.credits} > 0 and ${table.pricePaise} > 0 and ${table.gstPaise} >= 0 and ${table.totalPaise} = ${table.pricePaise} + ${table.gstPaise}`,
    ),
  ],
);

/**
 * The last invoice number given in each financial year (April to March in India): taken in the
 * transaction that marks an order paid, so a rolled-back payment gives its number back and the
 * sequence has no gaps.
 */
export const invoiceSequences = pgTable("invoice_sequences", {
  financialYear: text("financial_year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * A GST tax invoice for a paid order, written once in the transaction that marks it paid: the
 * seller's and buyer's details as they were then, and the tax split (CGST + SGST within one state,
 * IGST across states), all in paise.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    userId: ownerId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => creditOrders.id),
    /** e.g. ISENT/2026-27/000123 */
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    sequence: integer("sequence").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    sellerName: text("seller_name").notNull(),
    sellerGstin: text("seller_gstin"),
    sellerAddress: text("seller_address").notNull(),
    sellerState: text("seller_state").notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerAddress: text("buyer_address"),
    buyerState: text("buyer_state"),
    buyerGstin: text("buyer_gstin"),
    sacCode: text("sac_code").notNull(),
    description: text("description").notNull(),
    credits: integer("credits").notNull(),
    taxablePaise: integer("taxable_paise").notNull(),
    cgstPaise: integer("cgst_paise").notNull(),
    sgstPaise: integer("sgst_paise").notNull(),
    igstPaise: integer("igst_paise").notNull(),
    /** The rate the tax above was worked out at (the order's): the invoice prints it. */
    gstRatePercent: integer("gst_rate_percent").notNull().default(18),
    totalPaise: integer("total_paise").notNull(),
    paymentId: text("payment_id").notNull(),
  },
  (table) => [
    uniqueIndex("invoices_order_id_key").on(table.orderId),
    uniqueIndex("invoices_number_key").on(table.number),
    uniqueIndex("invoices_financial_year_sequence_key").on(table.financialYear, table.sequence),
    index("invoices_user_id_issued_at_idx").on(table.userId, table.issuedAt.desc()),
    check(
      "invoices_total_check",
      sql`${table.totalPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise}`,
    ),
  ],
);

export const TEST_PAYMENT_LINK_STATUSES = ["created", "paid", "expired", "cancelled"] as const;

/**
 * The built-in test gateway's payment links (used when no Razorpay keys are set): the same
 * fields Razorpay keeps for a link, so the gateway answers what Razorpay would. No money moves.
 */
export const testPaymentLinks = pgTable(
  "test_payment_links",
  {
    id: text("id").primaryKey(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull(),
    referenceId: text("reference_id").notNull(),
    description: text("description").notNull(),
    callbackUrl: text("callback_url").notNull(),
    expireBy: timestamp("expire_by", { withTimezone: true }).notNull(),
    status: text("status", { enum: TEST_PAYMENT_LINK_STATUSES }).notNull().default("created"),
    paymentId: text("payment_id"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("test_payment_links_reference_id_key").on(table.referenceId),
    oneOf("test_payment_links_status_check", table.status, TEST_PAYMENT_LINK_STATUSES),
  ],
);
