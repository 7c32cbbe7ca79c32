import { GST_STATE_CODES } from "./gstin";
import { indianDate } from "./india-time";
import { rupeesDecimal } from "./money";

/**
 * The monthly invoice register the admin downloads for GST returns: one row per tax invoice, in the
 * terms GSTR-1 asks for (B2B when the buyer gave a GSTIN, else B2C; place of supply as
 * 'code-State'; amounts in rupees with two decimals). Pure: the model reads the invoices, this
 * makes their rows.
 */

export const GST_REGISTER_HEADER = [
  "Invoice number",
  "Invoice date",
  "Type",
  "Buyer name",
  "Buyer GSTIN",
  "Buyer state",
  "Place of supply",
  "Rate (%)",
  "Taxable value",
  "CGST",
  "SGST",
  "IGST",
  "Invoice total",
] as const;

/** What a register row reads of an invoice (as written when its order was paid). */
export type RegisterInvoice = {
  number: string;
  issuedAt: Date;
  buyerName: string;
  buyerGstin: string | null;
  buyerState: string | null;
  sellerState: string;
  gstRatePercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** A moment's day in India as GSTR-1's offline tool writes dates: '05-Nov-2026'. */
export function returnDate(at: Date): string {
  const [year, month, day] = indianDate(at).split("-");
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

const stateOfCode = new Map(Object.entries(GST_STATE_CODES).flatMap(([state, codes]) => codes.map((code) => [code, state] as const)));

/** A state as GSTR-1 names it, '29-Karnataka' (its current code); '' for a state it does not know. */
export function stateCodeName(state: string | null): string {
  const code = state ? GST_STATE_CODES[state]?.[0] : undefined;
  return code ? `${code}-${state}` : "";
}

/**
 * Where a supply of these services takes place: the buyer's GSTIN's state for a registered buyer,
 * else the buyer's state on record, else (no address on record) the supplier's own state.
 */
export function placeOfSupply(invoice: Pick<RegisterInvoice, "buyerGstin" | "buyerState" | "sellerState">): string {
  const gstinState = invoice.buyerGstin ? stateOfCode.get(invoice.buyerGstin.slice(0, 2)) : undefined;
  return stateCodeName(gstinState ?? invoice.buyerState ?? invoice.sellerState);
}

/** One invoice's register row, in GST_REGISTER_HEADER's order. */
export function registerRow(invoice: RegisterInvoice): string[] {
  return [
    invoice.number,
    returnDate(invoice.issuedAt),
    invoice.buyerGstin ? "B2B" : "B2C",
    invoice.buyerName,
    invoice.buyerGstin ?? "",
    invoice.buyerState ?? "",
    placeOfSupply(invoice),
    String(invoice.gstRatePercent),
    rupeesDecimal(invoice.taxablePaise),
    rupeesDecimal(invoice.cgstPaise),
    rupeesDecimal(invoice.sgstPaise),
    rupeesDecimal(invoice.igstPaise),
    rupeesDecimal(invoice.totalPaise),
  ];
}

/** The register's file name for a month: 'gst-invoice-register-2026-11.csv'. */
export const registerFileName = (month: string) => `gst-invoice-register-${month}.csv`;
