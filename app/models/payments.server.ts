import { and, asc, eq, lt, sql } from "drizzle-orm";

import { config } from "~/config.server";
import { db } from "~/db/db.server";
import type { Transaction } from "~/db/client.server";
import { creditOrders, creditPacks, invoices, users, type CreditOrderStatus } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { paths } from "~/lib/paths";
import {
  PaymentGatewayError,
  razorpayGateway,
  verifyCallbackSignature,
  verifyWebhookSignature,
  type GatewaySecrets,
  type PaymentGateway,
} from "~/services/payments.server";

import { grantCredits } from "./credits.server";
import { findEarlierRequest, rememberRequest, requestHash } from "./idempotency.server";
import { issueInvoice } from "./invoices.server";
import { queueOwnerNotice } from "./owner-notices.server";
import { creditPackOnSale } from "./pricing.server";
import { hitRateLimit, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";
import { testGateway, testGatewaySecrets } from "./test-gateway.server";

/**
 * Buying credits: an order for a pack, paid through a payment link (Razorpay's, or the built-in
 * test gateway's), credited once whichever of the buyer's return (callback), the gateway's webhook
 * or the reconcile job tells us first. Crediting, the order's move to 'paid' and its invoice are
 * one transaction; the order's id is the ledger row's reference, so a replay credits nothing.
 */

/** A payment link works for this long; Razorpay wants at least 15 minutes. */
export const ORDER_EXPIRY_MINUTES = 30;
/** Orders cost a call to the gateway each: a business may start at most 30 a minute. */
export const ORDERS_PER_MINUTE: RateLimit = { limit: 30, windowSeconds: 60 };
/** After its expiry an order is settled by asking the gateway; a link it still calls open is given this long for a payment in flight. */
const EXPIRY_GRACE_MS = 10 * 60_000;

export type PaymentSetup = { gateway: PaymentGateway; secrets: GatewaySecrets };

/**
 * Razorpay when its keys are set, else the built-in test gateway (a deployment without the keys does
 * not start). A demo always uses the test gateway: nobody pays real money for simulated messages.
 */
export function paymentSetup(): PaymentSetup {
  if (!config.SIMULATED.payments && config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET && config.RAZORPAY_WEBHOOK_SECRET) {
    return {
      gateway: razorpayGateway({ apiUrl: config.RAZORPAY_API_URL, keyId: config.RAZORPAY_KEY_ID, keySecret: config.RAZORPAY_KEY_SECRET }),
      secrets: { keySecret: config.RAZORPAY_KEY_SECRET, webhookSecret: config.RAZORPAY_WEBHOOK_SECRET },
    };
  }
  return { gateway: testGateway, secrets: testGatewaySecrets() };
}

export async function throttleOrders(userId: string): Promise<Throttled | null> {
  const result = await hitRateLimit(`credit-order:user:${userId}`, ORDERS_PER_MINUTE);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

export const ORDER_MESSAGES = {
  unknownPack: "That pack is not on sale. Choose one of the packs on this page.",
  keyReused: "This form was already used to buy a different pack. Open the page again to buy this one.",
  keyReusedApi: "This Idempotency-Key was already used for a different request. Send a new key to buy this pack.",
  gateway: "The payment service did not answer, so nothing was charged. Please try again in a minute.",
} as const;

export type OrderView = {
  id: string;
  status: CreditOrderStatus;
  packId: string;
  packName: string;
  credits: number;
  pricePaise: number;
  gstPaise: number;
  totalPaise: number;
  paymentUrl: string | null;
  paymentLinkId: string | null;
  /** The gateway's payment, once one arrived (paid, or kept to refund). */
  paymentId: string | null;
  invoiceId: string | null;
  expiresAt: Date;
  createdAt: Date;
};

const orderColumns = {
  id: creditOrders.id,
  status: creditOrders.status,
  packId: creditOrders.packId,
  packName: creditPacks.name,
  credits: creditOrders.credits,
  pricePaise: creditOrders.pricePaise,
  gstPaise: creditOrders.gstPaise,
  totalPaise: creditOrders.totalPaise,
  paymentUrl: creditOrders.paymentUrl,
  paymentLinkId: creditOrders.paymentLinkId,
  paymentId: creditOrders.paymentId,
  invoiceId: invoices.id,
  expiresAt: creditOrders.expiresAt,
  createdAt: creditOrders.createdAt,
};

/** One of the business's orders; null for an unknown id and for another business's alike. */
export async function getOrder(userId: string, orderId: string): Promise<OrderView | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db()
    .select(orderColumns)
    .from(creditOrders)
    .innerJoin(creditPacks, eq(creditPacks.id, creditOrders.packId))
    .leftJoin(invoices, eq(invoices.orderId, creditOrders.id))
    .where(and(eq(creditOrders.id, orderId), eq(creditOrders.userId, userId)));
  return order ?? null;
}

export type OrderResult =
  { ok: true; order: OrderView; repeated: boolean } | { ok: false; reason: "unknown_pack" | "key_reused" | "gateway"; order?: OrderView };

/**
 * Starts buying a pack: the order row (the pack's credits and prices copied into it, expiring in
 * 30 minutes), then its payment link (amount in paise, our order id as reference_id, the callback
 * by GET). An idempotency key makes a doubled 'Buy' answer the first order. The gateway is asked
 * outside the transaction; when it fails the order is marked 'failed' and nothing is charged.
 */
export async function createCreditOrder(
  buyer: { id: string; email: string; businessName: string },
  packId: string,
  idempotencyKey: string | null,
  setup: PaymentSetup = paymentSetup(),
): Promise<OrderResult> {
  const hash = requestHash({ packId });
  type Started = { refused: "key_reused" | "unknown_pack" } | { orderId: string; repeated: boolean };
  const started = await db().transaction(async (tx): Promise<Started> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)).for("update");
    const keyId = idempotencyKey ? { userId: buyer.id, request: "credit_order" as const, key: idempotencyKey } : null;
    if (keyId) {
      const earlier = await findEarlierRequest(tx, keyId, hash);
      if (earlier && !earlier.sameRequest) return { refused: "key_reused" };
      if (earlier?.resourceId) return { orderId: earlier.resourceId, repeated: true };
    }
    const pack = await creditPackOnSale(packId, tx);
    if (!pack) return { refused: "unknown_pack" };
    const [order] = await tx
      .insert(creditOrders)
      .values({
        userId: buyer.id,
        packId: pack.id,
        credits: pack.credits,
        pricePaise: pack.pricePaise,
        gstPaise: pack.gstPaise,
        gstRatePercent: pack.gstRatePercent,
        totalPaise: pack.totalPaise,
        gateway: setup.gateway.name,
        expiresAt: sql`now() + make_interval(mins => ${ORDER_EXPIRY_MINUTES})`,
      })
      .returning({ id: creditOrders.id });
    if (keyId) await rememberRequest(tx, keyId, hash, order.id);
    return { orderId: order.id, repeated: false };
  });
  if ("refused" in started) return { ok: false, reason: started.refused };
  const order = await getOrder(buyer.id, started.orderId);
  if (!order) throw new Error(`Order ${started.orderId} vanished`);
  if (order.paymentUrl || order.status !== "created") return { ok: true, order, repeated: started.repeated };
  try {
    const link = await setup.gateway.createPaymentLink({
      amountPaise: order.totalPaise,
      currency: "INR",
      referenceId: order.id,
      description: `${order.credits} iSent credits (${order.packName} pack)`,
      callbackUrl: `${config.PUBLIC_ORIGIN}${paths.creditsCallback()}`,
      expireBy: order.expiresAt,
      customer: { name: buyer.businessName, email: buyer.email },
    });
    await db()
      .update(creditOrders)
      .set({ paymentLinkId: link.id, paymentUrl: link.shortUrl, updatedAt: sql`now()` })
      .where(and(eq(creditOrders.id, order.id), eq(creditOrders.userId, buyer.id)));
    return { ok: true, order: { ...order, paymentLinkId: link.id, paymentUrl: link.shortUrl }, repeated: started.repeated };
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    console.error("[payments]", error.message);
    await db()
      .update(creditOrders)
      .set({ status: "failed", updatedAt: sql`now()` })
      .where(and(eq(creditOrders.id, order.id), eq(creditOrders.status, "created")));
    return { ok: false, reason: "gateway", order: { ...order, status: "failed" } };
  }
}

