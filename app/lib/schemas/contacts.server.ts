import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { z } from "zod";

import { INVALID_MOBILE, contactSchema } from "./contacts";

/**
 * An Indian mobile number as E.164 (+919812345678), however it was typed ('98123 45678',
 * '+91 98123-45678', '09812345678'); null for anything else, landlines included. libphonenumber's
 * mobile metadata stays on the server: it is too big for a phone's bundle.
 */
export function indianMobileE164(typed: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(typed.trim())) return null;
  const phone = parsePhoneNumberFromString(typed, "IN");
  return phone?.country === "IN" && phone.isValid() ? phone.number : null;
}

/** The contact form's schema as the actions and the API check it: the mobile number normalised, or refused. */
export const contactInputSchema = contactSchema.transform((contact, context) => {
  const mobileNumber = indianMobileE164(contact.mobileNumber);
  if (!mobileNumber) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["mobileNumber"], message: INVALID_MOBILE });
    return z.NEVER;
  }
  return { ...contact, mobileNumber };
});
