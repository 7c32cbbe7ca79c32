import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { creditLedger, creditOrders, creditPacks, invoices, posts, priceHistory, pricing, settings } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { PACK_CREDITS_MESSAGE, PACK_PRICE_MESSAGE, PRICE_MESSAGE, GST_RATE_MESSAGE } from "~/lib/schemas/admin-pricing";
import { listAdminActions } from "~/models/admin-audit.server";
import {
  listAllCreditPacks,
  listPricesWithHistory,
  moveCreditPack,
  PRICING_MESSAGES,
  saveBillingSettings,
  setCreditPackOnSale,
  setPrice,
} from "~/models/admin-pricing.server";
import { configuredSeller, getBillingSettings } from "~/models/billing-settings.server";
import { createCreditOrder } from "~/models/payments.server";
import { payTestLink } from "~/models/test-gateway.server";
import { applyPayment } from "~/models/payments.server";
import { listCreditPacks, priceOf } from "~/models/pricing.server";
import { action as pricingAction, loader as pricingLoader } from "~/routes/admin+/sms-pricing";
import { action as sendPostAction, loader as sendPostLoader } from "~/routes/_app+/send-post";

import { sessionCookieFor } from "../support/accounts";
import { actingAdmin, adminCookie } from "../support/admin";
import { packOf, usePricingAndPacks } from "../support/credit-purchases";
import { setupTestDatabase } from "../support/database";
import { call, formErrors, formPost, getRequest, SITE, toastOf } from "../support/http";
import { INDIRANAGAR, usePricingAndCategories } from "../support/publishing";

const test = setupTestDatabase();
usePricingAndPacks();
usePricingAndCategories();

const PAGE = "/admin/sms-pricing";

async function post(fields: Record<string, string>, cookie?: string) {
  return call(pricingAction, formPost(PAGE, fields, { cookie: cookie ?? (await adminCookie()) }));
}

const priceRow = async (key: "post" | "offer" | "sms" | "opening_balance") =>
  (await test.db.select().from(pricing).where(eq(pricing.key, key)))[0];
const historyOf = (key: "post" | "offer" | "sms" | "opening_balance") =>
  test.db.select().from(priceHistory).where(eq(priceHistory.priceKey, key));

/** The composer's form as a browser without JavaScript sends it (multipart, no photo chosen). */
async function publish(userId: string, content: string, key: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ content, category: "Bakery", idempotencyKey: key })) form.append(name, value);
  form.append("imageFiles", new File([], ""), "");
  const request = new Request(new URL("/send-post", SITE), {
    method: "POST",
    headers: { Cookie: await sessionCookieFor(userId), Origin: SITE },
    body: form,
  });
  return call(sendPostAction, request);
}

