import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { creditOrders, creditPacks, invoices } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import {
  applyPayment,
  confirmCallback,
  createCreditOrder,
  paymentSetup,
  receivePaymentWebhook,
  reconcileExpiredOrders,
  type PaymentSetup,
} from "~/models/payments.server";
import { failTestLink, payTestLink, testGatewaySecrets, testWebhookFor } from "~/models/test-gateway.server";
import { callbackSignature, hmacHex, razorpayGateway } from "~/services/payments.server";

import {
  balanceOf,
  expireOrder,
  expiredOrder,
  ledgerMatchesBalance,
  ledgerOf,
  ownPack,
  packOf,
  usePricingAndPacks,
  withFakeRazorpay,
} from "../support/credit-purchases";
import { noWorkers } from "../support/campaigns";
import { setupTestDatabase } from "../support/database";
import { startFakeRazorpay, type FakeRazorpay } from "../support/fake-razorpay";

const test = setupTestDatabase();
usePricingAndPacks();
// The owner notices a payment queues are not this file's to run (owner-notices.test.ts runs them):
// workers started here were still polling when the database closed (CONNECTION_ENDED after the file).
beforeAll(noWorkers);

const KARNATAKA = { state: "Karnataka", city: "Bengaluru", address: "12, 80 Feet Road, Indiranagar", postalCode: "560038" };

async function orderFor(user: { id: string; email: string; businessName: string }, credits = 100, key: string | null = null) {
  const pack = await packOf(credits);
  const result = await createCreditOrder(user, pack.id, key);
  if (!result.ok) throw new Error(`order refused: ${result.reason}`);
  return result.order;
}

/** The callback query the test gateway sends the buyer back with, parsed. */
function callbackQuery(url: string) {
  const params = new URL(url).searchParams;
  return {
    paymentId: params.get("razorpay_payment_id") ?? "",
    paymentLinkId: params.get("razorpay_payment_link_id") ?? "",
    referenceId: params.get("razorpay_payment_link_reference_id") ?? "",
    status: params.get("razorpay_payment_link_status") ?? "",
    signature: params.get("razorpay_signature"),
  };
}

async function orderRow(id: string) {
  const [row] = await test.db.select().from(creditOrders).where(eq(creditOrders.id, id));
  return row;
}

