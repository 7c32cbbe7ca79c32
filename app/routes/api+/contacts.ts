import { contactApiQuerySchema } from "~/lib/schemas/contacts";
import { contactInputSchema } from "~/lib/schemas/contacts.server";
import { createContact, listContactsForApi } from "~/models/contacts.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { contactRefusalReply } from "./contact-replies.server";

/** GET /api/contacts (?q, ?tag, ?limit ≤ 500, ?offset): the business's contacts, newest first. POST: adds one, 201. */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const query = contactApiQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
    return apiJson(await listContactsForApi(user.id, query));
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJsonBody(request, contactInputSchema);
    try {
      return apiJson(await createContact(user.id, input), { status: 201 });
    } catch (error) {
      return contactRefusalReply(error);
    }
  },
});
