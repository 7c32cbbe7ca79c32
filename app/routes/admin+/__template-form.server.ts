import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import { refusalToast } from "~/lib/refusal";
import { adminTemplateSchema, type AdminTemplateInput } from "~/lib/schemas/admin-templates";
import { previewTemplateForm, type TemplateFormPreview } from "~/lib/template-preview";
import type { TemplateRefusal } from "~/models/admin-templates.server";

export type TemplateFormReply = {
  result: SubmissionResult<string[]>;
  preview: TemplateFormPreview | null;
  toast: ReturnType<typeof refusalToast> | null;
};

/**
 * The add and edit pages' form: 'Preview' (intent=preview) redraws the preview from the values as
 * sent, saving nothing, so it works without JavaScript; a save checks the form with the schema the
 * browser used, then saves it with `save`. A refusal answers the form with its messages, the preview
 * of what was sent, and a toast titled `failureTitle`. Returns what was saved, or the answer to send.
 */
export async function submitTemplateForm<Saved extends { ok: true }>(
  formData: FormData,
  failureTitle: string,
  save: (input: AdminTemplateInput) => Promise<Saved | TemplateRefusal>,
): Promise<{ saved: Saved } | { reply: ReturnType<typeof data<TemplateFormReply>> }> {
  const submission = parseWithZod(formData, { schema: adminTemplateSchema });
  const preview = previewTemplateForm(Object.fromEntries(formData));
  const answer = (result: SubmissionResult<string[]>, status: number, toast: TemplateFormReply["toast"]) => ({
    reply: data<TemplateFormReply>({ result, preview, toast }, { status }),
  });
  if (formData.get("intent") === "preview") return answer(submission.reply(), 200, null);
  if (submission.status !== "success") {
    const result = submission.reply();
    return answer(result, 400, refusalToast(failureTitle, result));
  }
  const saved = await save(submission.value);
  if (saved.ok) return { saved };
  if (saved.status === 404) throw new Response(saved.message, { status: 404 });
  const result = submission.reply(saved.field ? { fieldErrors: { [saved.field]: [saved.message] } } : { formErrors: [saved.message] });
  return answer(result, saved.status, refusalToast(failureTitle, result));
}