describe("prices", () => {
  it("refuses a negative, decimal, empty, non-numeric or too large price with one clear message, and changes nothing", async () => {
    const before = await priceRow("offer");
    const historyBefore = (await historyOf("offer")).length;
    for (const credits of ["-5", "abc", "2.5", "", "100001", "1e3"]) {
      const reply = await post({ intent: "set-price", key: "offer", credits });
      expect(reply.status, credits).toBe(400);
      expect(formErrors(reply), credits).toEqual({ credits: [PRICE_MESSAGE] });
      expect((await toastOf(reply))?.title).toBe("Price not saved");
    }
    const unknownKey = await post({ intent: "set-price", key: "gold", credits: "5" });
    expect(unknownKey.status).toBe(400);
    expect(formErrors(unknownKey)).toEqual({ key: ["Choose one of the prices on this page"] });
    expect(await priceRow("offer")).toEqual(before);
    expect(await historyOf("offer")).toHaveLength(historyBefore);
    expect(await listAdminActions({ entityType: "price", entityId: "offer" })).toEqual([]);
  });

  it("a change is saved with its history row (who, when) and its audit row; the same price again records nothing", async () => {
    const admin = await actingAdmin();
    const reply = await post({ intent: "set-price", key: "sms", credits: "2" });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe(PAGE);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Price saved" });
    expect(await priceOf("sms")).toBe(2);
    const history = await historyOf("sms");
    expect(history.map((row) => [row.credits, row.changedBy])).toContainEqual([2, admin.id]);
    expect(await listAdminActions({ entityType: "price", entityId: "sms" })).toEqual([
      expect.objectContaining({ adminEmail: admin.email, before: { credits: 1 }, after: { credits: 2 } }),
    ]);

    const again = await post({ intent: "set-price", key: "sms", credits: "2" });
    expect(await toastOf(again)).toMatchObject({ type: "info", title: "Price unchanged" });
    expect(await historyOf("sms")).toHaveLength(history.length);
    expect(await listAdminActions({ entityType: "price", entityId: "sms" })).toHaveLength(1);

    // The page lists it newest first, with who changed it.
    const page = await call<{ prices: Awaited<ReturnType<typeof listPricesWithHistory>> }>(
      pricingLoader,
      getRequest(PAGE, { cookie: await adminCookie() }),
    );
    const sms = page.data.prices.find((price) => price.key === "sms")!;
    expect(sms.credits).toBe(2);
    expect(sms.history[0]).toMatchObject({ credits: 2, changedBy: admin.email });
    await setPrice(admin, { key: "sms", credits: 1 });
  });

  it("the composer shows and charges the new post price; the earlier post's ledger row and price paid keep theirs", async () => {
    const admin = await actingAdmin();
    const owner = await makeUser({ ...INDIRANAGAR, businessName: "Kiran Sweets", businessCategories: ["Bakery"] });
    const first = await publish(owner.id, "Fresh jalebi this morning", "price-key-1");
    expect(first.status).toBe(302);

    await setPrice(admin, { key: "post", credits: 7 });
    try {
      const composer = await call<{ price: number }>(
        sendPostLoader,
        getRequest("/send-post", { cookie: await sessionCookieFor(owner.id) }),
      );
      expect(composer.data.price).toBe(7);
      const second = await publish(owner.id, "Kaju katli back in stock", "price-key-2");
      expect(second.status).toBe(302);

      const charges = await test.db
        .select({ amount: creditLedger.amount, reference: creditLedger.reference })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, owner.id), eq(creditLedger.reason, "post")));
      const paid = await test.db
        .select({ id: posts.id, content: posts.content, pricePaid: posts.pricePaid })
        .from(posts)
        .where(eq(posts.userId, owner.id));
      const byContent = new Map(paid.map((row) => [row.content, row]));
      const amountFor = (content: string) => charges.find((charge) => charge.reference === byContent.get(content)!.id)?.amount;
      expect(amountFor("Fresh jalebi this morning")).toBe(-5);
      expect(byContent.get("Fresh jalebi this morning")!.pricePaid).toBe(5);
      expect(amountFor("Kaju katli back in stock")).toBe(-7);
      expect(byContent.get("Kaju katli back in stock")!.pricePaid).toBe(7);
    } finally {
      await setPrice(admin, { key: "post", credits: 5 });
    }
  });
});

