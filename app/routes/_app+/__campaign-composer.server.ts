import { randomUUID } from "node:crypto";

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import { CAMPAIGN_TRANSITIONS } from "~/lib/campaign-status";
import { sendNowNotice } from "~/lib/sending-window";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import { FILLS_FOR, campaignSchema } from "~/lib/schemas/campaign";
import { slotLabels } from "~/lib/slot-labels";
import { IDEMPOTENCY_KEY_MESSAGES, idempotencyKeySchema } from "~/lib/schemas/idempotency";
import {
  SEND_MESSAGES,
  campaignMadeWithKey,
  createCampaign,
  estimateCampaign,
  listSmsTemplates,
  sendCampaign,
  throttleCampaigns,
  type CampaignEstimate,
} from "~/models/campaigns.server";
import { getContact, listContactGroups, listContacts } from "~/models/contacts.server";
import { priceOf } from "~/models/pricing.server";
import { getSmsSettings } from "~/models/settings.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { detourFromForm } from "~/utils/kept-draft.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Contacts a link may pick (?contactId=, repeated): a campaign to a few; more is a group. */
const PICKED_FROM_LINK_MAX = 50;

export const SCHEDULE_NEEDS_TIME = "Choose when to send it, or press 'Send now'";
export const TEMPLATE_CHANGED = "You chose another template: fill in its blanks below, then send.";

/** A blank's first choice, from what its label says it is for. */
function defaultSource(label: string): "contact_name" | "business_name" | "fixed" {
  const words = label.toLowerCase();
  if (/customer|contact/.test(words) && /name/.test(words)) return "contact_name";
  if (/business|shop|store/.test(words) && /name/.test(words)) return "business_name";
  return "fixed";
}

/**
 * Without JavaScript, the slot choices a form sends were drawn for the template shown before (its
 * hidden FILLS_FOR): with another template chosen since, that template's slots start from their
 * first choices rather than inheriting the old ones by position. Says whether it did.
 */
async function fillsForChosenTemplate(userId: string, formData: FormData): Promise<boolean> {
  const templateId = String(formData.get("templateId") ?? "");
  const fillsFor = formData.get(FILLS_FOR);
  if (fillsFor === null || fillsFor === templateId) return false;
  for (const name of [...formData.keys()]) if (name.startsWith("fills[")) formData.delete(name);
  const template = (await listSmsTemplates(userId)).find((candidate) => candidate.id === templateId);
  (template ? slotLabels(template.text, template.slotHints) : []).forEach((label, index) => {
    formData.set(`fills[${index}].source`, defaultSource(label));
    formData.set(`fills[${index}].value`, "");
  });
  return true;
}

/**
 * What the composer shows: the SMS templates (the platform's and the business's own), its groups,
 * the contacts a link picked (a contact's 'Send SMS'), the SMS price and the balance, a name to
 * render the preview with, whether free text is allowed, a fresh key for this form, and where the
 * form starts.
 */
export async function campaignComposerLoader(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const pickedIds = [...new Set(url.searchParams.getAll("contactId"))].slice(0, PICKED_FROM_LINK_MAX);
  const [listed, groups, picked, price, smsSettings, firstContacts] = await Promise.all([
    listSmsTemplates(user.id),
    listContactGroups(user.id),
    Promise.all(pickedIds.map((id) => getContact(user.id, id))),
    priceOf("sms"),
    getSmsSettings(),
    listContacts(user.id, { page: 1 }),
  ]);
  const pickedContacts = picked
    .filter((contact) => contact !== null)
    .map(({ id, name, mobileNumber, consent }) => ({ id, name, mobileNumber, consent }));
  if (pickedIds.length && !pickedContacts.length) throw new Response("This contact was not found.", { status: 404 });
  // Each blank named by what it is for, the same words the model's refusals use.
  const templates = listed.map((template) => ({ ...template, slotLabels: slotLabels(template.text, template.slotHints) }));
  const first = templates[0];
  const now = new Date();
  return {
    idempotencyKey: randomUUID(),
    templates,
    groups,
    pickedContacts,
    price,
    balance: user.balance,
    freeTextAllowed: smsSettings.smsFreeTextAllowed,
    window: smsSettings.window,
    // Said beside 'Send now' for a promotional message: worked out here, for the moment the page is made.
    sendNowNotice: sendNowNotice(now, smsSettings.window),
    // The moment the page was made: an unnamed campaign's name shows that day, the same on server and browser.
    now: now.getTime(),
    businessName: user.businessName,
    sampleName: pickedContacts[0]?.name ?? firstContacts.contacts[0]?.name ?? "Asha",
    initial: {
      name: "",
      templateId: first?.id ?? "",
      fills: (first?.slotLabels ?? []).map((label) => ({ source: defaultSource(label), value: "" })),
      audienceMode: pickedContacts.length ? "contacts" : "all",
      contactIds: pickedContacts.map((contact) => contact.id),
      tags: [] as string[],
      sendAt: "",
    },
    slotDefaults: Object.fromEntries(templates.map((template) => [template.id, template.slotLabels.map(defaultSource)])),
  };
}

export type ComposerActionData = {
  result: SubmissionResult<string[]>;
  /** The server's numbers for the form as sent ('Check', and every refused send). */
  estimate?: CampaignEstimate | null;
  /** The key the form was sent with, kept for the next try so a repeat never makes a second campaign. */
  idempotencyKey?: string;
  toast?: ReturnType<typeof refusalToast>;
  /** A send refused for a short balance: the summary links to buying credits. */
  shortfall?: { cost: number; balance: number; shortfall: number } | null;
};

/**
 * The numbers for the form as it is now ('Check' without JavaScript, the live count with it). A
 * check is not a refusal: what is missing is shown under its field, and the numbers come back for
 * what is there.
 */
