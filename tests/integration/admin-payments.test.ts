import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { creditOrders, creditPacks, invoices } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { ADMIN_PAYMENTS_MESSAGES, indianMonth } from "~/lib/schemas/admin-payments";
import { listAdminActions } from "~/models/admin-audit.server";
import { adminDashboard } from "~/models/admin-dashboard.server";
import { createCreditOrder, receivePaymentWebhook, settleOrder, type PaymentSetup } from "~/models/payments.server";
import { payTestLink } from "~/models/test-gateway.server";
import { loader as orderLoader } from "~/routes/_app+/credits_.orders.$id";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/admin+/payments";
import { loader as registerLoader } from "~/routes/admin+/payments_.register[.]csv";

import { sessionCookieFor } from "../support/accounts";
import { adminCookie } from "../support/admin";
import {
  balanceOf,
  expireOrder,
  expiredOrder,
  ledgerOf,
  ownPack,
  packOf,
  usePricingAndPacks,
  withFakeRazorpay,
} from "../support/credit-purchases";
import { setupTestDatabase } from "../support/database";
import type { FakeRazorpay } from "../support/fake-razorpay";
import { call, formPost, getRequest, toastOf } from "../support/http";

const test = setupTestDatabase();
usePricingAndPacks();

const PAGE = "/admin/payments";
const DAY_MS = 86_400_000;

type Listed = {
  total: number;
  paidPaise: number;
  badFilter: string | null;
  orders: Array<{
    orderId: string;
    status: string;
    paymentId: string | null;
    totalPaise: number;
    invoiceNumber: string | null;
    checkable: boolean;
    business: { businessName: string };
  }>;
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

const list = async (search = "?status=to-look-at") =>
  call<Listed>(paymentsLoader, getRequest(`${PAGE}${search}`, { cookie: await adminCookie() }));
const markRefunded = async (orderId: string) =>
  call(paymentsAction, formPost(`${PAGE}?status=to-look-at`, { intent: "mark-refunded", orderId }, { cookie: await adminCookie() }));
const checkNow = async (orderId: string) =>
  call(paymentsAction, formPost(`${PAGE}?q=x`, { intent: "check-gateway", orderId }, { cookie: await adminCookie() }));

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
      expect(page.data.orders[0]).toMatchObject({
        orderId: order.id,
        status: "to_refund",
        paymentId: paid.paymentId,
        totalPaise: 106_20,
        business: { businessName: "Late Payer Stores" },
      });
      expect(page.data.orders.map((payment) => payment.orderId).sort()).toEqual([order.id, unsettled.id, failed.id].sort());
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
      expect(marked.location).toBe(`${PAGE}?status=to-look-at`);
      expect(await toastOf(marked)).toMatchObject({ title: "Marked refunded", description: expect.stringContaining(paid.paymentId) });
      expect((await test.db.select().from(creditOrders).where(eq(creditOrders.id, order.id)))[0].status).toBe("refunded");
      expect(await listAdminActions({ entityType: "credit_order", entityId: order.id })).toEqual([
        expect.objectContaining({ action: "mark_payment_refunded", summary: expect.stringContaining(paid.paymentId) }),
      ]);
      expect((await list()).data.orders.map((payment) => payment.orderId)).not.toContain(order.id);

      const again = await markRefunded(order.id);
      expect(again.status).toBe(409);
      expect(await toastOf(again)).toMatchObject({ description: ADMIN_PAYMENTS_MESSAGES.alreadyRefunded });
      const failed = await orderIn(user.id, "failed", { expiresAt: new Date(), updatedAt: new Date() });
      const notToRefund = await markRefunded(failed.id);
      expect(notToRefund.status).toBe(409);
      expect(await toastOf(notToRefund)).toMatchObject({ description: ADMIN_PAYMENTS_MESSAGES.notToRefund });
      expect((await markRefunded("00000000-0000-4000-8000-000000000000")).status).toBe(404);
      expect((await markRefunded("not-an-id")).status).toBe(404);
      expect((await listAdminActions({ entityType: "credit_order" })).filter((row) => row.action === "mark_payment_refunded")).toHaveLength(
        1,
      );

      expect(await receivePaymentWebhook(paid.rawBody, paid.signature, setup)).toEqual({ status: 200, message: "Already refunded." });
      expect(await balanceOf(user.id)).toBe(0);
      expect(await ledgerOf(user.id)).toEqual([]);
    });
  });
});

/** An order of a seeded pack through the test gateway (the one the app uses in tests), left open. */
async function openOrder(buyer: { id: string; email: string; businessName: string }, credits = 100) {
  const created = await createCreditOrder(buyer, (await packOf(credits)).id, null);
  if (!created.ok) throw new Error(`order refused: ${created.reason}`);
  return created.order;
}

