import { z } from "zod";

import { checkSlotHints, smsTemplateFields, templateTitle } from "./admin-templates";

export const OWN_SMS_TEMPLATE_MESSAGES = {
  providerRequired: "Enter MSG91's template id: your SMS go out through MSG91, which sends only by its own id for each DLT template",
  needsRegistration: "Add your DLT entity ID and sender header in Settings first: your own templates are registered under them",
  duplicateDltId: "You already have a template with this DLT template id",
  tooMany: (max: number) => `You can keep at most ${max} SMS templates: delete one you no longer use first`,
  inUse: (campaign: string) =>
    `The campaign "${campaign}" still uses this template: send, cancel or wait for it to finish before deleting the template`,
  notFound: "There is no SMS template of yours at this address. It may have been deleted.",
} as const;

/** The most SMS templates one business keeps (DLT portals approve a few dozen; this bounds a list that is never paged). */
export const MAX_OWN_SMS_TEMPLATES = 100;

/**
 * A business's own DLT template, from its form or the API (the same names as GET
 * /api/sms-templates): checked as the admin's SMS templates are. MSG91's template id is required
 * only when the product sends through MSG91 (the only provider that sends by it).
 */
export function ownSmsTemplateSchema({ providerTemplateIdRequired }: { providerTemplateIdRequired: boolean }) {
  return z
    .object({
      name: templateTitle,
      text: smsTemplateFields.approvedText,
      dltTemplateId: smsTemplateFields.dltTemplateId,
      category: smsTemplateFields.smsCategory,
      providerTemplateId: smsTemplateFields.providerTemplateId,
      // The API may send the hints as a list; the form sends one a line.
      slotHints: z.preprocess((value) => (Array.isArray(value) ? value.join("\n") : value), smsTemplateFields.slotHints),
    })
    .superRefine((template, context) => {
      checkSlotHints({ content: template.text, slotHints: template.slotHints }, context);
      if (providerTemplateIdRequired && template.providerTemplateId === null) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["providerTemplateId"],
          message: OWN_SMS_TEMPLATE_MESSAGES.providerRequired,
        });
      }
    });
}

export type OwnSmsTemplateInput = z.output<ReturnType<typeof ownSmsTemplateSchema>>;
