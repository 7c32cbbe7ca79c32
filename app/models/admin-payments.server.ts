import { stringify } from "csv-stringify/sync";
import { and, asc, count, desc, eq, gt, gte, lt, lte, or, sql, type SQL } from "drizzle-orm";

import { db } from "~/db/db.server";
import { creditOrders, creditPacks, invoices, users, type CreditOrderStatus } from "~/db/schema";
import { GST_REGISTER_HEADER, registerRow } from "~/lib/gst-register";
import { isUuid } from "~/lib/ids";
import { endOfIndianDay, startOfIndianDay } from "~/lib/india-days";
import { formatDateTime } from "~/lib/india-time";
import { financialYear, formatRupees } from "~/lib/money";
import { ORDER_STATUS_LABELS } from "~/lib/order-status";
import { ADMIN_PAYMENTS_MESSAGES, TO_LOOK_AT, type AdminPaymentsQuery } from "~/lib/schemas/admin-payments";
import { likePattern } from "~/lib/search-terms";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import { queueOwnerNotice } from "./owner-notices.server";
import { paymentSetup, settleOrder, type PaymentSetup } from "./payments.server";

/**
 * The admin's view of the money (/admin/payments): every order of every business, filtered; the
 * payments to look at (the dashboard's 'Payments to look at' counts them, the list's 'To look at'
 * shows them): payments kept to refund (paid after their order expired, for a pack no longer on
 * sale: decision 016), orders still open past their link's end (the reconcile job could not ask the
 * gateway), and orders that failed lately; 'Mark refunded' (the refund the admin made at the
 * gateway); 'Check with Razorpay now' for one order; and the monthly GST invoice register.
 */

/** Failed orders are worth a look for this long. */
export const FAILED_ORDERS_DAYS = 30;
export const ADMIN_PAYMENTS_PAGE_SIZE = 25;

export function paymentsToLookAt(now: Date): SQL {
  const since = new Date(now.getTime() - FAILED_ORDERS_DAYS * 86_400_000);
  return or(
    eq(creditOrders.status, "to_refund"),
    and(eq(creditOrders.status, "created"), lt(creditOrders.expiresAt, now)),
    and(eq(creditOrders.status, "failed"), gte(creditOrders.updatedAt, since)),
  )!;
}

export async function countPaymentsToLookAt(now: Date): Promise<number> {
  const [row] = await db().select({ total: count() }).from(creditOrders).where(paymentsToLookAt(now));
  return row.total;
}

export type RefundMarked = { ok: true; paymentId: string } | { ok: false; status: 404 | 409; message: string };

/**
 * The admin refunded a payment kept to refund (at the gateway's dashboard): the order becomes
 * 'refunded', with its audit row, in one transaction. Anything else is refused and changes nothing.
 */
export async function markPaymentRefunded(admin: ActingAdmin, orderId: string): Promise<RefundMarked> {
  if (!isUuid(orderId)) return { ok: false, status: 404, message: ADMIN_PAYMENTS_MESSAGES.notFound };
  return db().transaction(async (tx): Promise<RefundMarked> => {
    const [order] = await tx.select().from(creditOrders).where(eq(creditOrders.id, orderId)).for("update");
    if (!order) return { ok: false, status: 404, message: ADMIN_PAYMENTS_MESSAGES.notFound };
    if (order.status !== "to_refund" || !order.paymentId) {
      const message = order.status === "refunded" ? ADMIN_PAYMENTS_MESSAGES.alreadyRefunded : ADMIN_PAYMENTS_MESSAGES.notToRefund;
      return { ok: false, status: 409, message };
    }
    const [business] = await tx.select({ businessName: users.businessName }).from(users).where(eq(users.id, order.userId));
    await tx
      .update(creditOrders)
      .set({ status: "refunded", updatedAt: sql`now()` })
      .where(and(eq(creditOrders.id, order.id), eq(creditOrders.status, "to_refund")));
    await queueOwnerNotice(tx, "order_unpaid", order.id);
    await recordAdminAction(tx, admin, {
      action: "mark_payment_refunded",
      entityType: "credit_order",
      entityId: order.id,
      summary: `Marked the payment ${order.paymentId} (${formatRupees(order.totalPaise)}) of ${business.businessName} refunded`,
      before: { status: order.status },
      after: { status: "refunded" },
    });
    return { ok: true, paymentId: order.paymentId };
  });
}

// ─── Every order ──────────────────────────────────────────────────────────────────────────────

/** Orders a payment has reached: the gateway has nothing more to say about them. */
const SETTLED_STATUSES: readonly CreditOrderStatus[] = ["paid", "to_refund", "refunded"];

/** Whether 'Check with Razorpay now' can tell anything about an order in this status (settleOrder asks only then). */
export const canCheckWithGateway = (status: CreditOrderStatus) => !SETTLED_STATUSES.includes(status);

