import { DuplicateContactError } from "~/models/contacts.server";
import { apiJson } from "~/utils/api.server";

/** A duplicate mobile number is answered 409 with the existing contact's id; anything else is thrown on. */
export function duplicateContactReply(error: unknown): Response {
  if (!(error instanceof DuplicateContactError)) throw error;
  return apiJson({ message: error.message, existingId: error.existingId }, { status: 409 });
}