describe("credit packs", () => {
  it("refuses a pack without a name, with credits or a price out of range, or a name taken (whatever its case), and adds nothing", async () => {
    const before = await test.db.select().from(creditPacks);
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ name: "", credits: "100", price: "100" }, { name: ["Enter the pack's name"] }],
      [{ name: "Huge", credits: "0", price: "100" }, { credits: [PACK_CREDITS_MESSAGE] }],
      [{ name: "Huge", credits: "-50", price: "100" }, { credits: [PACK_CREDITS_MESSAGE] }],
      [{ name: "Huge", credits: "ten", price: "100" }, { credits: [PACK_CREDITS_MESSAGE] }],
      [{ name: "Huge", credits: "100", price: "0.5" }, { price: [PACK_PRICE_MESSAGE] }],
      [{ name: "Huge", credits: "100", price: "-100" }, { price: [PACK_PRICE_MESSAGE] }],
      [{ name: "Huge", credits: "100", price: "12.345" }, { price: [PACK_PRICE_MESSAGE] }],
      [{ name: "Huge", credits: "100", price: "rupees" }, { price: [PACK_PRICE_MESSAGE] }],
      [{ name: "starter", credits: "150", price: "140" }, { name: [PRICING_MESSAGES.packNameTaken("starter")] }],
    ];
    for (const [fields, errors] of cases) {
      const reply = await post({ intent: "add-pack", ...fields });
      expect(reply.status, JSON.stringify(fields)).toBe(fields.name === "starter" ? 409 : 400);
      expect(formErrors(reply), JSON.stringify(fields)).toEqual(errors);
      expect((await toastOf(reply))?.title).toBe("Pack not added");
    }
    expect(await test.db.select().from(creditPacks)).toEqual(before);
  });

  it("adds a pack (₹ with commas and paise), edits it, withdraws it and puts it back, each with a toast and an audit row", async () => {
    const added = await post({ intent: "add-pack", name: "Wedding Season", credits: "5,000", price: "₹3,999.50" });
    expect(await toastOf(added)).toMatchObject({ type: "success", title: "Pack added" });
    const [pack] = await test.db.select().from(creditPacks).where(eq(creditPacks.name, "Wedding Season"));
    expect(pack).toMatchObject({ credits: 5000, pricePaise: 399_950, active: true });
    expect((await listCreditPacks()).at(-1)).toMatchObject({ name: "Wedding Season", gstPaise: 71_991, totalPaise: 471_941 });

    const edited = await post({ intent: "edit-pack", packId: pack.id, name: "Wedding Season", credits: "6000", price: "4500" });
    expect(await toastOf(edited)).toMatchObject({ title: "Pack saved" });
    const withdrawn = await post({ intent: "pack-action", packId: pack.id, change: "withdraw" });
    expect(await toastOf(withdrawn)).toMatchObject({ title: "Pack withdrawn from sale" });
    expect((await listCreditPacks()).map((candidate) => candidate.name)).not.toContain("Wedding Season");
    const restored = await post({ intent: "pack-action", packId: pack.id, change: "restore" });
    expect(await toastOf(restored)).toMatchObject({ title: "Pack back on sale" });
    expect((await listCreditPacks()).find((candidate) => candidate.id === pack.id)).toMatchObject({ credits: 6000, pricePaise: 450_000 });

    const trail = await listAdminActions({ entityType: "credit_pack", entityId: pack.id });
    expect(trail.map((entry) => entry.action)).toEqual([
      "restore_credit_pack",
      "withdraw_credit_pack",
      "edit_credit_pack",
      "add_credit_pack",
    ]);
    expect(trail[2]).toMatchObject({ before: { credits: 5000, pricePaise: 399_950 }, after: { credits: 6000, pricePaise: 450_000 } });
    await setCreditPackOnSale(await actingAdmin(), pack.id, false);
  });

  it("an order already made keeps the pack's credits and prices after the pack is edited", async () => {
    const buyer = await makeUser({ state: "Karnataka" });
    const starter = await packOf(100);
    const order = await createCreditOrder(buyer, starter.id, null);
    if (!order.ok) throw new Error(order.reason);
    await post({ intent: "edit-pack", packId: starter.id, name: "Starter", credits: "120", price: "150" });
    try {
      const [row] = await test.db.select().from(creditOrders).where(eq(creditOrders.id, order.order.id));
      expect(row).toMatchObject({ credits: 100, pricePaise: 10_000, gstPaise: 1_800, totalPaise: 11_800 });
    } finally {
      await post({ intent: "edit-pack", packId: starter.id, name: "Starter", credits: "100", price: "100" });
    }
  });

  it("reorders packs, keeps the last pack on sale, and answers 404 for a pack that does not exist", async () => {
    const admin = await actingAdmin();
    const names = async () => (await listAllCreditPacks()).map((pack) => pack.name);
    const before = await names();
    const regular = (await packOf(500)).id;
    const moved = await post({ intent: "pack-action", packId: regular, change: "up" });
    expect(await toastOf(moved)).toMatchObject({ title: "Pack moved up" });
    const after = await names();
    expect(after.indexOf("Regular")).toBe(before.indexOf("Regular") - 1);
    await moveCreditPack(admin, regular, "down");
    expect(await names()).toEqual(before);

    const missing = await post({ intent: "pack-action", packId: "00000000-0000-4000-8000-000000000000", change: "withdraw" });
    expect(missing.status).toBe(404);
    const missingEdit = await post({
      intent: "edit-pack",
      packId: "00000000-0000-4000-8000-000000000000",
      name: "X pack",
      credits: "1",
      price: "1",
    });
    expect(missingEdit.status).toBe(404);

    // Withdraw every pack but one: the last is refused, with the reason.
    const onSale = await listCreditPacks();
    for (const pack of onSale.slice(1)) await setCreditPackOnSale(admin, pack.id, false);
    const last = await post({ intent: "pack-action", packId: onSale[0].id, change: "withdraw" });
    expect(last.status).toBe(409);
    expect((await toastOf(last))?.description).toBe(PRICING_MESSAGES.lastPackOnSale);
    expect(await listCreditPacks()).toHaveLength(1);
    for (const pack of onSale.slice(1)) await setCreditPackOnSale(admin, pack.id, true);
  });
});

