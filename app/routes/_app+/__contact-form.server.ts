import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import type { ContactInput } from "~/lib/schemas/contacts";
import { contactInputSchema } from "~/lib/schemas/contacts.server";
import { refusalToast } from "~/lib/refusal";
import { ConsentSourceRequiredError } from "~/models/contact-consent.server";
import { ContactLimitError, DuplicateContactError, type Contact } from "~/models/contacts.server";

/**
 * The add and edit forms' action: check the form (the same schema as the API), save it with the
 * given model function, and on failure answer the form with its messages, the toast SPEC names
 * (e.g. 'Failed to add contact') and, for a mobile number the business already has, the contact
 * to open instead; an opt-in after an opt-out without its source is refused on the source field;
 * past the business's limit of contacts, the form says so. The toast carries the reason too.
 * Returns the saved contact, or the answer to send.
 */
export async function saveContactForm(
  userId: string,
  formData: FormData,
  failureTitle: string,
  save: (userId: string, input: ContactInput) => Promise<Contact | null>,
) {
  const submission = parseWithZod(formData, { schema: contactInputSchema });
  const refuse = (result: SubmissionResult<string[]>, status: number, duplicateOf: string | null = null) => {
    return { reply: data({ result, toast: refusalToast(failureTitle, result), duplicateOf }, { status }) };
  };
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  try {
    return { contact: await save(userId, submission.value) };
  } catch (error) {
    if (error instanceof ConsentSourceRequiredError) {
      return refuse(submission.reply({ fieldErrors: { consentSource: [error.message] } }), 400);
    }
    if (error instanceof ContactLimitError) return refuse(submission.reply({ formErrors: [error.message] }), 409);
    if (!(error instanceof DuplicateContactError)) throw error;
    return refuse(submission.reply({ fieldErrors: { mobileNumber: [error.message] } }), 409, error.existingId);
  }
}
