import { and, asc, eq } from "drizzle-orm";

import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { creditPacks, pricing, type PriceKey } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { gstAtRate } from "~/lib/money";

import { currentGstRate } from "./billing-settings.server";
import { keptSetting } from "./kept-settings.server";

/**
 * The one home of prices: what each action costs in credits (a post, an offer, an SMS, and the
 * opening balance a verified business is given), and the packs of credits sold for rupees. Both
 * are rows the admin edits; every caller reads them here, inside its own transaction when it has one.
 */

type Reader = Pick<Database | Transaction, "select">;

/** What every installation starts with (the seed writes these; the admin edits them). */
export const DEFAULT_PRICES: readonly { key: PriceKey; label: string; credits: number }[] = [
  { key: "opening_balance", label: "Opening balance for a new business", credits: 100 },
  { key: "post", label: "Publish a post", credits: 5 },
  { key: "offer", label: "Publish an offer", credits: 10 },
  { key: "sms", label: "One SMS segment (160 characters)", credits: 1 },
];

/** The packs every installation starts with: 100 credits for ₹100, 500 for ₹450, 2,000 for ₹1,600 (before GST). */
export const DEFAULT_CREDIT_PACKS: readonly { name: string; credits: number; pricePaise: number; sortOrder: number }[] = [
  { name: "Starter", credits: 100, pricePaise: 100_00, sortOrder: 0 },
  { name: "Regular", credits: 500, pricePaise: 450_00, sortOrder: 1 },
  { name: "Bulk", credits: 2000, pricePaise: 1600_00, sortOrder: 2 },
];

/**
 * What an action costs in credits: the admin's price, else the installation's default. Read in the
 * caller's transaction when it charges; else (to show it) kept until the admin changes it.
 */
export function priceOf(key: PriceKey, tx?: Reader): Promise<number> {
  return tx ? readPrice(key, tx) : keptSetting(`price ${key}`, () => readPrice(key, db()));
}

async function readPrice(key: PriceKey, tx: Reader): Promise<number> {
  const [row] = await tx.select({ credits: pricing.credits }).from(pricing).where(eq(pricing.key, key));
  if (row) return row.credits;
  const fallback = DEFAULT_PRICES.find((price) => price.key === key);
  if (!fallback) throw new Error(`No price for ${key}`);
  return fallback.credits;
}

/** A pack as it is sold now: its price, the GST on it (at the admin's rate, 18% by default) and the total, all in paise. */
export type CreditPack = {
  id: string;
  name: string;
  credits: number;
  pricePaise: number;
  gstRatePercent: number;
  gstPaise: number;
  totalPaise: number;
};

function sold(row: { id: string; name: string; credits: number; pricePaise: number }, gstRatePercent: number): CreditPack {
  const gstPaise = gstAtRate(row.pricePaise, gstRatePercent);
  return {
    id: row.id,
    name: row.name,
    credits: row.credits,
    pricePaise: row.pricePaise,
    gstRatePercent,
    gstPaise,
    totalPaise: row.pricePaise + gstPaise,
  };
}

const packColumns = { id: creditPacks.id, name: creditPacks.name, credits: creditPacks.credits, pricePaise: creditPacks.pricePaise };

/** The packs on sale, in the admin's order (smallest first as seeded); kept until the admin changes them, outside a transaction. */
export function listCreditPacks(tx?: Reader): Promise<CreditPack[]> {
  return tx ? readCreditPacks(tx) : keptSetting("credit packs", () => readCreditPacks(db()));
}

async function readCreditPacks(tx: Reader): Promise<CreditPack[]> {
  const [rows, rate] = await Promise.all([
    tx
      .select(packColumns)
      .from(creditPacks)
      .where(eq(creditPacks.active, true))
      .orderBy(asc(creditPacks.sortOrder), asc(creditPacks.credits)),
    currentGstRate(tx),
  ]);
  return rows.map((row) => sold(row, rate));
}

/** A pack on sale, or null for an unknown or withdrawn one (or an id that is not one). */
export async function creditPackOnSale(packId: string, tx: Reader = db()): Promise<CreditPack | null> {
  if (!isUuid(packId)) return null;
  const [row] = await tx
    .select(packColumns)
    .from(creditPacks)
    .where(and(eq(creditPacks.id, packId), eq(creditPacks.active, true)));
  return row ? sold(row, await currentGstRate(tx)) : null;
}

/** The smallest pack on sale that covers a shortfall of credits (the largest when none does), or null when none is on sale. */
export function packCovering(packs: readonly CreditPack[], shortfall: number): CreditPack | null {
  const bySize = [...packs].sort((a, b) => a.credits - b.credits);
  return bySize.find((pack) => pack.credits >= shortfall) ?? bySize.at(-1) ?? null;
}
