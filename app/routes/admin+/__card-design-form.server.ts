import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import { refusalToast } from "~/lib/refusal";
import { CARD_DESIGN_MESSAGES, cardDesignActiveSchema, cardDesignSchema, type CardDesignInput } from "~/lib/schemas/admin-card-designs";
import { createToast } from "~/lib/toast";
import { setCardDesignActive, type CardDesignRefusal } from "~/models/admin-card-designs.server";
import type { ActingAdmin } from "~/models/admin-audit.server";
import { redirectWithToast } from "~/utils/toast.server";

export const cardDesignNotFound = () => new Response(CARD_DESIGN_MESSAGES.notFound, { status: 404 });

/**
 * The design form's answer. Preview: the form comes back as sent, drawn (nothing saved). Save:
 * `save` (a model call) with the checked input, then `done` (the redirect with its toast); a
 * refusal keeps the form with the reason on its field and a toast.
 */
export async function answerCardDesignForm<Saved>(
  formData: FormData,
  failTitle: string,
  save: (input: CardDesignInput) => Promise<Saved | CardDesignRefusal>,
  done: (saved: Saved, input: CardDesignInput) => Promise<Response>,
) {
  const submission = parseWithZod(formData, { schema: cardDesignSchema });
  const refuse = (fieldErrors: Record<string, string[]> = {}) => {
    const result = submission.reply({ fieldErrors });
    return data({ result, toast: refusalToast(failTitle, result) }, { status: 400 });
  };
  if (submission.status !== "success") return refuse();
  if (formData.get("intent") === "preview") return data({ result: submission.reply(), toast: null });
  const saved = await save(submission.value);
  if (isRefusal(saved)) {
    if (saved.reason === "not_found") throw cardDesignNotFound();
    return refuse({ [saved.field ?? ""]: [saved.message] });
  }
  return done(saved, submission.value);
}

const isRefusal = (value: unknown): value is CardDesignRefusal =>
  typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;

/**
 * Enable or Disable, from the list (the design's id in the form) or the design's page (in its
 * URL); back to `backTo` with what was done.
 */
export async function answerCardDesignSwitch(
  admin: ActingAdmin,
  formData: FormData,
  designIdFromUrl: string | null,
  backTo: (designId: string) => string,
) {
  const parsed = cardDesignActiveSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success)
    return data({ result: undefined, toast: createToast({ type: "error", title: parsed.error.issues[0].message }) }, { status: 400 });
  const designId = designIdFromUrl ?? parsed.data.designId ?? "";
  const active = parsed.data.intent === "enable";
  const switched = await setCardDesignActive(admin, designId, active);
  if (!switched.ok) throw cardDesignNotFound();
  const keep = switched.cards === 1 ? "The 1 card that uses it keeps it." : `The ${switched.cards} cards that use it keep it.`;
  return redirectWithToast(backTo(designId), {
    type: switched.changed ? "success" : "info",
    title: `Card design ${switched.name} ${active ? "enabled" : "disabled"}`,
    description: active ? "Businesses can choose it now." : `It is no longer offered to businesses. ${keep}`,
  });
}
