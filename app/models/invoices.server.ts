import { and, eq, sql } from "drizzle-orm";

import { config } from "~/config.server";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { invoiceSequences, invoices, users } from "~/db/schema";
import { GST_STATE_CODES } from "~/lib/gstin";
import { isUuid } from "~/lib/ids";
import { financialYear, taxSplit } from "~/lib/money";

import { getBillingSettings } from "./billing-settings.server";

/**
 * GST tax invoices for bought credits. One per paid order, written in the transaction that marks
 * it paid, numbered from a gapless sequence per financial year (ISENT/2026-27/000123): the
 * number is taken by updating that year's row, which holds its lock until the transaction ends,
 * so a payment that rolls back gives its number back and two payments never share one.
 */

export type Invoice = typeof invoices.$inferSelect;

const stateByCode = new Map(Object.entries(GST_STATE_CODES).flatMap(([state, codes]) => codes.map((code) => [code, state] as const)));

/** A GSTIN's state (its first two digits), or null. */
function stateOfGstin(gstin: string | null | undefined): string | null {
  return gstin ? (stateByCode.get(gstin.slice(0, 2)) ?? null) : null;
}

/** The seller as the admin set it (else as configured, docs/configuration.md: SELLER_*): its GSTIN's state wins over the state given. */
export async function sellerDetails(tx: Transaction) {
  const { seller } = await getBillingSettings(tx);
  return {
    sellerName: seller.legalName,
    sellerGstin: seller.gstin,
    sellerAddress: seller.address,
    sellerState: stateOfGstin(seller.gstin) ?? seller.state,
  };
}

/** Same state: CGST + SGST; another state, or a buyer whose state is unknown: IGST. */
export function isSameState(sellerState: string, buyerState: string | null): boolean {
  return buyerState !== null && buyerState.trim().toLowerCase() === sellerState.trim().toLowerCase();
}

async function nextInvoiceNumber(tx: Transaction, year: string): Promise<{ sequence: number; number: string }> {
  const [row] = await tx
    .insert(invoiceSequences)
    .values({ financialYear: year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceSequences.financialYear, set: { lastNumber: sql`${invoiceSequences.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceSequences.lastNumber });
  return { sequence: row.lastNumber, number: `${config.INVOICE_PREFIX}/${year}/${String(row.lastNumber).padStart(6, "0")}` };
}

export type PaidOrder = {
  id: string;
  userId: string;
  credits: number;
  pricePaise: number;
  gstRatePercent: number;
  totalPaise: number;
  paymentId: string;
};

/**
 * Issues the invoice of an order being marked paid, inside that transaction: the buyer's details as
 * its profile has them now, the seller as set now, the tax at the rate the order was priced at.
 */
export async function issueInvoice(tx: Transaction, order: PaidOrder): Promise<Invoice> {
  const [buyer] = await tx
    .select({
      businessName: users.businessName,
      address: users.address,
      city: users.city,
      state: users.state,
      postalCode: users.postalCode,
      gstNumber: users.gstNumber,
    })
    .from(users)
    .where(eq(users.id, order.userId));
  if (!buyer) throw new Error(`No account ${order.userId} to invoice`);
  const seller = await sellerDetails(tx);
  const buyerState = stateOfGstin(buyer.gstNumber) ?? buyer.state ?? null;
  const split = taxSplit(order.pricePaise, isSameState(seller.sellerState, buyerState), order.gstRatePercent);
  const issuedAt = new Date();
  const year = financialYear(issuedAt);
  const { sequence, number } = await nextInvoiceNumber(tx, year);
  const buyerAddress = [buyer.address, buyer.city, buyer.postalCode].filter(Boolean).join(", ") || null;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      userId: order.userId,
      orderId: order.id,
      number,
      financialYear: year,
      sequence,
      issuedAt,
      ...seller,
      buyerName: buyer.businessName,
      buyerAddress,
      buyerState,
      buyerGstin: buyer.gstNumber ?? null,
      sacCode: config.INVOICE_SAC_CODE,
      description: `${order.credits.toLocaleString("en-IN")} iSent credits (online advertising)`,
      credits: order.credits,
      taxablePaise: order.pricePaise,
      ...split,
      gstRatePercent: order.gstRatePercent,
      totalPaise: order.pricePaise + split.cgstPaise + split.sgstPaise + split.igstPaise,
      paymentId: order.paymentId,
    })
    .returning();
  if (invoice.totalPaise !== order.totalPaise) throw new Error(`Invoice ${number} does not add up to order ${order.id}'s total`);
  return invoice;
}

/** One of the business's invoices; null for an unknown id and for another business's alike. */
export async function getInvoice(userId: string, invoiceId: string): Promise<Invoice | null> {
  if (!isUuid(invoiceId)) return null;
  const [invoice] = await db()
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return invoice ?? null;
}