describe("buying credits through the test gateway", () => {
  it("an order copies the pack's price, GST and total in paise and gets a payment link on the test gateway", async () => {
    const user = await makeUser({ ...KARNATAKA, verified: false });
    const order = await orderFor(user, 500);
    expect(order).toMatchObject({ status: "created", credits: 500, pricePaise: 45_000, gstPaise: 8_100, totalPaise: 53_100 });
    expect(order.paymentUrl).toMatch(/^http:\/\/localhost(:\d+)?\/test-gateway\/pay\/plink_test_/);
    expect(order.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it("Pay, then the signed callback: credited once with its ledger row (purchase, the order's id), the order paid, an invoice numbered", async () => {
    const user = await makeUser({ ...KARNATAKA, verified: false });
    const order = await orderFor(user, 100);
    const paid = await payTestLink(order.paymentLinkId!);
    if (!paid.ok) throw new Error(paid.reason);
    const outcome = await confirmCallback(user.id, callbackQuery(paid.callbackUrl));
    expect(outcome).toMatchObject({ ok: true, order: { status: "paid", credits: 100 } });
    expect(await balanceOf(user.id)).toBe(100);
    expect((await ledgerOf(user.id)).filter((row) => row.reason === "purchase")).toEqual([
      expect.objectContaining({ amount: 100, balanceAfter: 100, reference: order.id }),
    ]);
    const [invoice] = await test.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice.number).toMatch(/^ISENT\/\d{4}-\d{2}\/\d{6}$/);
    expect(invoice.totalPaise).toBe(11_800);
    // The same callback again (a reload) and the webhook after it credit nothing more.
    await confirmCallback(user.id, callbackQuery(paid.callbackUrl));
    const webhook = await testWebhookFor(order.paymentLinkId!);
    expect(await receivePaymentWebhook(webhook!.rawBody, webhook!.signature)).toEqual({ status: 200, message: "Already applied." });
    expect(await balanceOf(user.id)).toBe(100);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("Pay and never come back: the webhook credits it", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    expect((await payTestLink(order.paymentLinkId!)).ok).toBe(true);
    const webhook = await testWebhookFor(order.paymentLinkId!);
    expect(await receivePaymentWebhook(webhook!.rawBody, webhook!.signature)).toEqual({ status: 200, message: "Credited." });
    expect(await balanceOf(user.id)).toBe(100);
    expect((await orderRow(order.id)).status).toBe("paid");
  });

  it("the same webhook delivered 5 times at once credits once, with one invoice", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 2000);
    await payTestLink(order.paymentLinkId!);
    const webhook = (await testWebhookFor(order.paymentLinkId!))!;
    const answers = await Promise.all(Array.from({ length: 5 }, () => receivePaymentWebhook(webhook.rawBody, webhook.signature)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.message === "Credited.")).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(2000);
    expect((await ledgerOf(user.id)).filter((row) => row.reason === "purchase")).toHaveLength(1);
    expect(await test.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("Pay and kill the webhook too: the reconcile job credits it after the expiry", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    await payTestLink(order.paymentLinkId!);
    await expireOrder(order.id);
    await reconcileExpiredOrders();
    expect((await orderRow(order.id)).status).toBe("paid");
    expect(await balanceOf(user.id)).toBe(100);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("an unpaid order becomes 'expired' once reconciled, and its test link can no longer be paid", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    await expireOrder(order.id);
    expect(await payTestLink(order.paymentLinkId!)).toEqual({ ok: false, reason: "expired" });
    await reconcileExpiredOrders();
    expect((await orderRow(order.id)).status).toBe("expired");
    expect(await balanceOf(user.id)).toBe(0);
    expect(await ledgerOf(user.id)).toEqual([]);
  });

  it("Fail: the order is 'failed', nothing is credited", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    const failed = await failTestLink(order.paymentLinkId!);
    if (!failed.ok) throw new Error(failed.reason);
    expect(await confirmCallback(user.id, callbackQuery(failed.callbackUrl))).toMatchObject({ ok: true, order: { status: "failed" } });
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe("signatures and forged or wrong payments", () => {
  it("a callback with a tampered status, a signature made with another secret, or none credits nothing", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    const failed = await failTestLink(order.paymentLinkId!);
    if (!failed.ok) throw new Error(failed.reason);
    const query = callbackQuery(failed.callbackUrl);
    expect(await confirmCallback(user.id, { ...query, status: "paid" })).toMatchObject({ ok: false, reason: "bad_signature" });
    const wrongSecret = callbackSignature("not-the-key-secret", { ...query, status: "paid" });
    expect(await confirmCallback(user.id, { ...query, status: "paid", signature: wrongSecret })).toMatchObject({
      ok: false,
      reason: "bad_signature",
    });
    expect(await confirmCallback(user.id, { ...query, signature: null })).toMatchObject({ ok: false, reason: "bad_signature" });
    expect(await confirmCallback(user.id, { ...query, signature: "zz" })).toMatchObject({ ok: false, reason: "bad_signature" });
    expect((await orderRow(order.id)).status).toBe("created");
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("a valid callback for another business's order is 'not found' for this one and credits nothing here", async () => {
    const owner = await makeUser({ verified: false });
    const other = await makeUser({ verified: false });
    const order = await orderFor(owner, 100);
    const paid = await payTestLink(order.paymentLinkId!);
    if (!paid.ok) throw new Error(paid.reason);
    expect(await confirmCallback(other.id, callbackQuery(paid.callbackUrl))).toMatchObject({ ok: false, reason: "not_found" });
    expect(await balanceOf(other.id)).toBe(0);
    expect(await ledgerOf(other.id)).toEqual([]);
  });

  it("a webhook with a tampered body, another secret's signature or none is a 401 and credits nothing", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    await payTestLink(order.paymentLinkId!);
    const webhook = (await testWebhookFor(order.paymentLinkId!))!;
    const tampered = webhook.rawBody.replace('"amount":11800', '"amount":11900');
    expect(tampered).not.toBe(webhook.rawBody);
    expect((await receivePaymentWebhook(tampered, webhook.signature)).status).toBe(401);
    expect((await receivePaymentWebhook(webhook.rawBody, hmacHex("another-secret", webhook.rawBody))).status).toBe(401);
    expect((await receivePaymentWebhook(webhook.rawBody, null)).status).toBe(401);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("a signed webhook for another amount or currency is refused (400) and credits nothing; an unknown link is a 200 that changes nothing", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    await payTestLink(order.paymentLinkId!);
    const { webhookSecret } = testGatewaySecrets();
    const event = JSON.parse((await testWebhookFor(order.paymentLinkId!))!.rawBody);
    const signed = (body: unknown) => {
      const raw = JSON.stringify(body);
      return receivePaymentWebhook(raw, hmacHex(webhookSecret, raw));
    };
    const short = structuredClone(event);
    short.payload.payment.entity.amount = 100;
    expect(await signed(short)).toMatchObject({ status: 400 });
    const dollars = structuredClone(event);
    dollars.payload.payment.entity.currency = "USD";
    expect(await signed(dollars)).toMatchObject({ status: 400 });
    const unknown = structuredClone(event);
    unknown.payload.payment_link.entity.id = "plink_unknown";
    expect(await signed(unknown)).toEqual({ status: 200, message: "Unknown payment link: nothing to do." });
    expect(await balanceOf(user.id)).toBe(0);
    expect((await orderRow(order.id)).status).toBe("created");
  });
});

describe("a payment that arrives after its order expired (a payment in flight at the link's end)", () => {
  /** The callback Razorpay would send the buyer back with, signed with the key secret. */
  const signedCallback = (fake: FakeRazorpay, order: { id: string; paymentLinkId: string | null }, paymentId: string) => {
    const query = { paymentId, paymentLinkId: order.paymentLinkId!, referenceId: order.id, status: "paid" };
    return { ...query, signature: callbackSignature(fake.keySecret, query) };
  };

  it("its pack still on sale: credited as a paid order (the order's credits and price), once whatever the webhook's and callback's repeats", async () => {
    await withFakeRazorpay(async (setup, fake) => {
      const user = await makeUser({ ...KARNATAKA, verified: false });
      const pack = await ownPack(300, 250_00);
      const order = await expiredOrder(user, pack.id, setup);
      // The admin edits the pack afterwards: the buyer paid the order's price for the order's credits.
      await test.db.update(creditPacks).set({ credits: 400, pricePaise: 300_00 }).where(eq(creditPacks.id, pack.id));
      const paid = fake.pay(order.paymentLinkId!);
      expect(await receivePaymentWebhook(paid.rawBody, paid.signature, setup)).toEqual({ status: 200, message: "Credited." });
      expect(await receivePaymentWebhook(paid.rawBody, paid.signature, setup)).toEqual({ status: 200, message: "Already applied." });
      expect(await confirmCallback(user.id, signedCallback(fake, order, paid.paymentId), setup)).toMatchObject({
        ok: true,
        order: { status: "paid", credits: 300, invoiceId: expect.any(String) },
      });
      expect(await balanceOf(user.id)).toBe(300);
      expect(await ledgerOf(user.id)).toEqual([expect.objectContaining({ reason: "purchase", amount: 300, reference: order.id })]);
      expect(await test.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([
        expect.objectContaining({ paymentId: paid.paymentId, credits: 300, taxablePaise: 250_00, totalPaise: 295_00 }),
      ]);
      expect(await orderRow(order.id)).toMatchObject({ status: "paid", paymentId: paid.paymentId, paidAt: expect.any(Date) });

      // Its webhook lost, the buyer's return alone credits a late payment too, once.
      const second = await expiredOrder(user, pack.id, setup);
      const secondPaid = fake.pay(second.paymentLinkId!);
      const back = signedCallback(fake, second, secondPaid.paymentId);
      expect(await confirmCallback(user.id, back, setup)).toMatchObject({ ok: true, order: { status: "paid" } });
      expect(await confirmCallback(user.id, back, setup)).toMatchObject({ ok: true, order: { status: "paid" } });
      expect(await receivePaymentWebhook(secondPaid.rawBody, secondPaid.signature, setup)).toEqual({
        status: 200,
        message: "Already applied.",
      });
      // The second order was made after the edit: 400 credits.
      expect(await balanceOf(user.id)).toBe(300 + 400);
      expect(await ledgerMatchesBalance(user.id)).toBe(true);
    });
  });

  it("its pack withdrawn since: nothing credited, the payment kept 'to refund' with its id, once however often it is told", async () => {
    await withFakeRazorpay(async (setup, fake) => {
      const user = await makeUser({ verified: false });
      const pack = await ownPack(100, 90_00);
      const order = await expiredOrder(user, pack.id, setup);
      await test.db.update(creditPacks).set({ active: false }).where(eq(creditPacks.id, pack.id));
      const paid = fake.pay(order.paymentLinkId!);
      const answers = await Promise.all(Array.from({ length: 3 }, () => receivePaymentWebhook(paid.rawBody, paid.signature, setup)));
      expect(answers).toEqual(Array.from({ length: 3 }, () => ({ status: 200, message: expect.stringMatching(/to refund/) })));
      expect(await confirmCallback(user.id, signedCallback(fake, order, paid.paymentId), setup)).toMatchObject({
        ok: true,
        order: { status: "to_refund", paymentId: paid.paymentId, invoiceId: null },
      });
      expect(await orderRow(order.id)).toMatchObject({ status: "to_refund", paymentId: paid.paymentId, paidAt: expect.any(Date) });
      expect(await balanceOf(user.id)).toBe(0);
      expect(await ledgerOf(user.id)).toEqual([]);
      expect(await test.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);
    });
  });

  it("a late payment of another amount is still refused (400) and stores nothing", async () => {
    const user = await makeUser({ verified: false });
    const order = await orderFor(user, 100);
    await expireOrder(order.id);
    await reconcileExpiredOrders();
    expect(await applyPayment(order.id, { paymentId: "pay_short", amountPaise: 100, currency: "INR" })).toMatchObject({
      ok: false,
      reason: "mismatch",
    });
    expect(await orderRow(order.id)).toMatchObject({ status: "expired", paymentId: null });
  });
});

describe("orders: bad input and limits", () => {
  it("an unknown or withdrawn pack is refused and makes no order", async () => {
    const user = await makeUser();
    expect(await createCreditOrder(user, "00000000-0000-4000-8000-000000000000", null)).toEqual({ ok: false, reason: "unknown_pack" });
    expect(await createCreditOrder(user, "not-an-id", null)).toEqual({ ok: false, reason: "unknown_pack" });
    expect(await test.db.select().from(creditOrders).where(eq(creditOrders.userId, user.id))).toEqual([]);
  });

  it("a doubled 'Buy' (the same key) answers the first order; the key on another pack is refused", async () => {
    const user = await makeUser();
    const first = await orderFor(user, 100, "buy-form-key-1");
    const again = await createCreditOrder(user, (await packOf(100)).id, "buy-form-key-1");
    expect(again).toMatchObject({ ok: true, repeated: true, order: { id: first.id, paymentUrl: first.paymentUrl } });
    expect(await createCreditOrder(user, (await packOf(500)).id, "buy-form-key-1")).toEqual({ ok: false, reason: "key_reused" });
    expect(await test.db.select().from(creditOrders).where(eq(creditOrders.userId, user.id))).toHaveLength(1);
  });
});

describe("invoices", () => {
  it("same state: CGST 9% + SGST 9%; another state: IGST 18%; numbers follow each other without gaps", async () => {
    const local = await makeUser({ ...KARNATAKA, verified: false });
    const away = await makeUser({ state: "Maharashtra", city: "Mumbai", verified: false, gstNumber: "27AAPFU0939F1ZV" });
    const invoiceOf = async (user: typeof local) => {
      const order = await orderFor(user, 500);
      await payTestLink(order.paymentLinkId!);
      const webhook = (await testWebhookFor(order.paymentLinkId!))!;
      await receivePaymentWebhook(webhook.rawBody, webhook.signature);
      const [invoice] = await test.db.select().from(invoices).where(eq(invoices.orderId, order.id));
      return invoice;
    };
    const first = await invoiceOf(local);
    const second = await invoiceOf(away);
    expect(first).toMatchObject({
      taxablePaise: 45_000,
      cgstPaise: 4_050,
      sgstPaise: 4_050,
      igstPaise: 0,
      totalPaise: 53_100,
      buyerState: "Karnataka",
    });
    expect(second).toMatchObject({
      taxablePaise: 45_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 8_100,
      totalPaise: 53_100,
      buyerState: "Maharashtra",
    });
    expect(second.buyerGstin).toBe("27AAPFU0939F1ZV");
    expect(second.sequence).toBe(first.sequence + 1);
    expect(second.financialYear).toBe(first.financialYear);
  });
});

describe("the Razorpay adapter against a local fake of Razorpay's API", () => {
  it("creates the link as documented, credits on the signed webhook, and reconciles a lost one", async () => {
    const fake = await startFakeRazorpay();
    try {
      const setup: PaymentSetup = {
        gateway: razorpayGateway({ apiUrl: fake.url, keyId: fake.keyId, keySecret: fake.keySecret }),
        secrets: { keySecret: fake.keySecret, webhookSecret: fake.webhookSecret },
      };
      const user = await makeUser({ verified: false });
      const pack = await packOf(100);
      const created = await createCreditOrder(user, pack.id, null, setup);
      if (!created.ok) throw new Error(created.reason);
      const request = fake.requests.find((entry) => entry.method === "POST")!;
      expect(request.authorized).toBe(true);
      expect(request.body).toMatchObject({
        amount: 11_800,
        currency: "INR",
        accept_partial: false,
        reference_id: created.order.id,
        callback_method: "get",
        callback_url: expect.stringMatching(/\/credits\/callback$/),
      });
      expect(created.order.paymentUrl).toMatch(/^https:\/\/rzp\.io\/i\//);

      // Webhook signed with the webhook secret: credited once; the test gateway's secret is refused.
      const paid = fake.pay(created.order.paymentLinkId!);
      expect((await receivePaymentWebhook(paid.rawBody, hmacHex(testGatewaySecrets().webhookSecret, paid.rawBody), setup)).status).toBe(
        401,
      );
      expect(await receivePaymentWebhook(paid.rawBody, paid.signature, setup)).toEqual({ status: 200, message: "Credited." });
      expect(await receivePaymentWebhook(paid.rawBody, paid.signature, setup)).toEqual({ status: 200, message: "Already applied." });
      expect(await balanceOf(user.id)).toBe(100);

      // A second order whose webhook is lost: the callback (signed with the key secret) settles it by asking the API.
      const second = await createCreditOrder(user, pack.id, null, setup);
      if (!second.ok) throw new Error(second.reason);
      const secondPaid = fake.pay(second.order.paymentLinkId!);
      const query = {
        paymentId: secondPaid.paymentId,
        paymentLinkId: second.order.paymentLinkId!,
        referenceId: second.order.id,
        status: "paid",
      };
      const outcome = await confirmCallback(user.id, { ...query, signature: callbackSignature(fake.keySecret, query) }, setup);
      expect(outcome).toMatchObject({ ok: true, order: { status: "paid" } });
      expect(await balanceOf(user.id)).toBe(200);

      // A third, paid with no callback and no webhook: the reconcile job asks GET /v1/payment_links/{id}.
      const third = await createCreditOrder(user, pack.id, null, setup);
      if (!third.ok) throw new Error(third.reason);
      fake.pay(third.order.paymentLinkId!);
      await expireOrder(third.order.id);
      await reconcileExpiredOrders(setup);
      expect(await balanceOf(user.id)).toBe(300);
      expect(await ledgerMatchesBalance(user.id)).toBe(true);

      // Razorpay failing: the order is 'failed' and nothing is charged.
      fake.failNextCreate(500);
      expect(await createCreditOrder(user, pack.id, null, setup)).toMatchObject({
        ok: false,
        reason: "gateway",
        order: { status: "failed" },
      });
      // Wrong keys: refused by the API, the same clear failure.
      const wrongKeys = { ...setup, gateway: razorpayGateway({ apiUrl: fake.url, keyId: fake.keyId, keySecret: "wrong" }) };
      expect(await createCreditOrder(user, pack.id, null, wrongKeys)).toMatchObject({ ok: false, reason: "gateway" });
    } finally {
      await fake.close();
    }
  });
});

it("the embedded test gateway is the default without Razorpay keys", () => {
  expect(paymentSetup().gateway.name).toBe("test");
});
