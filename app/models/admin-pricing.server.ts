import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { creditOrders, creditPacks, priceHistory, pricing, users } from "~/db/schema";
import { formatRupeesShort } from "~/lib/money";
import { PRICE_KEYS, type PriceKey } from "~/lib/price-keys";
import type { BillingSettingsInput, PackInput } from "~/lib/schemas/admin-pricing";
import { movedOneStep, renumbered } from "~/lib/reorder";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import { BILLING_SETTING_KEYS, getBillingSettings, type BillingSettings, type InvoiceSeller } from "./billing-settings.server";
import { DEFAULT_PRICES, priceOf } from "./pricing.server";
import { writeSettings } from "./settings.server";

/**
 * The pricing manager's changes (/admin/sms-pricing): prices in credits, the packs of credits on
 * sale, the GST rate and the seller on invoices. Each takes the acting admin and writes its audit
 * row in the transaction of its change. A change applies from then on: every charge reads its price
 * inside its own transaction and stores what it charged (the ledger row, the post's price_paid, each
 * SMS's cost), orders copy their pack's credits, prices and GST rate, and invoices copy the seller,
 * so nothing here rewrites a past charge, order or invoice.
 */

export const PRICING_MESSAGES = {
  packNameTaken: (name: string) => `There is already a pack named ${name}: choose another name`,
  packNotFound: "This pack was not found",
  lastPackOnSale: "This is the only pack on sale: put another on sale first, or businesses could not buy credits at all",
} as const;

const HISTORY_PER_PRICE = 10;

export type PriceHistoryEntry = { credits: number; from: string; changedBy: string | null };
export type PriceRow = { key: PriceKey; label: string; credits: number; history: PriceHistoryEntry[] };

const labelOf = (key: PriceKey) => DEFAULT_PRICES.find((price) => price.key === key)?.label ?? key;

/** Every price as it stands, each with its history newest first (who changed it, from when). */
export async function listPricesWithHistory(): Promise<PriceRow[]> {
  const [rows, history] = await Promise.all([
    db().select().from(pricing),
    db()
      .select({
        key: priceHistory.priceKey,
        credits: priceHistory.credits,
        createdAt: priceHistory.createdAt,
        changedBy: users.email,
        rank: sql<number>`row_number() over (partition by ${priceHistory.priceKey} order by ${priceHistory.createdAt} desc, ${priceHistory.id} desc)`.mapWith(
          Number,
        ),
      })
      .from(priceHistory)
      .leftJoin(users, eq(users.id, priceHistory.changedBy))
      .orderBy(desc(priceHistory.createdAt), desc(priceHistory.id)),
  ]);
  return PRICE_KEYS.map((key) => {
    const row = rows.find((candidate) => candidate.key === key);
    return {
      key,
      label: row?.label ?? labelOf(key),
      credits: row?.credits ?? DEFAULT_PRICES.find((price) => price.key === key)?.credits ?? 0,
      history: history
        .filter((entry) => entry.key === key && entry.rank <= HISTORY_PER_PRICE)
        .map((entry) => ({ credits: entry.credits, from: entry.createdAt.toISOString(), changedBy: entry.changedBy })),
    };
  });
}

/** Writes a price with its history row (the seed's first price and every change alike). */
export async function writePrice(tx: Transaction, key: PriceKey, credits: number, changedBy: string | null): Promise<void> {
  await tx
    .insert(pricing)
    .values({ key, label: labelOf(key), credits })
    .onConflictDoUpdate({ target: pricing.key, set: { credits, updatedAt: sql`now()` } });
  await tx.insert(priceHistory).values({ priceKey: key, credits, changedBy });
}

export type PriceChange = { changed: boolean; before: number; after: number; label: string };

/**
 * Sets what an action costs from now on. The price row is locked, so two admins' changes are one
 * after the other; the same price again changes nothing and records nothing.
 */
export async function setPrice(admin: ActingAdmin, input: { key: PriceKey; credits: number }): Promise<PriceChange> {
  return db().transaction(async (tx) => {
    await tx.select({ key: pricing.key }).from(pricing).where(eq(pricing.key, input.key)).for("update");
    const before = await priceOf(input.key, tx);
    const label = labelOf(input.key);
    if (before === input.credits) return { changed: false, before, after: before, label };
    await writePrice(tx, input.key, input.credits, admin.id);
    await recordAdminAction(tx, admin, {
      action: "set_price",
      entityType: "price",
      entityId: input.key,
      summary: `${label}: ${before} → ${input.credits} credits`,
      before: { credits: before },
      after: { credits: input.credits },
    });
    return { changed: true, before, after: input.credits, label };
  });
}

