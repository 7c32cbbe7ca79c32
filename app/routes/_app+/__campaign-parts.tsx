import { Form, Link, useNavigation } from "@remix-run/react";

import { buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { CAMPAIGN_STATUS_LABELS, CAMPAIGN_TRANSITIONS, type CampaignAction, type CampaignStatus } from "~/lib/campaign-status";
import { countOf, formatCount } from "~/lib/format-count";
import { hourInWords, type DailyWindow } from "~/lib/sending-window";
import { paths } from "~/lib/paths";
import type { CampaignCounts } from "~/models/campaigns.server";

/** Messages the provider took whose delivery report has not come yet. */
export function awaitingReport(counts: CampaignCounts): number {
  return Math.max(0, counts.total - counts.queued - counts.delivered - counts.failed - counts.skipped - counts.cancelled);
}

const STATUS_STYLES: Record<CampaignStatus, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-200",
  scheduled: "bg-brand-50 text-brand-700 ring-brand-100",
  sending: "bg-amber-50 text-amber-800 ring-amber-200",
  paused: "bg-amber-50 text-amber-800 ring-amber-200",
  sent: "bg-green-50 text-green-800 ring-green-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

/** The status as a pill, in the transition table's words. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLES[status]}`} data-testid="campaign-status">
      {CAMPAIGN_STATUS_LABELS[status]}
    </span>
  );
}

type Segment = { count: number; label: string; className: string };

/** The bar's segments, in order: what reached phones, what the provider holds, what failed, what never went. */
function segments(counts: CampaignCounts): Segment[] {
  return [
    { count: counts.delivered, label: "delivered", className: "bg-green-600" },
    { count: awaitingReport(counts), label: "sent, awaiting delivery", className: "bg-brand-500" },
    { count: counts.failed, label: "failed", className: "bg-red-600" },
    { count: counts.skipped, label: "skipped", className: "bg-slate-400" },
    { count: counts.cancelled, label: "cancelled", className: "bg-slate-300" },
  ];
}

/** '40 messages: 30 delivered, 5 sent, awaiting delivery, 2 failed, 3 waiting to go': what the bar shows, for a screen reader. */
export function progressInWords(counts: CampaignCounts): string {
  if (counts.total === 0) return "No messages yet";
  const parts = [...segments(counts), { count: counts.queued, label: "waiting to go" }]
    .filter((part) => part.count > 0)
    .map((part) => `${formatCount(part.count)} ${part.label}`);
  return `${countOf(counts.total, "message")}: ${parts.join(", ")}`;
}

/** A bar of the campaign's messages (delivered, awaiting, failed, skipped of the total); its words are what a screen reader hears. */
export function CampaignProgress({ counts }: { counts: CampaignCounts }) {
  return (
    <div data-testid="campaign-progress">
      <div className="flex h-2.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden>
        {counts.total > 0
          ? segments(counts).map((segment) =>
              segment.count > 0 ? (
                <span key={segment.label} className={segment.className} style={{ width: `${(100 * segment.count) / counts.total}%` }} />
              ) : null,
            )
          : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">{progressInWords(counts)}</p>
    </div>
  );
}

/** Busy words for each of the business's actions while its form is sent. */
const BUSY: Record<CampaignAction, string> = {
  send: "Sending...",
  pause: "Pausing...",
  resume: "Resuming...",
  cancel: "Cancelling...",
};

/**
 * One of the business's actions on a campaign as a POST form (it works without JavaScript), its
 * button the transition table's. `action`: the page whose action handles it (the list, with its
 * page; or the campaign's own page).
 */
export function CampaignActionForm({
  campaign,
  action,
  formAction,
  buttonClassName = buttonClasses({ variant: "secondary", size: "sm" }),
  className,
}: {
  campaign: { id: string; name: string };
  action: CampaignAction;
  formAction: string;
  /** The button's look: the kit's buttons, or a '⋯' menu's item. */
  buttonClassName?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("campaignId") === campaign.id &&
    navigation.formData.get("intent") === action;
  return (
    <Form method="post" action={formAction} className={className}>
      <input type="hidden" name="campaignId" value={campaign.id} />
      <button type="submit" name="intent" value={action} disabled={busy} className={buttonClassName}>
        {busy ? BUSY[action] : CAMPAIGN_TRANSITIONS[action].label}
        <span className="sr-only"> {campaign.name}</span>
      </button>
    </Form>
  );
}

/**
 * 'Cancel campaign': a GET form to the page's own confirm step (`?cancel={id}`), which asks once and
 * says what comes back; the same step with JavaScript (a client navigation) and without.
 */
export function CancelCampaignButton({
  campaign,
  askAt,
  page = 1,
  buttonClassName,
}: {
  campaign: { id: string; name: string };
  /** The page that asks: the list or the campaign's own. */
  askAt: string;
  page?: number;
  buttonClassName: string;
}) {
  return (
    <Form method="get" action={askAt} preventScrollReset>
      {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
      <button type="submit" name="cancel" value={campaign.id} className={buttonClassName}>
        {CAMPAIGN_TRANSITIONS.cancel.label}
        <span className="sr-only"> {campaign.name}</span>
      </button>
    </Form>
  );
}

export type CancelQuestion = { id: string; name: string; status: CampaignStatus; refund: number };

/** What cancelling gives back, said before it is done. */
function refundBeforeCancel({ status, refund }: CancelQuestion): string {
  if (status === "draft") return "Nothing was charged for it, so nothing goes back.";
  if (refund === 0) return "Its messages have all gone to the SMS provider, so nothing goes back.";
  const back = `${countOf(refund, "credit goes", "credits go")} back to your balance`;
  return status === "sending" ? `${back}, less any messages that go out before it stops.` : `${back}.`;
}

/** The confirm step of 'Cancel campaign' (`?cancel={id}`): what it stops and what comes back, then yes or keep it. */
export function ConfirmCancel({ campaign, formAction, keepTo }: { campaign: CancelQuestion; formAction: string; keepTo: string }) {
  const busy = useIsPending({ formAction, intent: "cancel" });
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-cancel"
      aria-describedby="confirm-cancel-refund"
      className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4"
      data-testid="confirm-cancel"
    >
      <p
        id="confirm-cancel"
        className="break-words font-medium text-red-900"
      >{`Cancel “${campaign.name}”? Messages not sent yet will not go.`}</p>
      <p id="confirm-cancel-refund" className="mt-1 text-sm text-red-900">
        {refundBeforeCancel(campaign)}
      </p>
      <Form method="post" action={formAction} className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="campaignId" value={campaign.id} />
        <button type="submit" name="intent" value="cancel" disabled={busy} className={buttonClasses({ variant: "danger" })}>
          {busy ? BUSY.cancel : "Yes, cancel campaign"}
        </button>
        <Link to={keepTo} preventScrollReset className={buttonClasses({ variant: "secondary" })}>
          Keep it
        </Link>
      </Form>
    </div>
  );
}

/** When 'Send now' outside the sending window will really start ('This will start at 10:00 tomorrow'), said beside the button before it is pressed. */
export function SendNowNotice({ notice, window, className = "" }: { notice: string; window: DailyWindow; className?: string }) {
  return (
    <p
      id="send-now-notice"
      className={`rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900 ${className}`}
      data-testid="send-now-notice"
    >
      {`${notice}: promotional SMS go out only between ${hourInWords(window.startHour)} and ${hourInWords(window.endHour)} India time.`}
    </p>
  );
}

/** A send refused for a short balance, said where the eye is, beside the way to buy credits. */
export function ShortBalanceNotice({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="shortfall"
    >
      {message}{" "}
      <Link to={paths.credits()} className="inline-flex min-h-11 items-center font-semibold underline">
        Buy credits
      </Link>
    </p>
  );
}
