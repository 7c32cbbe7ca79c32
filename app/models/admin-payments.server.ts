import { and, asc, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";

import { db } from "~/db/db.server";
import { creditOrders, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { formatRupees } from "~/lib/money";
import { ADMIN_PAYMENTS_MESSAGES } from "~/lib/schemas/admin-payments";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import { queueOwnerNotice } from "./owner-notices.server";

/**
 * The payments the admin should look at (the dashboard's 'Payments to look at' counts them, and
 * /admin/payments lists them): payments kept to refund (paid after their order expired, for a pack
 * no longer on sale: decision 016), orders still open past their link's end (the reconcile job
 * could not ask the gateway), and orders that failed lately. 'Mark refunded' records the refund the
 * admin made at the gateway.
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

export type PaymentToLookAt = {
  orderId: string;
  status: "to_refund" | "created" | "failed";
  paymentId: string | null;
  totalPaise: number;
  credits: number;
  /** When it needed a look: the payment's arrival, the link's end, or the failure. */
  at: Date;
  business: { id: string; businessName: string; email: string };
};

/** The payments to look at, those to refund first, then the newest; a page at a time. */
export async function listPaymentsToLookAt(query: { page: number }, now: Date = new Date()) {
  const total = await countPaymentsToLookAt(now);
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAYMENTS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const at =
    sql<Date>`case ${creditOrders.status} when 'to_refund' then ${creditOrders.paidAt} when 'created' then ${creditOrders.expiresAt} else ${creditOrders.updatedAt} end`.mapWith(
      creditOrders.updatedAt,
    );
  const rows = await db()
    .select({
      orderId: creditOrders.id,
      status: creditOrders.status,
      paymentId: creditOrders.paymentId,
      totalPaise: creditOrders.totalPaise,
      credits: creditOrders.credits,
      at,
      businessId: users.id,
      businessName: users.businessName,
      email: users.email,
    })
    .from(creditOrders)
    .innerJoin(users, eq(users.id, creditOrders.userId))
    .where(paymentsToLookAt(now))
    .orderBy(desc(sql`${creditOrders.status} = 'to_refund'`), desc(at), asc(creditOrders.id))
    .limit(ADMIN_PAYMENTS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAYMENTS_PAGE_SIZE);
  const payments: PaymentToLookAt[] = rows.map((row) => ({
    orderId: row.orderId,
    status: row.status as PaymentToLookAt["status"],
    paymentId: row.paymentId,
    totalPaise: row.totalPaise,
    credits: row.credits,
    at: row.at,
    business: { id: row.businessId, businessName: row.businessName, email: row.email },
  }));
  return { payments, total, page, pageCount };
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
