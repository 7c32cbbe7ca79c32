import { ConsentSourceRequiredError } from "~/models/contact-consent.server";
import { ContactLimitError, DuplicateContactError } from "~/models/contacts.server";
import { apiError, apiJson } from "~/utils/api.server";

/**
 * A contact the model refused to write: a duplicate mobile number is 409 with the existing
 * contact's id, a new contact past the business's limit 409, an opt-in after an opt-out without
 * its source 400; anything else is thrown on.
 */
export function contactRefusalReply(error: unknown): Response {
  if (error instanceof ConsentSourceRequiredError) return apiError(400, error.message);
  if (error instanceof DuplicateContactError) return apiJson({ message: error.message, existingId: error.existingId }, { status: 409 });
  if (error instanceof ContactLimitError) return apiError(409, error.message);
  throw error;
}
