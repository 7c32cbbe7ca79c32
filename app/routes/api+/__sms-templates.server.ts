import type { OwnSmsTemplate, OwnSmsTemplateRefusal } from "~/models/sms-templates.server";
import { apiError, apiJson } from "~/utils/api.server";

/** One of the business's own templates as the API answers it (`owner: "business"`, as in the list). */
export const ownSmsTemplateJson = (template: OwnSmsTemplate) => ({ ...template, owner: "business" as const });

/** A save's answer: the template (with `status`), or the refusal's status and message. */
export function ownSmsTemplateReply(saved: { ok: true; template: OwnSmsTemplate } | OwnSmsTemplateRefusal, status = 200): Response {
  return saved.ok ? apiJson(ownSmsTemplateJson(saved.template), { status }) : apiError(saved.status, saved.message);
}
