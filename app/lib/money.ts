/**
 * Money as India's GST invoices show it, in whole paise from end to end: no amount is ever a
 * float, so ₹1,888.00 is 188800 and 18% of it is worked out in integers. Pure, for the server and
 * the browser alike.
 */

/**
 * GST on credits (SAC 9983xx) as the law has it today: 18%, split CGST 9% + SGST 9% within one
 * state, IGST 18% across states. The admin may change the rate (app/models/tax-settings.server.ts);
 * each order keeps the rate it was priced at.
 */
export const GST_RATE_PERCENT = 18;

/** The rates the admin may set: whole percents, 0 (exempt) to 40 (GST's highest slab). */
export const GST_RATE_MAX = 40;

/** Percent of an amount in paise, rounded half up to a whole paisa (a half percent, as 2.5, is exact too). */
export function percentOf(paise: number, percent: number): number {
  assertPaise(paise);
  return Math.floor((paise * percent + 50) / 100);
}

/** The GST on a taxable value: 18%, to the paisa. */
export function gstOn(taxablePaise: number): number {
  return gstAtRate(taxablePaise, GST_RATE_PERCENT);
}

/** The GST on a taxable value at a rate in percent (the admin's, or an order's own), to the paisa. */
export function gstAtRate(taxablePaise: number, ratePercent: number): number {
  return percentOf(taxablePaise, ratePercent);
}

export type TaxSplit = { cgstPaise: number; sgstPaise: number; igstPaise: number };

/**
 * How the GST (18% unless given) is charged: central and state GST (half each) when the buyer is in
 * the seller's state, integrated GST (the whole) otherwise, or when the buyer's state is unknown.
 * The halves always add up to the whole, so the invoice's total is the order's.
 */
export function taxSplit(taxablePaise: number, sameState: boolean, ratePercent: number = GST_RATE_PERCENT): TaxSplit {
  const gst = gstAtRate(taxablePaise, ratePercent);
  if (!sameState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: gst };
  const cgst = percentOf(taxablePaise, ratePercent / 2);
  return { cgstPaise: cgst, sgstPaise: gst - cgst, igstPaise: 0 };
}

/** Digits grouped the Indian way: 12,34,567. */
export function indianGrouping(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${rest},${lastThree}`;
}

/** ₹1,888.00 from 188800 paise. */
export function formatRupees(paise: number): string {
  assertPaise(paise);
  const sign = paise < 0 ? "−" : "";
  const absolute = Math.abs(paise);
  return `${sign}₹${indianGrouping(Math.floor(absolute / 100))}.${String(absolute % 100).padStart(2, "0")}`;
}

/** 1888.00 from 188800 paise: rupees with two decimals and no symbol or grouping, as a spreadsheet or GST return reads them. */
export function rupeesDecimal(paise: number): string {
  assertPaise(paise);
  const absolute = Math.abs(paise);
  return `${paise < 0 ? "-" : ""}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** ₹100 for a whole number of rupees, else as formatRupees: how a pack's price reads. */
export function formatRupeesShort(paise: number): string {
  return paise % 100 === 0 ? `₹${indianGrouping(Math.abs(paise) / 100)}` : formatRupees(paise);
}

const ONES = [
  "",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : "");
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : "", rest ? belowHundred(rest) : ""].filter(Boolean).join(" ");
}

/** A whole number in words with Indian units (thousand, lakh, crore): 1,23,45,678 is 'One Crore Twenty-Three Lakh …'. */
export function numberInWords(whole: number): string {
  if (!Number.isInteger(whole) || whole < 0) throw new RangeError(`Not a whole number of rupees: ${whole}`);
  if (whole === 0) return "Zero";
  const crores = Math.floor(whole / 10_000_000);
  const lakhs = Math.floor((whole % 10_000_000) / 100_000);
  const thousands = Math.floor((whole % 100_000) / 1000);
  const rest = whole % 1000;
  return [
    crores ? `${numberInWords(crores)} Crore` : "",
    lakhs ? `${belowHundred(lakhs)} Lakh` : "",
    thousands ? `${belowHundred(thousands)} Thousand` : "",
    rest ? belowThousand(rest) : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** The total in words as an Indian invoice writes it: 'Rupees One Thousand Eight Hundred Eighty-Eight and Fifty Paise Only'. */
export function rupeesInWords(paise: number): string {
  assertPaise(paise);
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ""} Only`;
}

/**
 * India's financial year of a moment (April to March, in India's time): '2026-27' from 1 April
 * 2026 to 31 March 2027.
 */
export function financialYear(at: Date): string {
  const india = new Date(at.getTime() + (5 * 60 + 30) * 60_000);
  const year = india.getUTCFullYear();
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

function assertPaise(paise: number) {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`An amount is a whole number of paise, not ${paise}`);
}