export type AdminOrderRow = {
  orderId: string;
  status: CreditOrderStatus;
  gateway: "test" | "razorpay";
  credits: number;
  packName: string | null;
  pricePaise: number;
  gstPaise: number;
  gstRatePercent: number;
  totalPaise: number;
  paymentId: string | null;
  invoiceNumber: string | null;
  createdAt: Date;
  expiresAt: Date;
  paidAt: Date | null;
  updatedAt: Date;
  /** Still 'created' after its payment link ended: the reconcile job has not settled it yet. */
  unsettled: boolean;
  checkable: boolean;
  business: { id: string; businessName: string; email: string };
};

/**
 * The search box: a business's name or email (any part, any case), a payment id or an invoice
 * number (any part), or an id (an order's or a business's, exact).
 */
function searchCondition(term: string): SQL {
  const pattern = sql`lower(${likePattern(term)})`;
  const conditions: SQL[] = [
    sql`${creditOrders.userId} in (select ${users.id} from ${users} where lower(${users.businessName}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    sql`lower(${creditOrders.paymentId}) like ${pattern}`,
    sql`${creditOrders.id} in (select ${invoices.orderId} from ${invoices} where lower(${invoices.number}) like ${pattern})`,
  ];
  if (isUuid(term)) conditions.push(eq(creditOrders.id, term.toLowerCase()), eq(creditOrders.userId, term.toLowerCase()));
  return or(...conditions)!;
}

function ordersCondition(query: AdminPaymentsQuery, now: Date): SQL | undefined {
  return and(
    query.status === TO_LOOK_AT ? paymentsToLookAt(now) : query.status ? eq(creditOrders.status, query.status) : undefined,
    query.q ? searchCondition(query.q) : undefined,
    query.from ? gte(creditOrders.createdAt, startOfIndianDay(query.from)) : undefined,
    query.to ? lte(creditOrders.createdAt, endOfIndianDay(query.to)) : undefined,
  );
}

/**
 * Every order of every business matching the filter, a page at a time: newest first, or with 'To
 * look at' as the dashboard counts them (payments to refund first, then the newest need). With the
 * filter's count and the money its paid orders brought in.
 */
export async function listOrdersForAdmin(query: AdminPaymentsQuery, now: Date = new Date()) {
  const where = ordersCondition(query, now);
  const [totals] = await db()
    .select({
      orders: count(),
      paidPaise: sql<number>`coalesce(sum(${creditOrders.totalPaise}) filter (where ${creditOrders.status} = 'paid'), 0)`.mapWith(Number),
    })
    .from(creditOrders)
    .where(where);
  const pageCount = Math.max(1, Math.ceil(totals.orders / ADMIN_PAYMENTS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const needsLookSince = sql`case ${creditOrders.status} when 'to_refund' then ${creditOrders.paidAt} when 'created' then ${creditOrders.expiresAt} else ${creditOrders.updatedAt} end`;
  const order =
    query.status === TO_LOOK_AT
      ? [desc(sql`${creditOrders.status} = 'to_refund'`), desc(needsLookSince), asc(creditOrders.id)]
      : [desc(creditOrders.createdAt), desc(creditOrders.id)];
  const rows = await db()
    .select({
      orderId: creditOrders.id,
      status: creditOrders.status,
      gateway: creditOrders.gateway,
      credits: creditOrders.credits,
      packName: creditPacks.name,
      pricePaise: creditOrders.pricePaise,
      gstPaise: creditOrders.gstPaise,
      gstRatePercent: creditOrders.gstRatePercent,
      totalPaise: creditOrders.totalPaise,
      paymentId: creditOrders.paymentId,
      invoiceNumber: invoices.number,
      createdAt: creditOrders.createdAt,
      expiresAt: creditOrders.expiresAt,
      paidAt: creditOrders.paidAt,
      updatedAt: creditOrders.updatedAt,
      businessId: users.id,
      businessName: users.businessName,
      email: users.email,
    })
    .from(creditOrders)
    .innerJoin(users, eq(users.id, creditOrders.userId))
    .leftJoin(creditPacks, eq(creditPacks.id, creditOrders.packId))
    .leftJoin(invoices, eq(invoices.orderId, creditOrders.id))
    .where(where)
    .orderBy(...order)
    .limit(ADMIN_PAYMENTS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAYMENTS_PAGE_SIZE);
  const orders: AdminOrderRow[] = rows.map(({ businessId, businessName, email, ...row }) => ({
    ...row,
    unsettled: row.status === "created" && row.expiresAt.getTime() < now.getTime(),
    checkable: canCheckWithGateway(row.status),
    business: { id: businessId, businessName, email },
  }));
  return { orders, total: totals.orders, paidPaise: totals.paidPaise, page, pageCount };
}

// ─── 'Check with Razorpay now' ────────────────────────────────────────────────────────────────

export type GatewayChecked =
  { ok: true; changed: boolean; status: CreditOrderStatus; message: string } | { ok: false; status: 404 | 409 | 502; message: string };

const gatewayNameOf = (setup: PaymentSetup) => (setup.gateway.name === "razorpay" ? "Razorpay" : "The test gateway");

/** What the gateway's answer did to the order, in a sentence for the admin's toast. */
function checkedMessage(gateway: string, before: CreditOrderStatus, after: CreditOrderStatus, expiresAt: Date, credits: number): string {
  if (after === "paid") return `${gateway} says it is paid: ${credits.toLocaleString("en-IN")} credits were added and its invoice issued.`;
  if (after === "to_refund") return `${gateway} says it was paid after the order expired, for a pack no longer on sale: kept to refund.`;
  if (after === "expired" && before !== "expired") return `${gateway} says its payment link ended unpaid: the order is now expired.`;
  if (after === "created") return `${gateway} says it is not paid yet: its payment link is open until ${formatDateTime(expiresAt)}.`;
  return `${gateway} has no payment for it: the order stays ${ORDER_STATUS_LABELS[after].toLowerCase()}.`;
}

/**
 * Asks the gateway about one order now, through the reconcile job's own path (settleOrder): a
 * payment the webhook never told credits it (or keeps it to refund), an ended link expires it. A
 * change is recorded in the admin's audit trail. A settled order is not asked; a gateway that does
 * not answer changes nothing.
 */
export async function checkOrderWithGateway(
  admin: ActingAdmin,
  orderId: string,
  setup: PaymentSetup = paymentSetup(),
): Promise<GatewayChecked> {
  if (!isUuid(orderId)) return { ok: false, status: 404, message: ADMIN_PAYMENTS_MESSAGES.notFound };
  const [order] = await db()
    .select({
      id: creditOrders.id,
      status: creditOrders.status,
      credits: creditOrders.credits,
      expiresAt: creditOrders.expiresAt,
      totalPaise: creditOrders.totalPaise,
      businessName: users.businessName,
    })
    .from(creditOrders)
    .innerJoin(users, eq(users.id, creditOrders.userId))
    .where(eq(creditOrders.id, orderId));
  if (!order) return { ok: false, status: 404, message: ADMIN_PAYMENTS_MESSAGES.notFound };
  if (!canCheckWithGateway(order.status)) {
    return { ok: false, status: 409, message: ADMIN_PAYMENTS_MESSAGES.alreadySettled(ORDER_STATUS_LABELS[order.status].toLowerCase()) };
  }
  const gateway = gatewayNameOf(setup);
  let after: CreditOrderStatus | null;
  try {
    after = await settleOrder(order.id, setup);
  } catch (error) {
    console.error(`[payments] the admin's check of order ${order.id} failed:`, (error as Error).message);
    return { ok: false, status: 502, message: ADMIN_PAYMENTS_MESSAGES.gatewayDown(gateway) };
  }
  if (!after) return { ok: false, status: 404, message: ADMIN_PAYMENTS_MESSAGES.notFound };
  const changed = after !== order.status;
  if (changed) {
    await db().transaction((tx) =>
      recordAdminAction(tx, admin, {
        action: "check_payment_with_gateway",
        entityType: "credit_order",
        entityId: order.id,
        summary: `Checked the order of ${order.businessName} (${formatRupees(order.totalPaise)}) with ${gateway}: ${ORDER_STATUS_LABELS[order.status]} → ${ORDER_STATUS_LABELS[after]}`,
        before: { status: order.status },
        after: { status: after },
      }),
    );
  }
  return { ok: true, changed, status: after, message: checkedMessage(gateway, order.status, after, order.expiresAt, order.credits) };
}

