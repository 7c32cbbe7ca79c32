import { z } from "zod";

import { GST_STATE_CODES, gstinProblem } from "~/lib/gstin";

import { INVALID_MOBILE } from "./contacts";
import { TYPED_PHONE, noControlCharacters, optionalText } from "./text";

export const INDIAN_STATES = Object.keys(GST_STATE_CODES).sort();
/**
 * Each phone field's refusal names its field: the form has two, and a toast or summary saying only
 * 'Enter a valid Indian phone number' leaves the owner guessing which. The mobile is checked as a
 * contact's is (a landline cannot be one), with the contacts' message.
 */
export const INVALID_BUSINESS_PHONE = "Enter a valid business phone: an Indian number, e.g. 080 2345 6789 or 98123 45678";
export const MAX_BUSINESS_CATEGORIES = 5;

const text = (max: number, message: string, options: { multiLine?: boolean } = {}) =>
  z
    .string()
    .trim()
    .pipe(noControlCharacters(z.string().max(max, message), options));

/** A phone as typed: its shape only here; the server checks it is a real Indian number (~/lib/phone-number.server). */
const phone = (message: string) => optionalText(20, message).pipe(z.string().regex(TYPED_PHONE, message).nullable());

/**
 * /edit-profile's form, checked the same way in the browser (as you type) and in the action: the
 * GST number, when given, in its format, with its check character, and of the chosen state.
 */
export const profileSchema = z
  .object({
    name: text(100, "Name must be at most 100 characters").pipe(z.string().min(2, "Name must be at least 2 characters")),
    businessName: text(120, "Business name must be at most 120 characters").pipe(
      z.string().min(2, "Business name must be at least 2 characters"),
    ),
    businessDetails: optionalText(2000, "About my Business must be at most 2,000 characters", { multiLine: true }),
    businessPhone: phone(INVALID_BUSINESS_PHONE),
    mobileNumber: phone(INVALID_MOBILE),
    address: optionalText(300, "Address must be at most 300 characters", { multiLine: true }),
    city: optionalText(80, "City must be at most 80 characters"),
    state: z
      .string()
      .optional()
      .transform((value) => value || null)
      .pipe(z.enum(INDIAN_STATES as [string, ...string[]], { message: "Choose a state from the list" }).nullable()),
    gstNumber: z
      .string()
      .optional()
      .transform((value) => value?.replace(/[\s-]/g, "").toUpperCase() || null),
    businessCategories: z
      .union([z.array(z.string()), z.string()])
      .optional()
      .transform((value) => [...new Set((Array.isArray(value) ? value : value ? [value] : []).map((name) => name.trim()).filter(Boolean))])
      .pipe(z.array(z.string().max(60)).max(MAX_BUSINESS_CATEGORIES, `Choose at most ${MAX_BUSINESS_CATEGORIES} categories`)),
  })
  .superRefine((profile, context) => {
    const problem = profile.gstNumber ? gstinProblem(profile.gstNumber, profile.state) : null;
    if (problem) context.addIssue({ code: z.ZodIssueCode.custom, path: ["gstNumber"], message: problem });
  });

export type ProfileInput = z.output<typeof profileSchema>;
