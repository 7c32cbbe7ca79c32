import { z } from "zod";

import { indianMobileE164 } from "~/lib/phone-number.server";

import { INVALID_MOBILE, contactSchema, pickedContactsFields, refusePickedTwice } from "./contacts";

/** The contact form's schema as the actions and the API check it: the mobile number normalised, or refused. */
export const contactInputSchema = contactSchema.transform((contact, context) => {
  const mobileNumber = indianMobileE164(contact.mobileNumber);
  if (!mobileNumber) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["mobileNumber"], message: INVALID_MOBILE });
    return z.NEVER;
  }
  return { ...contact, mobileNumber };
});

/**
 * Picked contacts as the add-contact action checks them: each a contact of its own (its mobile
 * number normalised, or refused on its row) with the list's consent and its source.
 */
export const pickedContactsInputSchema = pickedContactsFields.transform(({ contacts, consent, consentSource }, context) => {
  // Every row is checked, so each bad one says why at once (a refinement would stop the rows' checks).
  const twice = refusePickedTwice(contacts, context);
  const inputs = contacts.map((contact, index) => {
    const parsed = contactInputSchema.safeParse({ ...contact, consent, consentSource });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ ...issue, path: ["contacts", index, ...issue.path] });
    }
    return parsed.success ? parsed.data : null;
  });
  return !twice && inputs.every((input) => input !== null) ? inputs : z.NEVER;
});
