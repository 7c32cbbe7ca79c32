import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import type { ContactInput } from "~/lib/schemas/contacts";
import { contactInputSchema } from "~/lib/schemas/contacts.server";
import { createToast } from "~/lib/toast";
import { ConsentSourceRequiredError } from "~/models/contact-consent.server";
import { ContactLimitError, DuplicateContactError, type Contact } from "~/models/contacts.server";

/**
 * The add and edit forms' action: check the form (the same schema as the API), save it with the
 * given model function, and on failure answer the form with its messages, the toast SPEC names
 * (e.g. 'Failed to add contact') and, for a mobile number the business already has, the contact
 * to open instead; an opt-in after an opt-out without its source is refused on the source field;
 * past the business's limit of contacts, the form says so. Returns the saved contact, or the answer to send.
 */
export async function saveContactForm(
  userId: string,
  formData: FormData,
  failureTitle: string,
  save: (userId: string, input: ContactInput) => Promise<Contact | null>,
) {
  const submission = parseWithZod(formData, { schema: contactInputSchema });
  const toast = createToast({ type: "error", title: failureTitle });
  if (submission.status !== "success") {
    return { reply: data({ result: submission.reply(), toast, duplicateOf: null as string | null }, { status: 400 }) };
  }
  try {
    return { contact: await save(userId, submission.value) };
  } catch (error) {
    if (error instanceof ConsentSourceRequiredError) {
      const result = submission.reply({ fieldErrors: { consentSource: [error.message] } });
      return { reply: data({ result, toast, duplicateOf: null as string | null }, { status: 400 }) };
    }
    if (error instanceof ContactLimitError) {
      return { reply: data({ result: submission.reply({ formErrors: [error.message] }), toast, duplicateOf: null }, { status: 409 }) };
    }
    if (!(error instanceof DuplicateContactError)) throw error;
    const result = submission.reply({ fieldErrors: { mobileNumber: [error.message] } });
    return { reply: data({ result, toast, duplicateOf: error.existingId }, { status: 409 }) };
  }
}