// ─── The GST invoice register ─────────────────────────────────────────────────────────────────

const REGISTER_PAGE_ROWS = 500;

/** The first moment of a month in India ('2026-11') and of the month after it. */
export function monthInIndia(month: string): { start: Date; end: Date } {
  const [year, number] = month.split("-").map(Number);
  const next = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
  return { start: startOfIndianDay(`${month}-01`), end: startOfIndianDay(`${next}-01`) };
}

/**
 * The month's tax invoices (issued in that month in India) as the GST register's CSV, in invoice
 * number order, read a page at a time (keyset on the number's sequence: a month lies in one
 * financial year, whose numbers run in the order they were issued) so a busy month never sits in
 * memory whole. Only paid orders have invoices, so a failed or unpaid order is never in it.
 */
export async function* gstRegisterCsv(month: string): AsyncGenerator<string> {
  const toCsv = (rows: string[][]) => stringify(rows, { record_delimiter: "windows" });
  const { start, end } = monthInIndia(month);
  yield `\uFEFF${toCsv([[...GST_REGISTER_HEADER]])}`;
  let after = 0;
  for (;;) {
    const rows = await db()
      .select()
      .from(invoices)
      .where(
        and(
          eq(invoices.financialYear, financialYear(start)),
          gt(invoices.sequence, after),
          gte(invoices.issuedAt, start),
          lt(invoices.issuedAt, end),
        ),
      )
      .orderBy(asc(invoices.sequence))
      .limit(REGISTER_PAGE_ROWS);
    if (rows.length === 0) return;
    yield toCsv(rows.map(registerRow));
    if (rows.length < REGISTER_PAGE_ROWS) return;
    after = rows[rows.length - 1].sequence;
  }
}