export type PaymentReceived = { paymentId: string; amountPaise: number; currency: string };

export type PaymentApplied =
  | { ok: true; repeated: boolean; userId: string; balance: number | null }
  | { ok: false; reason: "unknown_order" | "mismatch" | "to_refund"; message: string };

export const LATE_PAYMENT_MESSAGES = {
  toRefund: (paymentId: string) =>
    `This order had expired before it was paid and its pack is no longer on sale: nothing was credited, and the payment ${paymentId} is kept to refund (the admin's Payments).`,
  alreadyKept: (status: "to_refund" | "refunded") => (status === "to_refund" ? "Already kept to refund." : "Already refunded."),
} as const;

/**
 * Whether a late payment's pack "still exists": its row is still on sale. The admin never deletes
 * a pack once ordered (withdraws it instead), so a withdrawn pack is the one that is gone. What is
 * credited is the order's copy (its credits, at its price): the buyer paid that.
 */
async function packStillOnSale(tx: Transaction, packId: string): Promise<boolean> {
  const [pack] = await tx.select({ active: creditPacks.active }).from(creditPacks).where(eq(creditPacks.id, packId));
  return pack?.active === true;
}

/**
 * Applies a payment the gateway confirmed to its order, once: in one transaction the order (locked)
 * moves to 'paid', the credits are granted with their ledger row (the order's id its reference)
 * and the invoice gets the next number. A second delivery finds the order paid and changes
 * nothing. A payment for another amount or in another currency credits nothing. A payment for an
 * order already expired (one in flight when its link ended) is credited all the same while its pack
 * is on sale; otherwise it is kept 'to_refund' with its payment id, for the admin to give back.
 */
