import { listSmsTemplates } from "~/models/campaigns.server";
import { createOwnSmsTemplate, ownSmsTemplateInputSchema } from "~/models/sms-templates.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { ownSmsTemplateReply } from "./__sms-templates.server";

/**
 * GET /api/sms-templates → [{id, name, category, text, slotHints, dltTemplateId, owner}]: the DLT
 * templates the business may send, its own (`owner: "business"`, first) and the platform's
 * (`owner: "platform"`); `text` is the approved text with its {#var#} slots. POST adds one of its
 * own ({name, text, dltTemplateId, category, providerTemplateId?, slotHints?}), 201, as its
 * templates screen does: refused 409 without its own DLT registration or for a DLT id it has.
 */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const user = await requireApiUser(request);
    const templates = await listSmsTemplates(user.id);
    return apiJson(
      templates.map(({ id, name, category, text, slotHints, dltTemplateId, own }) => ({
        id,
        name,
        category,
        text,
        slotHints,
        dltTemplateId,
        owner: own ? "business" : "platform",
      })),
    );
  },
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const input = await parseJsonBody(request, ownSmsTemplateInputSchema());
    return ownSmsTemplateReply(await createOwnSmsTemplate(user.id, input), 201);
  },
});
