import { data } from "@remix-run/node";
import { z } from "zod";

import { CAMPAIGN_ACTIONS, CAMPAIGN_TRANSITIONS } from "~/lib/campaign-status";
import { countOf } from "~/lib/format-count";
import { isUuid } from "~/lib/ids";
import { CAMPAIGN_NOT_FOUND } from "~/lib/schemas/campaign-lists";
import { createToast } from "~/lib/toast";
import { changeCampaign, sendCampaign } from "~/models/campaigns.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The list's and the campaign page's forms: one campaign, one of the business's actions. */
const campaignActionSchema = z.object({
  intent: z.enum(CAMPAIGN_ACTIONS, { errorMap: () => ({ message: "Choose send, pause, resume or cancel" }) }),
  campaignId: z.string({ required_error: CAMPAIGN_NOT_FOUND }).refine(isUuid, CAMPAIGN_NOT_FOUND),
});

/**
 * A refused action keeps the page, with a toast saying why and the status an API client would get;
 * a short balance also says it on the page, beside the way to buy credits.
 */
export const refusedAction = (status: number, title: string) =>
  data({ toast: createToast({ type: "error", title }), shortBalance: status === 402 ? title : null }, { status });

/**
 * Send, pause, resume or cancel one campaign from a form, through the same model functions as the
 * /api routes: back to `backTo` with the transition table's toast, or the page again with why not
 * (404 for another business's campaign, 409 when the action does not apply now, 402 for a short balance).
 */
export async function campaignActionFromForm(userId: string, formData: FormData, backTo: string) {
  const form = campaignActionSchema.safeParse(Object.fromEntries(formData));
  if (!form.success) return refusedAction(400, form.error.issues[0].message);
  const { intent, campaignId } = form.data;
  const result = intent === "send" ? await sendCampaign(userId, campaignId) : await changeCampaign(userId, campaignId, intent);
  if (!result.ok) return refusedAction(result.status, result.message);
  return redirectWithToast(backTo, {
    type: "success",
    title: CAMPAIGN_TRANSITIONS[intent].done ?? "Done",
    description: intent === "cancel" ? refundInWords(result.campaign) : undefined,
  });
}

/** What a cancel gave back, for its toast: settled at once, or once the messages a worker holds have gone. */
function refundInWords(campaign: { refunded: number; settledAt: Date | null }): string {
  if (!campaign.settledAt) return "What it did not send goes back to your balance once the messages on their way have gone.";
  return campaign.refunded > 0
    ? `${countOf(campaign.refunded, "credit")} went back to your balance.`
    : "Nothing was charged, so nothing goes back.";
}
