import { z } from "zod";

import { config } from "~/config.server";
import type { Database, Transaction } from "~/db/client.server";
import { GST_RATE_MAX, GST_RATE_PERCENT } from "~/lib/money";

import { readSettings } from "./settings.server";

/**
 * What a sale of credits is taxed at and who sells them: the GST rate and the seller printed on
 * every invoice. The admin sets them (/admin/sms-pricing) in the settings table; until then, and for
 * a missing or malformed row, they are the installation's (18%, the SELLER_* environment variables).
 * An order keeps the rate it was priced at, and an invoice copies the seller when it is issued, so a
 * change here never alters one already made.
 */

type Reader = Pick<Database | Transaction, "select">;

export const BILLING_SETTING_KEYS = { gstRate: "gst_rate_percent", seller: "invoice_seller" } as const;

/** The seller as the admin enters it; the state its invoices print is its GSTIN's when it has one. */
export type InvoiceSeller = { legalName: string; gstin: string | null; address: string; state: string };

export type BillingSettings = { gstRatePercent: number; seller: InvoiceSeller };

const storedRate = z.number().int().min(0).max(GST_RATE_MAX);
const storedSeller = z.object({
  legalName: z.string().min(2),
  gstin: z.string().nullable(),
  address: z.string().min(5),
  state: z.string().min(2),
});

/** The seller from the environment (docs/configuration.md: SELLER_*), what an installation starts with. */
export function configuredSeller(): InvoiceSeller {
  return {
    legalName: config.SELLER_LEGAL_NAME,
    gstin: config.SELLER_GSTIN ?? null,
    address: config.SELLER_ADDRESS,
    state: config.SELLER_STATE,
  };
}

export async function getBillingSettings(tx?: Reader): Promise<BillingSettings> {
  const value = await readSettings(Object.values(BILLING_SETTING_KEYS), tx);
  const rate = storedRate.safeParse(value(BILLING_SETTING_KEYS.gstRate));
  const seller = storedSeller.safeParse(value(BILLING_SETTING_KEYS.seller));
  return {
    gstRatePercent: rate.success ? rate.data : GST_RATE_PERCENT,
    seller: seller.success ? seller.data : configuredSeller(),
  };
}

/** The GST rate new orders are priced at. */
export async function currentGstRate(tx?: Reader): Promise<number> {
  return (await getBillingSettings(tx)).gstRatePercent;
}
