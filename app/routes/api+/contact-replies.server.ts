import { ContactLimitError, DuplicateContactError } from "~/models/contacts.server";
import { apiError, apiJson } from "~/utils/api.server";

/**
 * A contact the business cannot save, answered 409: a duplicate mobile number with the existing
 * contact's id, or a new contact past the business's limit. Anything else is thrown on.
 */
export function contactRefusalReply(error: unknown): Response {
  if (error instanceof DuplicateContactError) return apiJson({ message: error.message, existingId: error.existingId }, { status: 409 });
  if (error instanceof ContactLimitError) return apiError(409, error.message);
  throw error;
}
