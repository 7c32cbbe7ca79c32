import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import type { OwnSmsTemplateInput } from "~/lib/schemas/sms-templates";
import { refusalToast } from "~/lib/refusal";
import { ownSmsTemplateInputSchema, type OwnSmsTemplate, type OwnSmsTemplateRefusal } from "~/models/sms-templates.server";

/**
 * The add and edit pages' action: check the form with the schema the browser used (and the API
 * uses), save it with `save`, and on a refusal answer the form with its messages (on the field it
 * is about) and a toast titled `failureTitle`. A template that is not the business's is a 404.
 * Returns what was saved, or the answer to send.
 */
export async function saveSmsTemplateForm(
  formData: FormData,
  failureTitle: string,
  save: (input: OwnSmsTemplateInput) => Promise<{ ok: true; template: OwnSmsTemplate } | OwnSmsTemplateRefusal>,
) {
  const submission = parseWithZod(formData, { schema: ownSmsTemplateInputSchema() });
  const refuse = (result: ReturnType<typeof submission.reply>, status: number) => ({
    reply: data({ result, toast: refusalToast(failureTitle, result), confirmDelete: false }, { status }),
  });
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  const saved = await save(submission.value);
  if (saved.ok) return { template: saved.template };
  if (saved.status === 404) throw new Response(saved.message, { status: 404 });
  return refuse(
    submission.reply(saved.field ? { fieldErrors: { [saved.field]: [saved.message] } } : { formErrors: [saved.message] }),
    saved.status,
  );
}
