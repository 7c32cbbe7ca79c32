import { describe, expect, it } from "vitest";

import { makeUser } from "~/db/seed/factories.server";
import { payTestLink, testWebhookFor } from "~/models/test-gateway.server";
import { loader as creditPacksApi } from "~/routes/api+/credit-packs";
import { loader as creditsApi } from "~/routes/api+/credits";
import { action as ordersApi } from "~/routes/api+/credits_.orders";
import { loader as orderApi } from "~/routes/api+/credits_.orders_.$id";
import { action as webhookApi } from "~/routes/api+/payments.razorpay.webhook";
import { loader as invoicePage } from "~/routes/_account+/credits_.invoices.$id";

import { sessionCookieFor } from "../support/accounts";
import { packOf, usePricingAndPacks } from "../support/credit-purchases";
import { setupTestDatabase } from "../support/database";
import { SITE, call, getRequest, jsonPost } from "../support/http";

setupTestDatabase();
usePricingAndPacks();

type Order = { id: string; status: string; totalPaise: number; paymentLinkId: string; invoiceId?: string; message?: string };

async function order(userId: string, packId: string, headers: Record<string, string> = {}) {
  return call<Order>(ordersApi, jsonPost("/api/credits/orders", { packId }, { cookie: await sessionCookieFor(userId), headers }));
}

describe("the credits API", () => {
  it("packs, an order, the webhook over HTTP, the order paid with its invoice, the ledger; another business gets 404", async () => {
    const user = await makeUser({ verified: false });
    const cookie = await sessionCookieFor(user.id);
    const packs = await call<{ credits: number; totalPaise: number }[]>(creditPacksApi, getRequest("/api/credit-packs", { cookie }));
    expect(packs.data.map((pack) => [pack.credits, pack.totalPaise])).toEqual([
      [100, 11_800],
      [500, 53_100],
      [2000, 188_800],
    ]);
    const created = await order(user.id, (await packOf(100)).id);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ status: "created", totalPaise: 11_800 });

    await payTestLink(created.data.paymentLinkId);
    const webhook = (await testWebhookFor(created.data.paymentLinkId))!;
    const deliver = (signature: string | null) =>
      call<{ message: string }>(
        webhookApi,
        new Request(new URL("/api/payments/razorpay/webhook", SITE), {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(signature ? { "X-Razorpay-Signature": signature } : {}) },
          body: webhook.rawBody,
        }),
      );
    expect((await deliver(null)).status).toBe(401);
    expect((await deliver("00".repeat(32))).status).toBe(401);
    expect(await deliver(webhook.signature)).toMatchObject({ status: 200, data: { message: "Credited." } });
    expect(await deliver(webhook.signature)).toMatchObject({ status: 200, data: { message: "Already applied." } });

    const paid = await call<Order>(orderApi, getRequest(`/api/credits/orders/${created.data.id}`, { cookie }), { id: created.data.id });
    expect(paid.data).toMatchObject({ status: "paid", invoiceId: expect.any(String) });
    const credits = await call<{ balance: number; ledger: { reason: string; amount: number }[]; page: number; pageCount: number }>(
      creditsApi,
      getRequest("/api/credits", { cookie }),
    );
    expect(credits.data).toMatchObject({ balance: 100, page: 1, pageCount: 1, ledger: [{ reason: "purchase", amount: 100 }] });

    const other = await makeUser();
    const otherCookie = await sessionCookieFor(other.id);
    expect(
      (await call(orderApi, getRequest(`/api/credits/orders/${created.data.id}`, { cookie: otherCookie }), { id: created.data.id })).status,
    ).toBe(404);
    expect(
      (
        await call(invoicePage, getRequest(`/credits/invoices/${paid.data.invoiceId}`, { cookie: otherCookie }), {
          id: paid.data.invoiceId!,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(invoicePage, getRequest(`/credits/invoices/${paid.data.invoiceId}`, { cookie }), { id: paid.data.invoiceId! })).status,
    ).toBe(200);
  });

  it("an unknown pack is 400; the 31st order in a minute is 429 with Retry-After", async () => {
    const user = await makeUser();
    expect(await order(user.id, "00000000-0000-4000-8000-000000000000")).toMatchObject({ status: 400 });
    const packId = (await packOf(100)).id;
    for (let index = 0; index < 29; index += 1) expect((await order(user.id, packId)).status).toBe(201);
    const refused = await order(user.id, packId);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});
