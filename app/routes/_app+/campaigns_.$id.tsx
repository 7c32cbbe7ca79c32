import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import { BackLink } from "~/components/back-link";
import { NotFoundBoundary } from "~/components/not-found-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import type { CampaignAudience, SlotFill } from "~/db/schema/messaging";
import { CampaignTimeline } from "~/components/campaign-timeline";
import { FINAL_CAMPAIGN_STATUSES, type CampaignStatus } from "~/lib/campaign-status";
import { countOf, formatCount } from "~/lib/format-count";
import { formatDateTime } from "~/lib/india-time";
import { sendNowNotice } from "~/lib/sending-window";
import { paths } from "~/lib/paths";
import { CAMPAIGN_NOT_FOUND } from "~/lib/schemas/campaign-lists";
import { fillSlots } from "~/lib/sms-text";
import { pageTitle } from "~/lib/title";
import { getCampaign, refundIfCancelled, type CampaignCounts } from "~/models/campaigns.server";
import { getSmsSettings } from "~/models/settings.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";

import { campaignActionFromForm } from "./__campaign-actions.server";
import {
  CampaignActionForm,
  CampaignProgress,
  CampaignStatusBadge,
  CancelCampaignButton,
  ConfirmCancel,
  SendNowNotice,
  ShortBalanceNotice,
  awaitingReport,
} from "./__campaign-parts";

export { clientAction } from "~/components/forms";

/** How often an open campaign page asks for news while its campaign is not final (with JavaScript). */
const POLL_MS = 3_000;
/** Without JavaScript, the page reloads itself this often (seconds) instead. */
const REFRESH_SECONDS = 5;

/** Delivery reports still come for a while after the last message went; a report that never comes stops the watch after this long. */
const REPORTS_WATCHED_MS = 60 * 60_000;

/** Whether the page should keep asking for news: the campaign still moves, or its delivery reports still come in. */
function isLive(campaign: { status: CampaignStatus; counts: CampaignCounts; completedAt: Date | string | null }, now = Date.now()) {
  if (!FINAL_CAMPAIGN_STATUSES.includes(campaign.status)) return true;
  const completed = campaign.completedAt ? new Date(campaign.completedAt).getTime() : now;
  return awaitingReport(campaign.counts) > 0 && now - completed < REPORTS_WATCHED_MS;
}

/** A malformed id, an unknown one and another business's campaign alike: 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const campaign = await getCampaign(user.id, params.id ?? "");
  if (!campaign) throw new Response(CAMPAIGN_NOT_FOUND, { status: 404 });
  const asksCancel = new URL(request.url).searchParams.get("cancel") === campaign.id;
  const [confirmCancel, { window }] = await Promise.all([asksCancel ? refundIfCancelled(user.id, campaign.id) : null, getSmsSettings()]);
  // A promotional draft sent now, outside the window, waits for it: said beside 'Send now', for the moment the page is made.
  const now = new Date();
  const sendsNow = campaign.status === "draft" && campaign.category === "promotional" && !(campaign.sendAt && campaign.sendAt > now);
  return {
    confirmCancel,
    sendNowNotice: sendsNow ? sendNowNotice(now, window) : null,
    window,
    costText: costInWords(campaign),
    campaign: {
      ...campaign,
      // India's time, formatted here so the page reads the same before and after hydration.
      events: campaign.events.map((event) => ({ ...event, at: formatDateTime(event.createdAt) })),
      startsAtText: campaign.startsAt ? formatDateTime(campaign.startsAt) : null,
      audienceText: audienceInWords(campaign.audience),
      preview: previewOf(campaign, user.businessName),
      createdAtText: formatDateTime(campaign.createdAt),
    },
    live: isLive(campaign),
  };
}

/** The message as sent, its slots filled; each customer's own name stands where it goes. */
function previewOf(campaign: { message: string; slotFills: SlotFill[] }, businessName: string): string {
  return fillSlots(
    campaign.message,
    campaign.slotFills.map((fill) =>
      fill.source === "contact_name" ? "[customer's name]" : fill.source === "business_name" ? businessName : fill.value,
    ),
  );
}

/** What the campaign costs as it stands: reserved while it can still send, paid once it is settled. */
function costInWords(campaign: { status: CampaignStatus; cost: number; refunded: number; settledAt: Date | null }): string {
  if (campaign.cost === 0) return campaign.status === "draft" ? "Nothing charged yet" : "Nothing charged";
  if (!FINAL_CAMPAIGN_STATUSES.includes(campaign.status)) return `${countOf(campaign.cost, "credit")} reserved`;
  if (!campaign.settledAt) return `${countOf(campaign.cost, "credit")} charged: what did not go comes back once its last messages are done`;
  return `${countOf(campaign.cost - campaign.refunded, "credit")} paid`;
}

/** Who the campaign was written for, as the business chose it. */
function audienceInWords(audience: CampaignAudience): string {
  if ("tags" in audience) return `${audience.tags.length === 1 ? "Group" : "Groups"}: ${audience.tags.join(", ")}`;
  if ("contactIds" in audience) {
    const count = audience.contactIds.length;
    return count === 1 ? "One contact you picked" : `${countOf(count, "contact")} you picked`;
  }
  return "All your contacts";
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.campaign.name ?? "Campaign") }];