describe("GST settings", () => {
  const seller = {
    legalName: "Asha Digital LLP",
    gstin: "29ABCDE1234F1ZW",
    address: "14, 12th Main, Indiranagar, Bengaluru",
    state: "Karnataka",
  };

  it("refuses a rate out of range, a wrong GSTIN, a GSTIN of another state or no state, and saves nothing", async () => {
    const cases: Array<[Record<string, string>, Record<string, string[]>]> = [
      [{ gstRatePercent: "-1" }, { gstRatePercent: [GST_RATE_MESSAGE] }],
      [{ gstRatePercent: "eighteen" }, { gstRatePercent: [GST_RATE_MESSAGE] }],
      [{ gstRatePercent: "41" }, { gstRatePercent: [GST_RATE_MESSAGE] }],
      [
        { gstin: "29ABCDE1234F1Z5" },
        { gstin: ["This GST number's last character does not match the rest: check it for a typing mistake"] },
      ],
      [{ state: "Kerala" }, { gstin: ["This GST number is registered in another state, not Kerala: it must start with 32"] }],
      [{ state: "" }, { state: ["Choose the seller's state from the list"] }],
    ];
    // What other tests of this file left (they may run first): nothing of it may change.
    const before = await test.db.select().from(settings);
    const billingBefore = await getBillingSettings();
    for (const [fields, errors] of cases) {
      const reply = await post({ intent: "billing-settings", gstRatePercent: "18", ...seller, ...fields });
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(formErrors(reply), JSON.stringify(fields)).toEqual(errors);
    }
    expect(await test.db.select().from(settings)).toEqual(before);
    expect(await getBillingSettings()).toEqual(billingBefore);
  });

  it("a new rate prices orders made from now on; an open order keeps its rate, and is invoiced at it with the seller of the day", async () => {
    const admin = await actingAdmin();
    const buyer = await makeUser({ state: "Karnataka" });
    const regular = await packOf(500);
    const earlier = await createCreditOrder(buyer, regular.id, null);
    if (!earlier.ok) throw new Error(earlier.reason);

    const reply = await post({ intent: "billing-settings", gstRatePercent: "5", ...seller });
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "GST settings saved" });
    try {
      expect((await listAdminActions({ entityType: "setting" })).map((entry) => entry.action).sort()).toEqual([
        "set_gst_rate",
        "set_invoice_seller",
      ]);
      expect(await packOf(500)).toMatchObject({ gstRatePercent: 5, gstPaise: 2_250, totalPaise: 47_250 });
      const later = await createCreditOrder(buyer, regular.id, null);
      if (!later.ok) throw new Error(later.reason);
      expect(later.order).toMatchObject({ gstPaise: 2_250, totalPaise: 47_250 });

      // The earlier order is paid at what its link asked: 18%, and its invoice says so.
      expect(earlier.order.totalPaise).toBe(53_100);
      await payTestLink(earlier.order.paymentLinkId!);
      const applied = await applyPayment(earlier.order.id, { paymentId: "pay_test_earlier", amountPaise: 53_100, currency: "INR" });
      expect(applied.ok).toBe(true);
      const [invoice] = await test.db.select().from(invoices).where(eq(invoices.orderId, earlier.order.id));
      expect(invoice).toMatchObject({
        gstRatePercent: 18,
        cgstPaise: 4_050,
        sgstPaise: 4_050,
        totalPaise: 53_100,
        sellerName: seller.legalName,
        sellerGstin: seller.gstin,
      });

      // Saving the same again changes nothing.
      const again = await post({ intent: "billing-settings", gstRatePercent: "5", ...seller });
      expect(await toastOf(again)).toMatchObject({ title: "GST settings unchanged" });
      expect(await listAdminActions({ entityType: "setting" })).toHaveLength(2);

      // A later seller change leaves the invoice already issued as it was.
      await saveBillingSettings(admin, { gstRatePercent: 5, ...seller, legalName: "Asha Digital Private Limited" });
      const [unchanged] = await test.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(unchanged.sellerName).toBe(seller.legalName);
    } finally {
      await saveBillingSettings(admin, { gstRatePercent: 18, ...configuredSeller() });
    }
  });
});

describe("who may use the pricing manager", () => {
  it("a business is sent to the admin sign-in, and changes nothing", async () => {
    const business = await makeUser();
    const cookie = await sessionCookieFor(business.id);
    const reply = await post({ intent: "set-price", key: "post", credits: "0" }, cookie);
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(/^\/admin\/login\?redirectTo=/);
    const page = await call(pricingLoader, getRequest(PAGE, { cookie }));
    expect(page.location).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(await priceOf("post")).toBe(5);
  });
});
