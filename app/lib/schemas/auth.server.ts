import { z } from "zod";

import commonPasswords from "~/data/common-passwords.json";
import { indianMobileE164 } from "~/lib/phone-number.server";

import { PASSWORD_TOO_COMMON, refusePassword, registerSchema } from "./auth";
import { INVALID_MOBILE } from "./contacts";

/** The 10,000 most common passwords, lower case (app/data/COMMON-PASSWORDS-ATTRIBUTION.md): on the server only, it is ~120 KB. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswords);

/** 'password', 'Password' and 'PASSWORD' alike. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * A form's schema as its action checks it: the browser's rules, then the common-password list.
 * Every action that sets a password parses with this (registration, reset, admin creation).
 */
export function refusingCommonPasswords<Schema extends z.ZodType<{ password: string }, z.ZodTypeDef, unknown>>(schema: Schema) {
  return refusePassword(schema, (value) => (isCommonPassword(value.password) ? PASSWORD_TOO_COMMON : null));
}

/**
 * Registration as its action checks it: the browser's rules, the common-password list, and the
 * mobile a real Indian mobile by the contacts' rule (~/lib/phone-number.server), stored E.164 as the
 * profile stores it.
 */
export const registrationInputSchema = refusingCommonPasswords(registerSchema).transform((registration, context) => {
  const mobileNumber = indianMobileE164(registration.mobileNumber);
  if (!mobileNumber) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["mobileNumber"], message: INVALID_MOBILE });
    return z.NEVER;
  }
  return { ...registration, mobileNumber };
});
