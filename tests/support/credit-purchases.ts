import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";

import { db } from "~/db/db.server";
import { creditLedger, creditOrders, creditPacks, pricing, testPaymentLinks, users } from "~/db/schema";
import { createCreditOrder, reconcileExpiredOrders, type PaymentSetup } from "~/models/payments.server";
import { DEFAULT_CREDIT_PACKS, DEFAULT_PRICES, listCreditPacks } from "~/models/pricing.server";
import { razorpayGateway } from "~/services/payments.server";

import { startFakeRazorpay, type FakeRazorpay } from "./fake-razorpay";

/** What buying needs that every installation has: the prices and the three seeded packs. */
export function usePricingAndPacks() {
  beforeAll(async () => {
    await db()
      .insert(pricing)
      .values([...DEFAULT_PRICES])
      .onConflictDoNothing();
    await db()
      .insert(creditPacks)
      .values([...DEFAULT_CREDIT_PACKS])
      .onConflictDoNothing();
  });
}

/** The seeded pack of this many credits (100, 500 or 2,000). */
export async function packOf(credits: number) {
  const pack = (await listCreditPacks()).find((candidate) => candidate.credits === credits);
  if (!pack) throw new Error(`No pack of ${credits} credits`);
  return pack;
}

export async function balanceOf(userId: string) {
  const [row] = await db().select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row.balance;
}

export const ledgerOf = (userId: string) => db().select().from(creditLedger).where(eq(creditLedger.userId, userId));

/** The invariant every test keeps: the ledger adds up to the balance. */
export async function ledgerMatchesBalance(userId: string): Promise<boolean> {
  const rows = await ledgerOf(userId);
  return rows.reduce((sum, row) => sum + row.amount, 0) === (await balanceOf(userId));
}

/** Moves an order (and its test link) past its expiry, as 31 minutes of waiting would. */
export async function expireOrder(orderId: string, minutesAgo = 1) {
  const past = new Date(Date.now() - minutesAgo * 60_000);
  const [order] = await db().update(creditOrders).set({ expiresAt: past }).where(eq(creditOrders.id, orderId)).returning();
  if (order.paymentLinkId) await db().update(testPaymentLinks).set({ expireBy: past }).where(eq(testPaymentLinks.id, order.paymentLinkId));
}

/** A pack of its own for one test (the seeded ones stay as they are for the others), on sale. */
export async function ownPack(credits: number, pricePaise: number) {
  const [pack] = await db()
    .insert(creditPacks)
    .values({ name: `Pack ${randomUUID().slice(0, 8)}`, credits, pricePaise, sortOrder: 99 })
    .returning();
  return pack;
}

/** Runs `work` against a local fake of Razorpay, whose links can be paid whenever a test says (even after their order expired). */
export async function withFakeRazorpay(work: (setup: PaymentSetup, fake: FakeRazorpay) => Promise<void>) {
  const fake = await startFakeRazorpay();
  try {
    await work(
      {
        gateway: razorpayGateway({ apiUrl: fake.url, keyId: fake.keyId, keySecret: fake.keySecret }),
        secrets: { keySecret: fake.keySecret, webhookSecret: fake.webhookSecret },
      },
      fake,
    );
  } finally {
    await fake.close();
  }
}

/** An order of `packId` left unpaid past its expiry and the reconcile job's grace: 'expired'. */
export async function expiredOrder(buyer: { id: string; email: string; businessName: string }, packId: string, setup: PaymentSetup) {
  const created = await createCreditOrder(buyer, packId, null, setup);
  if (!created.ok) throw new Error(`order refused: ${created.reason}`);
  await expireOrder(created.order.id, 15);
  await reconcileExpiredOrders(setup);
  const [order] = await db().select().from(creditOrders).where(eq(creditOrders.id, created.order.id));
  if (order.status !== "expired") throw new Error(`order ${order.id} is ${order.status}, not expired`);
  return order;
}
