import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { z } from "zod";

import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import {
  ADMIN_USERS_MESSAGES,
  adjustCreditsSchema,
  reactivateBusinessSchema,
  sendPasswordResetSchema,
  suspendBusinessSchema,
} from "~/lib/schemas/admin-users";
import type { ActingAdmin } from "~/models/admin-audit.server";
import {
  adjustBusinessCredits,
  reactivateBusiness,
  sendBusinessPasswordReset,
  suspendBusiness,
  type BusinessActionRefusal,
} from "~/models/admin-users.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The forms of a business's admin page, by their `intent`. */
export const BUSINESS_ACTION_INTENTS = ["suspend", "reactivate", "adjust-credits", "send-reset"] as const;
export type BusinessActionIntent = (typeof BUSINESS_ACTION_INTENTS)[number];

const SCHEMAS = {
  suspend: suspendBusinessSchema,
  reactivate: reactivateBusinessSchema,
  "adjust-credits": adjustCreditsSchema,
  "send-reset": sendPasswordResetSchema,
} satisfies Record<BusinessActionIntent, z.ZodTypeAny>;

const FAILED: Record<BusinessActionIntent, string> = {
  suspend: "Business not suspended",
  reactivate: "Business not reactivated",
  "adjust-credits": "Credits not changed",
  "send-reset": "Reset link not sent",
};

/** What the admin is told when the model refused: which field it belongs to ('' for the form). */
function refusalMessage(refusal: BusinessActionRefusal): { field: string; message: string } {
  switch (refusal.reason) {
    case "insufficient_balance":
      return { field: "amount", message: ADMIN_USERS_MESSAGES.insufficient(refusal.balance ?? 0) };
    case "is_admin":
      return { field: "", message: ADMIN_USERS_MESSAGES.isAdmin };
    case "deleted":
      return { field: "", message: ADMIN_USERS_MESSAGES.deleted };
    case "already_suspended":
      return { field: "", message: ADMIN_USERS_MESSAGES.alreadySuspended };
    case "not_suspended":
      return { field: "", message: ADMIN_USERS_MESSAGES.notSuspended };
    case "not_active":
      return { field: "", message: ADMIN_USERS_MESSAGES.resetNotActive };
    case "not_found":
      throw new Response(ADMIN_USERS_MESSAGES.notFound, { status: 404 });
  }
}

const credits = (amount: number) => `${amount.toLocaleString("en-IN")} ${amount === 1 ? "credit" : "credits"}`;

/**
 * One of the page's forms, checked by its schema, done by its model function (which writes the
 * audit row), and answered with a redirect and a toast, or the form again with the reason (400 for
 * bad input, 409 for what the account's state refuses; nothing changed).
 */
export async function businessAction(admin: ActingAdmin, userId: string, formData: FormData) {
  const intent = formData.get("intent");
  if (!BUSINESS_ACTION_INTENTS.includes(intent as BusinessActionIntent)) throw new Response("Unknown form", { status: 400 });
  const name = intent as BusinessActionIntent;
  const submission = parseWithZod(formData, { schema: SCHEMAS[name] });
  const refuse = (errors: Record<string, string[]> = {}, status = 400) => {
    const result = submission.reply({ fieldErrors: errors });
    return data({ intent: name, result, toast: refusalToast(FAILED[name], result) }, { status });
  };
  if (submission.status !== "success") return refuse();
  const here = paths.admin.user(userId);
  const value = submission.value;

  if (value.intent === "suspend") {
    const done = await suspendBusiness(admin, { userId, reason: value.reason });
    if (!done.ok) return refusedBy(done);
    const paused = done.campaignsPaused ? ` ${done.campaignsPaused} running campaign${done.campaignsPaused === 1 ? "" : "s"} paused.` : "";
    return redirectWithToast(here, {
      type: "success",
      title: "Business suspended",
      description: `It is signed out everywhere and its posts are off the feed.${paused}`,
    });
  }
  if (value.intent === "reactivate") {
    const done = await reactivateBusiness(admin, { userId });
    if (!done.ok) return refusedBy(done);
    const paused = done.pausedCampaigns ? ` Its ${done.pausedCampaigns} paused campaign(s) stay paused until it resumes them.` : "";
    return redirectWithToast(here, { type: "success", title: "Business reactivated", description: `It can sign in again.${paused}` });
  }
  if (value.intent === "adjust-credits") {
    const done = await adjustBusinessCredits(admin, { userId, ...value });
    if (!done.ok) return refusedBy(done);
    if (done.repeated) return redirectWithToast(here, { type: "info", title: "Already done: this form was sent before" });
    return redirectWithToast(here, {
      type: "success",
      title: value.direction === "add" ? `Added ${credits(value.amount)}` : `Removed ${credits(value.amount)}`,
      description: `The balance is now ${credits(done.balance)}.`,
    });
  }
  const done = await sendBusinessPasswordReset(admin, { userId });
  if (!done.ok) return refusedBy(done);
  return redirectWithToast(here, { type: "success", title: `Password-reset link sent to ${done.email}` });

  function refusedBy(refusal: BusinessActionRefusal) {
    const { field, message } = refusalMessage(refusal);
    return refuse({ [field]: [message] }, 409);
  }
}