export type AdminCreditPack = {
  id: string;
  name: string;
  credits: number;
  pricePaise: number;
  active: boolean;
  sortOrder: number;
  /** Paid orders of it: a pack once bought is withdrawn, never deleted. */
  ordersPaid: number;
};

/** Every pack, on sale or withdrawn, in the order businesses see them. */
export async function listAllCreditPacks(): Promise<AdminCreditPack[]> {
  const paid = db()
    .select({ packId: creditOrders.packId, orders: count().as("orders") })
    .from(creditOrders)
    .where(eq(creditOrders.status, "paid"))
    .groupBy(creditOrders.packId)
    .as("paid");
  const rows = await db()
    .select({
      id: creditPacks.id,
      name: creditPacks.name,
      credits: creditPacks.credits,
      pricePaise: creditPacks.pricePaise,
      active: creditPacks.active,
      sortOrder: creditPacks.sortOrder,
      ordersPaid: sql<number>`coalesce(${paid.orders}, 0)`.mapWith(Number),
    })
    .from(creditPacks)
    .leftJoin(paid, eq(paid.packId, creditPacks.id))
    .orderBy(asc(creditPacks.sortOrder), asc(creditPacks.credits), asc(creditPacks.name));
  return rows;
}

type PackRecord = { name: string; credits: number; pricePaise: number; active: boolean };
const packRecord = (pack: PackRecord) => ({ name: pack.name, credits: pack.credits, pricePaise: pack.pricePaise, active: pack.active });
const describePack = (pack: { name: string; credits: number; pricePaise: number }) =>
  `${pack.name} (${pack.credits.toLocaleString("en-IN")} credits for ${formatRupeesShort(pack.pricePaise)} before GST)`;

export type PackResult =
  { ok: true; packId: string; changed: boolean } | { ok: false; status: 404 | 409; field: "name" | ""; message: string };

/** Pack names are unique whatever their case: two 'Starter' packs would confuse a buyer. */
async function nameTaken(tx: Transaction, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: creditPacks.id })
    .from(creditPacks)
    .where(and(sql`lower(${creditPacks.name}) = lower(${name})`, exceptId ? ne(creditPacks.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

// Pack changes take this lock first, so two admins' names and orders do not cross.
const lockPacks = (tx: Transaction) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('credit_packs'))`);

/** A new pack, on sale at once, last in the list. */
export async function addCreditPack(admin: ActingAdmin, input: PackInput): Promise<PackResult> {
  return db().transaction(async (tx) => {
    await lockPacks(tx);
    if (await nameTaken(tx, input.name))
      return { ok: false, status: 409, field: "name", message: PRICING_MESSAGES.packNameTaken(input.name) };
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${creditPacks.sortOrder}) + 1, 0)`.mapWith(Number) })
      .from(creditPacks);
    const [pack] = await tx
      .insert(creditPacks)
      .values({ name: input.name, credits: input.credits, pricePaise: input.pricePaise, sortOrder: next })
      .returning();
    await recordAdminAction(tx, admin, {
      action: "add_credit_pack",
      entityType: "credit_pack",
      entityId: pack.id,
      summary: `Added the pack ${describePack(pack)}`,
      after: packRecord(pack),
    });
    return { ok: true, packId: pack.id, changed: true };
  });
}

async function lockedPack(tx: Transaction, packId: string) {
  const [pack] = await tx.select().from(creditPacks).where(eq(creditPacks.id, packId)).for("update");
  return pack ?? null;
}

const notFound = { ok: false, status: 404, field: "", message: PRICING_MESSAGES.packNotFound } as const;

/**
 * A pack's name, credits and price from now on. Orders already made copied what they bought, and
 * their invoices what they were charged, so they stay as they were.
 */
export async function updateCreditPack(admin: ActingAdmin, packId: string, input: PackInput): Promise<PackResult> {
  return db().transaction(async (tx) => {
    await lockPacks(tx);
    const pack = await lockedPack(tx, packId);
    if (!pack) return notFound;
    if (await nameTaken(tx, input.name, packId))
      return { ok: false, status: 409, field: "name", message: PRICING_MESSAGES.packNameTaken(input.name) };
    if (pack.name === input.name && pack.credits === input.credits && pack.pricePaise === input.pricePaise)
      return { ok: true, packId, changed: false };
    const [after] = await tx
      .update(creditPacks)
      .set({ name: input.name, credits: input.credits, pricePaise: input.pricePaise, updatedAt: sql`now()` })
      .where(eq(creditPacks.id, packId))
      .returning();
    await recordAdminAction(tx, admin, {
      action: "edit_credit_pack",
      entityType: "credit_pack",
      entityId: packId,
      summary: `Edited the pack ${describePack(pack)}: now ${describePack(after)}`,
      before: packRecord(pack),
      after: packRecord(after),
    });
    return { ok: true, packId, changed: true };
  });
}

