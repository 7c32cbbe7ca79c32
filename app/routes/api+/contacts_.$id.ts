import { isUuid } from "~/lib/ids";
import { INVALID_CONTACT_ID } from "~/lib/schemas/contacts";
import { contactInputSchema } from "~/lib/schemas/contacts.server";
import { deleteContact, getContact, updateContact } from "~/models/contacts.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { contactRefusalReply } from "./contact-replies.server";

const NOT_FOUND = "Contact not found";

/** The signed-in business and the contact id in the path: a malformed id is 400 'Invalid contact ID'. */
async function ownerAndId(request: Request, id: string | undefined) {
  const user = await requireApiUser(request);
  if (!isUuid(id)) throw apiError(400, INVALID_CONTACT_ID);
  return { userId: user.id, id };
}

/** GET, PUT and DELETE /api/contacts/{id}: another business's contact is 404, exactly as an unknown one. */
export const { loader, action } = methods({
  GET: async ({ request, params }) => {
    const { userId, id } = await ownerAndId(request, params.id);
    const contact = await getContact(userId, id);
    return contact ? apiJson(contact) : apiError(404, NOT_FOUND);
  },
  PUT: async ({ request, params }) => {
    const { userId, id } = await ownerAndId(request, params.id);
    const input = await parseJsonBody(request, contactInputSchema);
    try {
      const contact = await updateContact(userId, id, input);
      return contact ? apiJson(contact) : apiError(404, NOT_FOUND);
    } catch (error) {
      return contactRefusalReply(error);
    }
  },
  DELETE: async ({ request, params }) => {
    const { userId, id } = await ownerAndId(request, params.id);
    return (await deleteContact(userId, id)) ? apiJson({ success: true }) : apiError(404, NOT_FOUND);
  },
});
