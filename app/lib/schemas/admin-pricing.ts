import { z } from "zod";

import { gstinProblem } from "~/lib/gstin";
import { GST_RATE_MAX } from "~/lib/money";
import { PRICE_KEYS } from "~/lib/price-keys";

import { INDIAN_STATES } from "./profile";
import { noControlCharacters } from "./text";

/** The pricing manager's forms (/admin/sms-pricing), shared by conform in the browser and the action. */

export const PRICE_MAX = 100_000;
export const PRICE_MESSAGE = `Enter a whole number of credits from 0 to ${PRICE_MAX.toLocaleString("en-IN")}`;

/** A whole number typed in a form field ('1,200' too): a sign, a decimal point or a word is refused, with the one message. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string({ required_error: message })
    .transform((value) => value.replace(/[,\s]/g, ""))
    .pipe(z.string().regex(/^\d{1,9}$/, message))
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));

const singleLine = (min: number, max: number, what: string) =>
  noControlCharacters(
    z
      .string({ required_error: `Enter the ${what}` })
      .trim()
      .min(min, min <= 1 ? `Enter the ${what}` : `The ${what} must be at least ${min} characters`)
      .max(max, `The ${what} must be at most ${max} characters`),
  );

/** 'Save' beside one price: a post's, an offer's, an SMS part's, or the opening balance. */
export const setPriceSchema = z.object({
  intent: z.literal("set-price"),
  key: z.enum(PRICE_KEYS, { message: "Choose one of the prices on this page" }),
  credits: wholeNumber(0, PRICE_MAX, PRICE_MESSAGE),
});
export type SetPriceInput = z.output<typeof setPriceSchema>;

export const PACK_CREDITS_MAX = 1_000_000;
export const PACK_CREDITS_MESSAGE = `Enter a whole number of credits from 1 to ${PACK_CREDITS_MAX.toLocaleString("en-IN")}`;
/** A pack's price, in rupees before GST: ₹1 to ₹10,00,000, to the paisa. */
export const PACK_PRICE_MESSAGE = "Enter the price in rupees before GST, from 1 to 10,00,000 (e.g. 450 or 450.50)";
const PACK_PRICE_MAX_PAISE = 10_00_000_00;

/** Rupees as typed ('450', '1,600', '₹450.50') to paise; anything else is refused with one message. */
export const rupeesField = z
  .string({ required_error: PACK_PRICE_MESSAGE })
  .transform((value) => value.replace(/[₹,\s]/g, ""))
  .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, PACK_PRICE_MESSAGE))
  .transform((value) => {
    const [rupees, paise = ""] = value.split(".");
    return Number(rupees) * 100 + Number(paise.padEnd(2, "0"));
  })
  .pipe(z.number().min(100, PACK_PRICE_MESSAGE).max(PACK_PRICE_MAX_PAISE, PACK_PRICE_MESSAGE));

/** Paise as the pack form shows them: 450 or 450.50. */
export function rupeesForForm(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

const packFields = {
  name: singleLine(2, 40, "pack's name"),
  credits: wholeNumber(1, PACK_CREDITS_MAX, PACK_CREDITS_MESSAGE),
  price: rupeesField,
};

export const addPackSchema = z.object({ intent: z.literal("add-pack"), ...packFields });
export const editPackSchema = z.object({
  intent: z.literal("edit-pack"),
  packId: z.string().uuid("This pack was not found"),
  ...packFields,
});
export type PackInput = { name: string; credits: number; pricePaise: number };

/** Withdraw a pack from sale, put it back, or move it up or down the list. */
export const packActionSchema = z.object({
  intent: z.literal("pack-action"),
  packId: z.string().uuid("This pack was not found"),
  change: z.enum(["withdraw", "restore", "up", "down"], { message: "Choose what to do with this pack" }),
});

export const GST_RATE_MESSAGE = `Enter the GST rate as a whole percent from 0 to ${GST_RATE_MAX}`;

/** The GST rate and the seller every invoice names. */
export const billingSettingsSchema = z
  .object({
    intent: z.literal("billing-settings"),
    gstRatePercent: wholeNumber(0, GST_RATE_MAX, GST_RATE_MESSAGE),
    legalName: singleLine(2, 120, "seller's legal name"),
    // Its shape and check character on its own (so it is told with any other field's message), its state below.
    gstin: z
      .string()
      .optional()
      .transform((value) => value?.replace(/[\s-]/g, "").toUpperCase() || null)
      .superRefine((gstin, context) => {
        const problem = gstin ? gstinProblem(gstin, null) : null;
        if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
    address: noControlCharacters(
      z
        .string({ required_error: "Enter the seller's address" })
        .trim()
        .min(5, "The seller's address must be at least 5 characters")
        .max(300, "The seller's address must be at most 300 characters"),
      { multiLine: true },
    ),
    state: z.enum(INDIAN_STATES as [string, ...string[]], { message: "Choose the seller's state from the list" }),
  })
  .superRefine((value, context) => {
    // The field has told a malformed number already: here only a right one of another state.
    const problem = value.gstin && !gstinProblem(value.gstin, null) ? gstinProblem(value.gstin, value.state) : null;
    if (problem) context.addIssue({ code: z.ZodIssueCode.custom, path: ["gstin"], message: problem });
  });
export type BillingSettingsInput = z.output<typeof billingSettingsSchema>;
