import type { CAMPAIGN_STATUSES } from "~/db/schema/messaging";

/**
 * The campaign state machine, as one table: the model's guarded UPDATE (its WHERE is the
 * transition's `from`) and the screens' buttons and refusal texts read the same rows.
 *
 *   draft ──send──▶ sending ──(all handed over)──▶ sent
 *     │   └─send (later, or outside the window)─▶ scheduled ──(its time)──▶ sending
 *   scheduled, sending ──pause──▶ paused ──resume──▶ sending (or scheduled, outside the window)
 *   draft, scheduled, sending, paused ──cancel──▶ cancelled;  sending ──(nothing can go)──▶ failed
 */
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
  failed: "Failed",
};

/** The business's actions (buttons and API routes); the rest the system does. */
export const CAMPAIGN_ACTIONS = ["send", "pause", "resume", "cancel"] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** What the system moves on its own: a scheduled campaign's time came, every message was handed over, none could be. */
export type CampaignEvent = CampaignAction | "start" | "wait" | "finish" | "fail";

type Transition = {
  from: readonly CampaignStatus[];
  /** Where it goes; `send` and `resume` go to 'scheduled' instead when it must wait (campaign model). */
  to: CampaignStatus;
  /** The button, for the business's actions. */
  label?: string;
  /** The toast once done. */
  done?: string;
};

export const CAMPAIGN_TRANSITIONS: Record<CampaignEvent, Transition> = {
  send: { from: ["draft"], to: "sending", label: "Send now", done: "Campaign started" },
  pause: { from: ["scheduled", "sending"], to: "paused", label: "Pause", done: "Campaign paused" },
  resume: { from: ["paused"], to: "sending", label: "Resume", done: "Campaign resumed" },
  cancel: { from: ["draft", "scheduled", "sending", "paused"], to: "cancelled", label: "Cancel campaign", done: "Campaign cancelled" },
  // A campaign waiting for its time or the sending window.
  wait: { from: ["draft", "sending", "paused"], to: "scheduled" },
  start: { from: ["scheduled"], to: "sending" },
  finish: { from: ["sending"], to: "sent" },
  fail: { from: ["sending", "scheduled"], to: "failed" },
};

/** Statuses with nothing left to do. */
export const FINAL_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ["sent", "cancelled", "failed"];

export function canApply(event: CampaignEvent, status: CampaignStatus): boolean {
  return CAMPAIGN_TRANSITIONS[event].from.includes(status);
}

/** The business's buttons for a campaign in this status, in the order the page shows them. */
export function availableActions(status: CampaignStatus): CampaignAction[] {
  return CAMPAIGN_ACTIONS.filter((action) => canApply(action, status));
}

/** Why an action does not apply to a campaign as it is now (the 409's message). */
export function actionRefusal(action: CampaignAction, status: CampaignStatus): string {
  const now = CAMPAIGN_STATUS_LABELS[status].toLowerCase();
  if (FINAL_CAMPAIGN_STATUSES.includes(status)) return `This campaign is ${now}: it cannot be changed any more.`;
  switch (action) {
    case "send":
      return `This campaign is already ${now}.`;
    case "pause":
      return status === "paused"
        ? "This campaign is already paused."
        : `Only a scheduled or sending campaign can be paused; this one is ${now}.`;
    case "resume":
      return `Only a paused campaign can be resumed; this one is ${now}.`;
    case "cancel":
      return `This campaign is ${now}.`;
  }
}