export async function checkCampaignForm(userId: string, formData: FormData) {
  const throttled = await throttleCampaigns(userId, "estimate");
  if (throttled) {
    const result = parseWithZod(formData, { schema: campaignSchema }).reply({ formErrors: [throttled.message] });
    return data(
      { result, estimate: null, readOnly: true },
      { status: 429, headers: { "Retry-After": String(throttled.retryAfterSeconds) } },
    );
  }
  await fillsForChosenTemplate(userId, formData);
  const counted = parseWithZod(formData, { schema: campaignSchema });
  const checked = counted.status === "success" ? await estimateCampaign(userId, counted.value) : null;
  const fieldErrors = checked ? (checked.ok ? checked.fieldErrors : (checked.fieldErrors ?? { "": [checked.message] })) : {};
  const result = counted.reply({ fieldErrors });
  // It only read: with JavaScript, nothing else on the page reloads after it.
  return data({ result, estimate: checked?.ok ? checked.estimate : null, readOnly: true });
}

/** The answer to a form that was sent again after its campaign went: that campaign's page. */
const alreadySent = (campaignId: string) =>
  redirectWithToast(paths.campaign(campaignId), { type: "info", title: "This campaign was already sent" });

/**
 * The composer's one form, with JavaScript or without, told apart by `intent`: 'check' (the
 * numbers for the form as it is; the live count asks the same), 'save' (a draft), 'send' (now) or
 * 'schedule' (at its time). Sending is creating the campaign (once per form: its key) and sending
 * it, then the campaign's page with a toast.
 */
export async function campaignComposerAction(request: Request) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const formData = await request.formData();
  // 'Buy credits' from a short balance: the campaign as typed is kept, and comes back once paid.
  const detour = await detourFromForm(request, user.id, formData, campaignSchema);
  if (detour) return detour;
  const intent = String(formData.get("intent") ?? "check");
  const key = idempotencyKeySchema.safeParse(formData.get("idempotencyKey") || null);
  const idempotencyKey = key.success ? (key.data ?? undefined) : undefined;
  if (intent === "send") formData.delete("sendAt");
  const templateChanged = intent !== "check" && (await fillsForChosenTemplate(user.id, formData));

  const submission = parseWithZod(formData, { schema: campaignSchema });
  const reply = (fieldErrors: Record<string, string[]> = {}, extra: Partial<ComposerActionData> = {}, status = 400) => {
    const result = submission.reply({ fieldErrors });
    const title = intent === "save" ? "Draft not saved" : intent === "schedule" ? "Campaign not scheduled" : "Campaign not sent";
    return data<ComposerActionData>({ result, idempotencyKey, toast: refusalToast(title, result), ...extra }, { status });
  };

  if (intent === "check") {
    const checked = await checkCampaignForm(user.id, formData);
    return data<ComposerActionData>({ ...checked.data, idempotencyKey }, checked.init ?? undefined);
  }
  if (submission.status !== "success") return reply();
  if (templateChanged) return reply({ templateId: [TEMPLATE_CHANGED] });
  if (!key.success) return reply({ "": [IDEMPOTENCY_KEY_MESSAGES.form] });
  if (intent === "schedule" && !submission.value.sendAt) return reply({ sendAt: [SCHEDULE_NEEDS_TIME] });

  const throttled = await throttleCampaigns(user.id, intent === "save" ? "create" : "send");
  if (throttled) return reply({ "": [throttled.message] }, {}, 429);

  if (intent !== "save") {
    // A short balance is said before anything is written: no draft is left behind by a refused send.
    const checked = await estimateCampaign(user.id, submission.value);
    // Unless this form made its campaign already (a double tap, a reload): then the balance is short because it was sent.
    if (checked.ok && checked.estimate.cost > checked.estimate.balance && !(await campaignMadeWithKey(user.id, idempotencyKey))) {
      const { cost, balance } = checked.estimate;
      return reply(
        { "": [SEND_MESSAGES.shortBalance(cost, balance)] },
        { estimate: checked.estimate, shortfall: { cost, balance, shortfall: cost - balance } },
        402,
      );
    }
  }
  const created = await createCampaign(user.id, submission.value, { idempotencyKey });
  if (!created.ok) return reply(created.fieldErrors ?? { "": [created.message] }, {}, created.status);
  // The same form sent again (a double tap, a reload): its campaign has gone on already, so its page is the answer.
  if (created.campaign.status !== "draft") return alreadySent(created.campaign.id);
  if (intent === "save") {
    return redirectWithToast(paths.campaign(created.campaign.id), { type: "success", title: "Draft saved" });
  }
  const sent = await sendCampaign(user.id, created.campaign.id);
  // The same form sent twice at once: the other request sent it while this one waited (whichever of the two created it).
  if (!sent.ok && sent.currentStatus && sent.currentStatus !== "draft") return alreadySent(created.campaign.id);
  if (!sent.ok) {
    const shortfall =
      sent.status === 402 ? { cost: sent.cost ?? 0, balance: sent.balance ?? user.balance, shortfall: sent.shortfall ?? 0 } : null;
    // The balance changed since the check (another tab): the draft stays, and this form's key finds it again on the next try.
    return reply(sent.fieldErrors ?? { "": [sent.message] }, { shortfall, estimate: created.estimate }, sent.status);
  }
  const scheduled = sent.campaign.status === "scheduled";
  return redirectWithToast(paths.campaign(created.campaign.id), {
    type: "success",
    title: scheduled ? "Campaign scheduled" : (CAMPAIGN_TRANSITIONS.send.done ?? "Campaign started"),
    description: scheduled ? (sent.campaign.statusReason ?? undefined) : undefined,
  });
}