/** Withdraws a pack from sale or puts it back; the last pack on sale stays (else nobody could buy credits). */
export async function setCreditPackOnSale(admin: ActingAdmin, packId: string, onSale: boolean): Promise<PackResult> {
  return db().transaction(async (tx) => {
    await lockPacks(tx);
    const pack = await lockedPack(tx, packId);
    if (!pack) return notFound;
    if (pack.active === onSale) return { ok: true, packId, changed: false };
    if (!onSale) {
      const [{ others }] = await tx
        .select({ others: count() })
        .from(creditPacks)
        .where(and(eq(creditPacks.active, true), ne(creditPacks.id, packId)));
      if (others === 0) return { ok: false, status: 409, field: "", message: PRICING_MESSAGES.lastPackOnSale };
    }
    await tx
      .update(creditPacks)
      .set({ active: onSale, updatedAt: sql`now()` })
      .where(eq(creditPacks.id, packId));
    await recordAdminAction(tx, admin, {
      action: onSale ? "restore_credit_pack" : "withdraw_credit_pack",
      entityType: "credit_pack",
      entityId: packId,
      summary: onSale ? `Put the pack ${pack.name} back on sale` : `Withdrew the pack ${pack.name} from sale`,
      before: { active: pack.active },
      after: { active: onSale },
    });
    return { ok: true, packId, changed: true };
  });
}

/** Moves a pack one place up or down the list businesses see; the list is renumbered 0, 1, 2… */
export async function moveCreditPack(admin: ActingAdmin, packId: string, direction: "up" | "down"): Promise<PackResult> {
  return db().transaction(async (tx) => {
    await lockPacks(tx);
    const packs = await tx
      .select({ id: creditPacks.id, name: creditPacks.name, sortOrder: creditPacks.sortOrder })
      .from(creditPacks)
      .orderBy(asc(creditPacks.sortOrder), asc(creditPacks.credits), asc(creditPacks.name));
    const from = packs.findIndex((pack) => pack.id === packId);
    if (from === -1) return notFound;
    const move = movedOneStep(packs, from, direction);
    if (!move) return { ok: true, packId, changed: false };
    for (const { item, sortOrder } of renumbered(move.order)) {
      await tx
        .update(creditPacks)
        .set({ sortOrder, updatedAt: sql`now()` })
        .where(eq(creditPacks.id, item.id));
    }
    await recordAdminAction(tx, admin, {
      action: "move_credit_pack",
      entityType: "credit_pack",
      entityId: packId,
      summary: `Moved the pack ${packs[from].name} ${direction}`,
      before: { order: packs.map((pack) => pack.name) },
      after: { order: move.order.map((pack) => pack.name) },
    });
    return { ok: true, packId, changed: true };
  });
}

const sameSeller = (a: InvoiceSeller, b: InvoiceSeller) =>
  a.legalName === b.legalName && a.gstin === b.gstin && a.address === b.address && a.state === b.state;

/**
 * The GST rate for orders made from now on, and the seller for invoices issued from now on. An
 * open order keeps the rate it was priced at (its payment link asks for that total).
 */
export async function saveBillingSettings(admin: ActingAdmin, input: Omit<BillingSettingsInput, "intent">): Promise<{ changed: boolean }> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing_settings'))`);
    const before: BillingSettings = await getBillingSettings(tx);
    const seller: InvoiceSeller = { legalName: input.legalName, gstin: input.gstin, address: input.address, state: input.state };
    let changed = false;
    if (before.gstRatePercent !== input.gstRatePercent) {
      await writeSettings(tx, [{ key: BILLING_SETTING_KEYS.gstRate, value: input.gstRatePercent }]);
      await recordAdminAction(tx, admin, {
        action: "set_gst_rate",
        entityType: "setting",
        entityId: BILLING_SETTING_KEYS.gstRate,
        summary: `GST rate: ${before.gstRatePercent}% → ${input.gstRatePercent}%`,
        before: { gstRatePercent: before.gstRatePercent },
        after: { gstRatePercent: input.gstRatePercent },
      });
      changed = true;
    }
    if (!sameSeller(before.seller, seller)) {
      await writeSettings(tx, [{ key: BILLING_SETTING_KEYS.seller, value: seller }]);
      await recordAdminAction(tx, admin, {
        action: "set_invoice_seller",
        entityType: "setting",
        entityId: BILLING_SETTING_KEYS.seller,
        summary: `Seller on invoices: ${seller.legalName}${seller.gstin ? ` (GSTIN ${seller.gstin})` : ""}`,
        before: before.seller,
        after: seller,
      });
      changed = true;
    }
    return { changed };
  });
}