export async function applyPayment(orderId: string, payment: PaymentReceived): Promise<PaymentApplied> {
  const result = await db().transaction(async (tx): Promise<PaymentApplied> => {
    const [order] = await tx.select().from(creditOrders).where(eq(creditOrders.id, orderId)).for("update");
    if (!order) return { ok: false, reason: "unknown_order", message: "Unknown order: nothing to do." };
    if (order.status === "paid") return { ok: true, repeated: true, userId: order.userId, balance: null };
    if (order.status === "to_refund" || order.status === "refunded") {
      return { ok: false, reason: "to_refund", message: LATE_PAYMENT_MESSAGES.alreadyKept(order.status) };
    }
    if (payment.currency !== order.currency || payment.amountPaise !== order.totalPaise) {
      return {
        ok: false,
        reason: "mismatch",
        message: `The payment (${payment.amountPaise} ${payment.currency}) does not match the order (${order.totalPaise} ${order.currency}): nothing was credited.`,
      };
    }
    if (order.status === "expired" && !(await packStillOnSale(tx, order.packId))) {
      await tx
        .update(creditOrders)
        .set({ status: "to_refund", paymentId: payment.paymentId, paidAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(creditOrders.id, order.id));
      await queueOwnerNotice(tx, "order_unpaid", order.id);
      return { ok: false, reason: "to_refund", message: LATE_PAYMENT_MESSAGES.toRefund(payment.paymentId) };
    }
    await tx
      .update(creditOrders)
      .set({ status: "paid", paymentId: payment.paymentId, paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(creditOrders.id, order.id));
    const grant = await grantCredits(tx, { userId: order.userId, amount: order.credits, reason: "purchase", reference: order.id });
    await issueInvoice(tx, { ...order, paymentId: payment.paymentId });
    await queueOwnerNotice(tx, "payment_received", order.id);
    return { ok: true, repeated: grant.repeated, userId: order.userId, balance: grant.balance };
  });
  if (!result.ok && result.reason !== "unknown_order") console.warn(`[payments] order ${orderId}: ${result.message}`);
  return result;
}

/** Orders a payment has reached: settling them asks the gateway nothing more. */
const SETTLED: readonly CreditOrderStatus[] = ["paid", "to_refund", "refunded"];

/**
 * Settles an order by asking the gateway about its link: paid in full credits it (or, expired
 * meanwhile, keeps it to refund: applyPayment); a link that expired or was cancelled (or is still
 * open well past the order's expiry) makes it 'expired'. Returns the order's status afterwards.
 */
export async function settleOrder(orderId: string, setup: PaymentSetup = paymentSetup()): Promise<CreditOrderStatus | null> {
  const [order] = await db().select().from(creditOrders).where(eq(creditOrders.id, orderId));
  if (!order) return null;
  if (SETTLED.includes(order.status)) return order.status;
  const now = Date.now();
  if (!order.paymentLinkId) {
    if (order.expiresAt.getTime() > now) return order.status;
    return markExpired(order.id);
  }
  const link = await setup.gateway.fetchPaymentLink(order.paymentLinkId);
  if (link.status === "paid" && link.paymentId && link.referenceId === order.id) {
    const applied = await applyPayment(order.id, { paymentId: link.paymentId, amountPaise: link.amountPaidPaise, currency: link.currency });
    if (applied.ok) return "paid";
    return applied.reason === "to_refund" ? "to_refund" : order.status;
  }
  const gone = link.status === "expired" || link.status === "cancelled" || order.expiresAt.getTime() + EXPIRY_GRACE_MS < now;
  if (gone && order.expiresAt.getTime() <= now) return markExpired(order.id);
  return order.status;
}

/**
 * An open order ends unpaid. Its owner is mailed when it had a payment link and was still open:
 * a 'failed' one was mailed when it failed (markFailed), one without a link had its refusal on screen.
 */
async function markExpired(orderId: string): Promise<CreditOrderStatus> {
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select({ status: creditOrders.status, paymentLinkId: creditOrders.paymentLinkId })
      .from(creditOrders)
      .where(eq(creditOrders.id, orderId))
      .for("update");
    if (order.status !== "created" && order.status !== "failed") return order.status;
    await tx
      .update(creditOrders)
      .set({ status: "expired", updatedAt: sql`now()` })
      .where(eq(creditOrders.id, orderId));
    if (order.status === "created" && order.paymentLinkId) await queueOwnerNotice(tx, "order_unpaid", orderId);
    return "expired";
  });
}

