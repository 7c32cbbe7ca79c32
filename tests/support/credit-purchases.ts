import { eq } from "drizzle-orm";
import { beforeAll } from "vitest";

import { db } from "~/db/db.server";
import { creditLedger, creditOrders, creditPacks, pricing, testPaymentLinks, users } from "~/db/schema";
import { DEFAULT_CREDIT_PACKS, DEFAULT_PRICES, listCreditPacks } from "~/models/pricing.server";

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