/** Send a draft, pause, resume or cancel: back to this page with the transition's toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  return campaignActionFromForm(user.id, await request.formData(), paths.campaign(params.id ?? ""));
}

type CampaignView = ReturnType<typeof useLoaderData<typeof loader>>["campaign"];

export default function CampaignPage() {
  const { campaign, live, confirmCancel, sendNowNotice, window, costText } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  useLiveProgress(live);
  const here = paths.campaign(campaign.id);
  return (
    <div className="mx-auto max-w-3xl">
      {live ? (
        // Without JavaScript the page reloads itself while the campaign moves (inside <noscript>, a
        // browser that runs scripts never sees it: there, polling does the same).
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <BackLink to={paths.campaigns()}>Campaigns</BackLink>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <h1 className="break-words text-2xl font-bold text-slate-900">{campaign.name}</h1>
        <CampaignStatusBadge status={campaign.status} />
      </div>
      {campaign.statusReason ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="status-reason">
          {campaign.statusReason}
        </p>
      ) : null}
      {campaign.status === "scheduled" && campaign.startsAtText ? (
        <p className="mt-1 text-sm text-slate-700">Starts {campaign.startsAtText} (India time).</p>
      ) : null}

      {actionData?.shortBalance ? <ShortBalanceNotice message={actionData.shortBalance} /> : null}
      {sendNowNotice && campaign.availableActions.includes("send") ? (
        <SendNowNotice notice={sendNowNotice} window={window} className="mt-4" />
      ) : null}
      {campaign.availableActions.length ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {campaign.availableActions.map((action) =>
            action === "cancel" ? (
              <CancelCampaignButton key={action} campaign={campaign} askAt={here} buttonClassName={buttonClasses({ variant: "danger" })} />
            ) : (
              <CampaignActionForm
                key={action}
                campaign={campaign}
                action={action}
                formAction={here}
                buttonClassName={buttonClasses({ variant: action === "send" ? "primary" : "secondary" })}
              />
            ),
          )}
        </div>
      ) : null}
      {confirmCancel ? <ConfirmCancel campaign={confirmCancel} formAction={here} keepTo={here} /> : null}

      <section aria-labelledby="progress-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="progress-heading" className="font-semibold text-slate-900">
          Progress
        </h2>
        {campaign.status !== "draft" && !FINAL_CAMPAIGN_STATUSES.includes(campaign.status) && !campaign.messagesWrittenAt ? (
          // Its job writes the messages in chunks right after Send: a big audience takes a few seconds.
          <p className="mt-2 text-sm text-slate-700" data-testid="campaign-preparing">
            Preparing its messages: {formatCount(campaign.counts.total)} of {formatCount(campaign.recipientsCount)} written.
          </p>
        ) : null}
        <div className="mt-2">
          <CampaignProgress counts={campaign.counts} />
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="campaign-counts">
          <Count label="Messages" value={campaign.counts.total} />
          <Count label="Delivered" value={campaign.counts.delivered} />
          <Count label="Sent" value={campaign.counts.sent} />
          <Count label="Failed" value={campaign.counts.failed} />
          <Count label="Waiting" value={campaign.counts.queued} />
          <Count label="Skipped" value={campaign.counts.skipped} />
          <Count label="Cancelled" value={campaign.counts.cancelled} />
        </dl>
        {campaign.counts.total > 0 ? (
          <Link to={paths.smsHistory({ campaignId: campaign.id })} className={buttonClasses({ variant: "ghost" }, "mt-2 px-0")}>
            See every message in SMS History
          </Link>
        ) : null}
      </section>

      <CampaignDetails campaign={campaign} costText={costText} />
      <Timeline events={campaign.events} />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

/** While the campaign can still move, the page asks the server again every few seconds (only while it is in sight). */
function useLiveProgress(live: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live, revalidator]);
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900" data-testid={`count-${label.toLowerCase()}`}>
        {formatCount(value)}
      </dd>
    </div>
  );
}

/** The message as sent (one sample rendered), who it goes to, and what it cost. */
function CampaignDetails({ campaign, costText }: { campaign: CampaignView; costText: string }) {
  return (
    <section aria-labelledby="details-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="details-heading" className="font-semibold text-slate-900">
        Message
      </h2>
      <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="campaign-preview">
        {campaign.preview}
      </p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Audience</dt>
          <dd className="text-slate-900">{campaign.audienceText}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Category</dt>
          <dd className="capitalize text-slate-900">{campaign.category}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Cost</dt>
          <dd className="text-slate-900" data-testid="campaign-cost">
            {costText}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Refunded</dt>
          <dd className="text-slate-900" data-testid="campaign-refunded">
            {campaign.refunded > 0 ? countOf(campaign.refunded, "credit") : "None"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd className="text-slate-900">{campaign.createdAtText}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Every change of status, oldest first, with its time in India and why. */
function Timeline({ events }: { events: CampaignView["events"] }) {
  if (!events.length) return null;
  return (
    <section aria-labelledby="timeline-heading" className="mt-6">
      <h2 id="timeline-heading" className="font-semibold text-slate-900">
        What happened
      </h2>
      <CampaignTimeline events={events} />
    </section>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message={CAMPAIGN_NOT_FOUND} backTo={paths.campaigns()} backLabel="Back to Campaigns" />;
}