/** The gateway said the buyer's payment failed: an open order of this business is marked failed, and its owner mailed once. */
async function markFailed(userId: string, orderId: string): Promise<void> {
  await db().transaction(async (tx) => {
    const [failed] = await tx
      .update(creditOrders)
      .set({ status: "failed", updatedAt: sql`now()` })
      .where(and(eq(creditOrders.id, orderId), eq(creditOrders.userId, userId), eq(creditOrders.status, "created")))
      .returning({ id: creditOrders.id });
    if (failed) await queueOwnerNotice(tx, "order_unpaid", failed.id);
  });
}

/**
 * The reconcile job: every order still 'created' (or 'failed', whose link could still be paid)
 * after its expiry is settled by asking the gateway, so a lost webhook still credits and an
 * unpaid order ends 'expired'. A gateway that does not answer is asked again next time.
 */
export async function reconcileExpiredOrders(setup: PaymentSetup = paymentSetup()): Promise<{ settled: number; failed: number }> {
  const due = await db()
    .select({ id: creditOrders.id })
    .from(creditOrders)
    .where(and(sql`${creditOrders.status} in ('created', 'failed')`, lt(creditOrders.expiresAt, sql`now()`)))
    .orderBy(asc(creditOrders.expiresAt))
    .limit(200);
  let settled = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      await settleOrder(id, setup);
      settled += 1;
    } catch (error) {
      failed += 1;
      console.error(`[payments] could not reconcile order ${id}:`, (error as Error).message);
    }
  }
  return { settled, failed };
}

export type CallbackQuery = {
  paymentId: string;
  paymentLinkId: string;
  referenceId: string;
  status: string;
  signature: string | null;
};

