import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { creditOrders, creditPacks } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { ADMIN_PAYMENTS_MESSAGES } from "~/lib/schemas/admin-payments";
import { listAdminActions } from "~/models/admin-audit.server";
import { adminDashboard } from "~/models/admin-dashboard.server";
import { receivePaymentWebhook, type PaymentSetup } from "~/models/payments.server";
import { loader as orderLoader } from "~/routes/_app+/credits_.orders.$id";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/admin+/payments";

import { sessionCookieFor } from "../support/accounts";
import { adminCookie } from "../support/admin";
import { balanceOf, expiredOrder, ledgerOf, ownPack, usePricingAndPacks, withFakeRazorpay } from "../support/credit-purchases";
import { setupTestDatabase } from "../support/database";
import type { FakeRazorpay } from "../support/fake-razorpay";
import { call, formPost, getRequest, toastOf } from "../support/http";

const test = setupTestDatabase();
usePricingAndPacks();

const PAGE = "/admin/payments";
const DAY_MS = 86_400_000;

type Listed = {
  total: number;
  payments: Array<{ orderId: string; status: string; paymentId: string | null; totalPaise: number; business: { businessName: string } }>;
};

/** A payment that arrived after its order expired, for a pack withdrawn meanwhile: kept 'to refund'. */
async function paymentToRefund(setup: PaymentSetup, fake: FakeRazorpay) {
  const user = await makeUser({ businessName: "Late Payer Stores", verified: false });
  const pack = await ownPack(100, 90_00);
  const order = await expiredOrder(user, pack.id, setup);
  await test.db.update(creditPacks).set({ active: false }).where(eq(creditPacks.id, pack.id));
  const paid = fake.pay(order.paymentLinkId!);
  expect(await receivePaymentWebhook(paid.rawBody, paid.signature, setup)).toMatchObject({ status: 200 });
  return { user, order, paid };
}

/** An order row as it stands after other histories: only the status and times matter to the list. */
async function orderIn(userId: string, status: "created" | "paid" | "failed" | "expired", times: { expiresAt: Date; updatedAt: Date }) {
  const [pack] = await test.db.select().from(creditPacks).limit(1);
  const [order] = await test.db
    .insert(creditOrders)
    .values({
      userId,
      packId: pack.id,
      credits: 100,
      pricePaise: 100_00,
      gstPaise: 18_00,
      totalPaise: 118_00,
      gateway: "test",
      status,
      ...times,
    })
    .returning();
  return order;
}

const list = async () => call<Listed>(paymentsLoader, getRequest(PAGE, { cookie: await adminCookie() }));
const markRefunded = async (orderId: string) =>
  call(paymentsAction, formPost(PAGE, { intent: "mark-refunded", orderId }, { cookie: await adminCookie() }));

describe("/admin/payments", () => {
  it("lists what the dashboard's 'Payments to look at' counts: the payment to refund first, with its id, business and amount", async () => {
    await withFakeRazorpay(async (setup, fake) => {
      const { user, order, paid } = await paymentToRefund(setup, fake);
      const other = await makeUser({ verified: false });
      const now = Date.now();
      const unsettled = await orderIn(other.id, "created", { expiresAt: new Date(now - 3_600_000), updatedAt: new Date(now - 4_000_000) });
      const failed = await orderIn(other.id, "failed", { expiresAt: new Date(now + 600_000), updatedAt: new Date(now - 60_000) });
      // Not to look at: failed long ago, still open, paid, expired unpaid.
      await orderIn(other.id, "failed", { expiresAt: new Date(now - 40 * DAY_MS), updatedAt: new Date(now - 40 * DAY_MS) });
      await orderIn(other.id, "created", { expiresAt: new Date(now + 600_000), updatedAt: new Date(now) });
      await orderIn(other.id, "paid", { expiresAt: new Date(now - 3_600_000), updatedAt: new Date(now) });
      await orderIn(other.id, "expired", { expiresAt: new Date(now - 3_600_000), updatedAt: new Date(now) });

      const page = await list();
      expect(page.status).toBe(200);
      expect(page.data.total).toBe(3);
      expect(page.data.payments[0]).toMatchObject({
        orderId: order.id,
        status: "to_refund",
        paymentId: paid.paymentId,
        totalPaise: 106_20,
        business: { businessName: "Late Payer Stores" },
      });
      expect(page.data.payments.map((payment) => payment.orderId).sort()).toEqual([order.id, unsettled.id, failed.id].sort());
      expect((await adminDashboard()).waiting.paymentsToCheck).toBe(3);

      // The business sees what happened to its money on its order's page.
      const own = await call<{ order: { status: string; paymentId: string } }>(
        orderLoader,
        getRequest(`/credits/orders/${order.id}`, { cookie: await sessionCookieFor(user.id) }),
        { id: order.id },
      );
      expect(own.data.order).toMatchObject({ status: "to_refund", paymentId: paid.paymentId });

      // A business is not the admin.
      expect((await call(paymentsLoader, getRequest(PAGE, { cookie: await sessionCookieFor(user.id) }))).status).not.toBe(200);
    });
  });

  it("'Mark refunded' records the refund once, with an audit row; nothing else can be marked; a late webhook then credits nothing", async () => {
    await withFakeRazorpay(async (setup, fake) => {
      const { user, order, paid } = await paymentToRefund(setup, fake);
      const marked = await markRefunded(order.id);
      expect(marked.status).toBe(302);
      expect(marked.location).toBe(PAGE);
      expect(await toastOf(marked)).toMatchObject({ title: "Marked refunded", description: expect.stringContaining(paid.paymentId) });
      expect((await test.db.select().from(creditOrders).where(eq(creditOrders.id, order.id)))[0].status).toBe("refunded");
      expect(await listAdminActions({ entityType: "credit_order", entityId: order.id })).toEqual([
        expect.objectContaining({ action: "mark_payment_refunded", summary: expect.stringContaining(paid.paymentId) }),
      ]);
      expect((await list()).data.payments.map((payment) => payment.orderId)).not.toContain(order.id);

      const again = await markRefunded(order.id);
      expect(again.status).toBe(409);
      expect(await toastOf(again)).toMatchObject({ description: ADMIN_PAYMENTS_MESSAGES.alreadyRefunded });
      const failed = await orderIn(user.id, "failed", { expiresAt: new Date(), updatedAt: new Date() });
      const notToRefund = await markRefunded(failed.id);
      expect(notToRefund.status).toBe(409);
      expect(await toastOf(notToRefund)).toMatchObject({ description: ADMIN_PAYMENTS_MESSAGES.notToRefund });
      expect((await markRefunded("00000000-0000-4000-8000-000000000000")).status).toBe(404);
      expect((await markRefunded("not-an-id")).status).toBe(404);
      expect(await listAdminActions({ entityType: "credit_order" })).toHaveLength(1);

      expect(await receivePaymentWebhook(paid.rawBody, paid.signature, setup)).toEqual({ status: 200, message: "Already refunded." });
      expect(await balanceOf(user.id)).toBe(0);
      expect(await ledgerOf(user.id)).toEqual([]);
    });
  });
});
