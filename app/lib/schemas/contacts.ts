import { z } from "zod";

import { uniqueGroups } from "~/lib/contact-groups";
import { PICKED_CONTACTS_MAX } from "~/lib/phone-contacts";

import { TYPED_PHONE, noControlCharacters, optionalEmail, optionalText } from "./text";

export const CONTACTS_PAGE_SIZE = 25;

/** The contacts list's search parameters: a bad page is the first page, a too-long search is cut, one with control characters ignored. */
export const contactListQuerySchema = z.object({
  q: noControlCharacters(z.string().trim())
    .transform((value) => value.slice(0, 100))
    .optional()
    .catch(undefined),
  tag: noControlCharacters(z.string().trim())
    .transform((value) => value.slice(0, 50))
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const NAME_AND_MOBILE_REQUIRED = "Name and mobile number are required";
export const INVALID_MOBILE = "Enter a valid Indian mobile number, e.g. 98123 45678";
export const INVALID_CONTACT_ID = "Invalid contact ID";
export const CONSENT_STATES = ["opted_in", "opted_out"] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];
/** A contact who opted out is opted back in only with where they said yes again (not the opt-out's own source). */
export const REOPT_IN_NEEDS_SOURCE = "Say where this customer opted in again, e.g. 'Asked in store on 3 Dec'";
/** How many of a contact's consent changes its page and GET /api/contacts/{id} show, newest first. */
export const CONSENT_HISTORY_SHOWN = 20;

/**
 * Groups typed as 'Regulars, Diwali' in a form, or sent as an array by the API: split at commas (a
 * group's name holds none), trimmed, without repeats (whatever their case: 'VIP, vip' is one group,
 * as first written), in their order.
 */
const tags = z
  .union([z.array(z.string()), z.string()])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((entry) => entry.split(",")))
  .transform((values) => uniqueGroups(values.map((tag) => tag.trim()).filter(Boolean)))
  .pipe(
    z
      .array(noControlCharacters(z.string().max(40, "A group name must be at most 40 characters")))
      .max(20, "A contact can be in at most 20 groups"),
  )
  .default([]);

/**
 * A contact as the add and edit forms and POST/PUT /api/contacts send it. The browser checks the
 * mobile number's shape; the action also checks it is a real Indian mobile (~/lib/phone-number.server).
 */
export const contactSchema = z.object({
  name: z
    .string({ required_error: NAME_AND_MOBILE_REQUIRED, invalid_type_error: NAME_AND_MOBILE_REQUIRED })
    .trim()
    .min(1, NAME_AND_MOBILE_REQUIRED)
    .pipe(noControlCharacters(z.string().max(120, "Name must be at most 120 characters"))),
  mobileNumber: z
    .string({ required_error: NAME_AND_MOBILE_REQUIRED, invalid_type_error: NAME_AND_MOBILE_REQUIRED })
    .trim()
    .min(1, NAME_AND_MOBILE_REQUIRED)
    .pipe(z.string().max(20, INVALID_MOBILE).regex(TYPED_PHONE, INVALID_MOBILE)),
  email: optionalEmail(),
  tags,
  notes: optionalText(2000, "Notes must be at most 2,000 characters", { multiLine: true }),
  consent: z.enum(CONSENT_STATES).default("opted_in"),
  consentSource: optionalText(120, "Where the consent came from must be at most 120 characters"),
});

export type ContactInput = z.output<typeof contactSchema>;

/** GET /api/contacts's query: the list's search and group, and a window of at most 500. */
export const contactApiQuerySchema = z.object({
  q: contactListQuerySchema.shape.q,
  tag: contactListQuerySchema.shape.tag,
  limit: z.coerce.number().int().min(1).max(500).catch(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0),
});

export type ContactApiQuery = z.infer<typeof contactApiQuerySchema>;

export const PICKED_LIST_EMPTY = "Pick at least one contact from your phone";
export const PICKED_LIST_TOO_LONG = `Add at most ${PICKED_CONTACTS_MAX} contacts at a time`;
export const PICKED_TWICE = "This number is already in the list above";

/**
 * Contacts picked from the phone, reviewed on the add-contact screen: each one's name and mobile
 * number as the contact form checks them, and one consent question for them all.
 */
export const pickedContactsFields = z.object({
  contacts: z
    .array(contactSchema.pick({ name: true, mobileNumber: true }))
    .min(1, PICKED_LIST_EMPTY)
    .max(PICKED_CONTACTS_MAX, PICKED_LIST_TOO_LONG)
    .default([]),
  consent: contactSchema.shape.consent,
  consentSource: contactSchema.shape.consentSource,
});

/** Refuses the same number picked twice (as typed, by its last ten digits) on the second one's row; whether it did. */
export function refusePickedTwice(contacts: ReadonlyArray<{ mobileNumber: string }>, context: z.RefinementCtx): boolean {
  const seen = new Set<string>();
  let refused = false;
  contacts.forEach(({ mobileNumber }, index) => {
    const digits = mobileNumber.replace(/\D/g, "").slice(-10);
    if (seen.has(digits)) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["contacts", index, "mobileNumber"], message: PICKED_TWICE });
      refused = true;
    }
    seen.add(digits);
  });
  return refused;
}

export const pickedContactsSchema = pickedContactsFields.superRefine(({ contacts }, context) => {
  refusePickedTwice(contacts, context);
});