export type CallbackOutcome = { ok: true; order: OrderView } | { ok: false; reason: "bad_signature" | "not_found"; message: string };

export const CALLBACK_MESSAGES = {
  badSignature:
    "This payment confirmation could not be verified, so nothing was credited. If you paid, your credits arrive within minutes.",
  notFound: "This payment is not for one of your orders, so nothing was credited here.",
} as const;

/**
 * The buyer's return from the gateway: believed only when `razorpay_signature` is the HMAC of
 * `payment_link_id|reference_id|status|payment_id` with the key secret (compared in constant time)
 * and the order is this business's. 'paid' is then settled by asking the gateway (amount and
 * currency checked as for the webhook); 'failed' marks an open order failed.
 */
export async function confirmCallback(
  userId: string,
  query: CallbackQuery,
  setup: PaymentSetup = paymentSetup(),
): Promise<CallbackOutcome> {
  const signed = verifyCallbackSignature(setup.secrets.keySecret, query, query.signature);
  if (!signed) return { ok: false, reason: "bad_signature", message: CALLBACK_MESSAGES.badSignature };
  const order = await getOrder(userId, query.referenceId);
  if (!order || order.paymentLinkId !== query.paymentLinkId) return { ok: false, reason: "not_found", message: CALLBACK_MESSAGES.notFound };
  if (query.status === "paid") {
    await settleOrder(order.id, setup);
  } else if (query.status === "failed" && order.status === "created") {
    await markFailed(userId, order.id);
  }
  const after = await getOrder(userId, order.id);
  return after ? { ok: true, order: after } : { ok: false, reason: "not_found", message: CALLBACK_MESSAGES.notFound };
}

export type WebhookAnswer = { status: number; message: string };

type PaidEvent = {
  event?: unknown;
  payload?: {
    payment_link?: { entity?: { id?: unknown; reference_id?: unknown; amount_paid?: unknown; currency?: unknown } };
    payment?: { entity?: { id?: unknown; amount?: unknown; currency?: unknown } };
  };
};

/**
 * A webhook from the gateway (POST /api/payments/razorpay/webhook): believed only when
 * X-Razorpay-Signature is the HMAC of the raw body with the webhook secret (401 otherwise).
 * `payment_link.paid` credits its order once (or keeps a late one to refund: applyPayment); a
 * replay, another event, or a link we do not know is a 200 that changes nothing; a payment of
 * another amount or currency is refused (400).
 */
export async function receivePaymentWebhook(
  rawBody: string,
  signature: string | null,
  setup: PaymentSetup = paymentSetup(),
): Promise<WebhookAnswer> {
  if (!verifyWebhookSignature(setup.secrets.webhookSecret, rawBody, signature)) {
    return { status: 401, message: "Invalid or missing X-Razorpay-Signature." };
  }
  let event: PaidEvent;
  try {
    event = JSON.parse(rawBody) as PaidEvent;
  } catch {
    return { status: 400, message: "The webhook body is not JSON." };
  }
  if (event.event !== "payment_link.paid") return { status: 200, message: "Event ignored." };
  const link = event.payload?.payment_link?.entity;
  const payment = event.payload?.payment?.entity;
  if (typeof link?.id !== "string" || typeof payment?.id !== "string" || typeof payment.amount !== "number") {
    return { status: 400, message: "A payment_link.paid event needs its payment_link and payment entities." };
  }
  const [order] = await db()
    .select({ id: creditOrders.id })
    .from(creditOrders)
    .where(and(eq(creditOrders.paymentLinkId, link.id), eq(sql`${creditOrders.id}::text`, String(link.reference_id))));
  if (!order) return { status: 200, message: "Unknown payment link: nothing to do." };
  const applied = await applyPayment(order.id, { paymentId: payment.id, amountPaise: payment.amount, currency: String(payment.currency) });
  if (applied.ok) return { status: 200, message: applied.repeated ? "Already applied." : "Credited." };
  return { status: applied.reason === "mismatch" ? 400 : 200, message: applied.message };
}