/** An order paid on the test gateway and settled: credited, with its invoice. */
async function paidOrder(buyer: { id: string; email: string; businessName: string }, credits = 100) {
  const order = await openOrder(buyer, credits);
  expect(await payTestLink(order.paymentLinkId!)).toMatchObject({ ok: true });
  expect(await settleOrder(order.id)).toBe("paid");
  const [paid] = await test.db.select().from(creditOrders).where(eq(creditOrders.id, order.id));
  const [invoice] = await test.db.select().from(invoices).where(eq(invoices.orderId, order.id));
  return { order: paid, invoice };
}

describe("/admin/payments: every order", () => {
  it("lists every business's orders newest first, filtered by status and found by name, email, order id, payment id or invoice number", async () => {
    const shop = await makeUser({ businessName: "Filter Test Bakery", email: `bakery-${Date.now()}@example.in`, verified: false });
    const other = await makeUser({ businessName: "Someone Else Stores", verified: false });
    const { order: paid, invoice } = await paidOrder(shop, 500);
    const open = await openOrder(shop);
    const elsewhere = await paidOrder(other);

    const all = await list("");
    expect(all.status).toBe(200);
    expect(all.data.badFilter).toBeNull();
    const ids = all.data.orders.map((order) => order.orderId);
    expect(ids.indexOf(open.id)).toBeLessThan(ids.indexOf(paid.id));
    expect(ids).toContain(elsewhere.order.id);

    const byName = await list("?q=filter%20test%20BAKERY");
    expect(byName.data.orders.map((order) => order.orderId).sort()).toEqual([paid.id, open.id].sort());
    expect(byName.data.total).toBe(2);
    expect(byName.data.paidPaise).toBe(531_00);
    expect(byName.data.orders.find((order) => order.orderId === paid.id)).toMatchObject({
      status: "paid",
      totalPaise: 531_00,
      paymentId: paid.paymentId,
      invoiceNumber: invoice.number,
      checkable: false,
      business: { businessName: "Filter Test Bakery" },
    });
    expect(byName.data.orders.find((order) => order.orderId === open.id)).toMatchObject({ status: "created", checkable: true });

    const paidOnly = await list("?q=filter%20test%20bakery&status=paid");
    expect(paidOnly.data.orders.map((order) => order.orderId)).toEqual([paid.id]);
    for (const term of [shop.email.toUpperCase(), paid.id, paid.paymentId!, invoice.number]) {
      const found = await list(`?q=${encodeURIComponent(term)}&status=paid`);
      expect(
        found.data.orders.map((order) => order.orderId),
        term,
      ).toEqual([paid.id]);
    }
    expect((await list(`?q=${encodeURIComponent(shop.id)}`)).data.total).toBe(2);
    expect((await list("?q=no%20such%20shop%25")).data.total).toBe(0);

    // Days in India: today's orders are in today, none before.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect((await list(`?q=filter%20test%20bakery&from=${today}&to=${today}`)).data.total).toBe(2);
    expect((await list("?q=filter%20test%20bakery&to=2020-01-01")).data.total).toBe(0);

    // A filter that is not one is said, and every order shown instead: never a crash.
    for (const [search, message] of [
      ["?status=lost", ADMIN_PAYMENTS_MESSAGES.badStatus],
      ["?from=2026-02-30", ADMIN_PAYMENTS_MESSAGES.badDay],
      ["?from=0001-01-01", "Dates must be from 2000-01-01"],
      ["?from=2026-11-02&to=2026-11-01", ADMIN_PAYMENTS_MESSAGES.toBeforeFrom],
      [`?q=${"x".repeat(101)}`, ADMIN_PAYMENTS_MESSAGES.badSearch],
    ]) {
      const bad = await list(search);
      expect(bad.status, search).toBe(200);
      expect(bad.data.badFilter, search).toContain(message);
      expect(bad.data.total, search).toBe(all.data.total);
    }
    expect((await list("?page=999")).status).toBe(200);
  });

  it("'Check with Razorpay now' asks the gateway about one order: a payment its webhook never told credits it; an ended link expires it", async () => {
    const shop = await makeUser({ businessName: "Check Now Traders", verified: false });
    const order = await openOrder(shop);
    // Paid at the gateway, but no webhook or return ever came.
    expect(await payTestLink(order.paymentLinkId!)).toMatchObject({ ok: true });
    const notYet = await openOrder(shop);

    const checked = await checkNow(order.id);
    expect(checked.status).toBe(302);
    expect(checked.location).toBe(`${PAGE}?q=x`);
    expect(await toastOf(checked)).toMatchObject({
      type: "success",
      title: "Now paid",
      description: expect.stringContaining("it is paid"),
    });
    expect(await balanceOf(shop.id)).toBe(100);
    expect(await listAdminActions({ entityType: "credit_order", entityId: order.id })).toEqual([
      expect.objectContaining({ action: "check_payment_with_gateway" }),
    ]);

    const open = await checkNow(notYet.id);
    expect(await toastOf(open)).toMatchObject({ type: "info", description: expect.stringContaining("not paid yet") });
    await expireOrder(notYet.id, 15);
    expect(await toastOf(await checkNow(notYet.id))).toMatchObject({
      title: "Now expired",
      description: expect.stringContaining("ended unpaid"),
    });

    const again = await checkNow(order.id);
    expect(again.status).toBe(409);
    expect(await toastOf(again)).toMatchObject({ description: ADMIN_PAYMENTS_MESSAGES.alreadySettled("paid") });
    expect((await checkNow("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect(await balanceOf(shop.id)).toBe(100);
  });

  it("'Check with Razorpay now' changes nothing when Razorpay does not answer", async () => {
    const { checkOrderWithGateway } = await import("~/models/admin-payments.server");
    await withFakeRazorpay(async (setup, fake) => {
      const shop = await makeUser({ verified: false });
      const created = await createCreditOrder(shop, (await packOf(100)).id, null, setup);
      if (!created.ok) throw new Error("order refused");
      await fake.close();
      const checked = await checkOrderWithGateway({ id: shop.id, email: shop.email }, created.order.id, setup);
      expect(checked).toEqual({ ok: false, status: 502, message: ADMIN_PAYMENTS_MESSAGES.gatewayDown("Razorpay") });
      expect((await test.db.select().from(creditOrders).where(eq(creditOrders.id, created.order.id)))[0].status).toBe("created");
    });
  });
});

describe("/admin/payments/register.csv", () => {
  const register = async (month: string) =>
    call<string>(registerLoader, getRequest(`${PAGE}/register.csv?month=${encodeURIComponent(month)}`, { cookie: await adminCookie() }));

  it("is the month's tax invoices as GSTR-1 asks: intra-state with CGST and SGST, inter-state with IGST, B2B with the buyer's GSTIN; no failed order", async () => {
    const local = await makeUser({ businessName: "Register Local Kirana", state: "Karnataka", verified: false });
    const away = await makeUser({ businessName: "Register Pune Traders", state: "Maharashtra", verified: false });
    const registered = await makeUser({
      businessName: "Register Delhi Wholesale",
      state: "Delhi",
      gstNumber: "07AAACI1195H1ZK",
      verified: false,
    });
    const failing = await makeUser({ businessName: "Register Failed Shop", state: "Karnataka", verified: false });
    const first = await paidOrder(local);
    const second = await paidOrder(away, 500);
    const third = await paidOrder(registered, 2000);
    const failed = await openOrder(failing);
    // Failed long ago: not one of the payments to look at the other tests count.
    const longAgo = new Date(Date.now() - 40 * DAY_MS);
    await test.db.update(creditOrders).set({ status: "failed", updatedAt: longAgo }).where(eq(creditOrders.id, failed.id));

    const reply = await register(indianMonth());
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(reply.headers.get("Content-Disposition")).toBe(`attachment; filename="gst-invoice-register-${indianMonth()}.csv"`);
    const lines = reply.data
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Invoice number,Invoice date,Type,Buyer name,Buyer GSTIN,Buyer state,Place of supply,Rate (%),Taxable value,CGST,SGST,IGST,Invoice total",
    );
    const rowOf = (number: string) =>
      lines
        .find((line) => line.startsWith(`${number},`))
        ?.split(",")
        .slice(2);
    expect(rowOf(first.invoice.number)).toEqual([
      "B2C",
      "Register Local Kirana",
      "",
      "Karnataka",
      "29-Karnataka",
      "18",
      "100.00",
      "9.00",
      "9.00",
      "0.00",
      "118.00",
    ]);
    expect(rowOf(second.invoice.number)).toEqual([
      "B2C",
      "Register Pune Traders",
      "",
      "Maharashtra",
      "27-Maharashtra",
      "18",
      "450.00",
      "0.00",
      "0.00",
      "81.00",
      "531.00",
    ]);
    expect(rowOf(third.invoice.number)).toEqual([
      "B2B",
      "Register Delhi Wholesale",
      "07AAACI1195H1ZK",
      "Delhi",
      "07-Delhi",
      "18",
      "1600.00",
      "0.00",
      "0.00",
      "288.00",
      "1888.00",
    ]);
    expect(reply.data).not.toContain("Register Failed Shop");
    // In invoice number order.
    const numbers = lines.slice(1).map((line) => line.split(",")[0]);
    expect(numbers).toEqual([...numbers].sort());

    // Another month has none of them; a month that is not one goes back to the list with why.
    expect((await register("2020-01")).data).not.toContain(first.invoice.number);
    const bad = await register("2026-13");
    expect(bad.status).toBe(302);
    expect(bad.location).toBe(PAGE);
    expect(await toastOf(bad)).toMatchObject({ type: "error", description: ADMIN_PAYMENTS_MESSAGES.badMonth });
    // Only the admin.
    const business = await call(
      registerLoader,
      getRequest(`${PAGE}/register.csv?month=${indianMonth()}`, { cookie: await sessionCookieFor(local.id) }),
    );
    expect(business.status).not.toBe(200);
  });
});
