import { OWN_SMS_TEMPLATE_MESSAGES } from "~/lib/schemas/sms-templates";
import { deleteOwnSmsTemplate, getOwnSmsTemplate, ownSmsTemplateInputSchema, updateOwnSmsTemplate } from "~/models/sms-templates.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { ownSmsTemplateJson, ownSmsTemplateReply } from "./__sms-templates.server";

/**
 * GET, PUT and DELETE /api/sms-templates/{id}: one of the business's own templates. The
 * platform's, another business's and an unknown id are alike 404; a delete is refused (409) while
 * a campaign of it is unfinished.
 */
export const { loader, action } = methods({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const template = await getOwnSmsTemplate(user.id, params.id ?? "");
    return template ? apiJson(ownSmsTemplateJson(template)) : apiError(404, OWN_SMS_TEMPLATE_MESSAGES.notFound);
  },
  PUT: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const input = await parseJsonBody(request, ownSmsTemplateInputSchema());
    return ownSmsTemplateReply(await updateOwnSmsTemplate(user.id, params.id ?? "", input));
  },
  DELETE: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const deleted = await deleteOwnSmsTemplate(user.id, params.id ?? "");
    return deleted.ok ? apiJson({ success: true }) : apiError(deleted.status, deleted.message);
  },
});
