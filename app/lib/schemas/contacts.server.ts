import { z } from "zod";

import { indianMobileE164 } from "~/lib/phone-number.server";

import { INVALID_MOBILE, contactSchema } from "./contacts";

/** The contact form's schema as the actions and the API check it: the mobile number normalised, or refused. */
export const contactInputSchema = contactSchema.transform((contact, context) => {
  const mobileNumber = indianMobileE164(contact.mobileNumber);
  if (!mobileNumber) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["mobileNumber"], message: INVALID_MOBILE });
    return z.NEVER;
  }
  return { ...contact, mobileNumber };
});
