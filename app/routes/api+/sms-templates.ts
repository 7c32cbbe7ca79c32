import { listSmsTemplates } from "~/models/campaigns.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods } from "~/utils/api.server";

/**
 * GET /api/sms-templates → [{id, name, category, text, slotHints}]: the DLT templates the business
 * may send, the platform's and its own; `text` is the approved text with its {#var#} slots.
 */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const templates = await listSmsTemplates(user.id);
    return apiJson(templates.map(({ id, name, category, text, slotHints }) => ({ id, name, category, text, slotHints })));
  },
});
