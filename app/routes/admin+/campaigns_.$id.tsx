import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { BackLink } from "~/components/back-link";
import { ErrorSummary, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { CampaignTimeline } from "~/components/campaign-timeline";
import { CAMPAIGN_STATUS_LABELS } from "~/lib/campaign-status";
import { formatCount } from "~/lib/format-count";
import { formatDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import { CAMPAIGN_NOT_FOUND } from "~/lib/schemas/campaign-lists";
import { adminCampaignActionSchema, REASON_MAX, type AdminCampaignAction } from "~/lib/schemas/admin-sms";
import { adminTitle } from "~/lib/title";
import { listAdminActions } from "~/models/admin-audit.server";
import { adminChangeCampaign, getCampaignForAdmin } from "~/models/admin-campaigns.server";
import { CampaignProgress, CampaignStatusBadge } from "~/routes/_app+/__campaign-parts";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

/** Any business's campaign: an unknown or malformed id is a 404 inside the admin frame. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const campaign = await getCampaignForAdmin(params.id ?? "");
  if (!campaign) throw new Response(CAMPAIGN_NOT_FOUND, { status: 404 });
  const audit = await listAdminActions({ entityType: "campaign", entityId: campaign.id });
  return {
    campaign: {
      id: campaign.id,
      name: campaign.name,
      status: campaign.status,
      statusReason: campaign.statusReason,
      category: campaign.category,
      message: campaign.message,
      senderHeader: campaign.senderHeader,
      dltTemplateId: campaign.dltTemplateId,
      recipientsCount: campaign.recipientsCount,
      cost: campaign.cost,
      refunded: campaign.refunded,
      counts: campaign.counts,
      business: campaign.business,
      adminActions: campaign.adminActions,
      // India's time, formatted here so the page reads the same before and after hydration.
      createdAtText: formatDateTime(campaign.createdAt),
      startsAtText: campaign.status === "scheduled" && campaign.startsAt ? formatDateTime(campaign.startsAt) : null,
      events: campaign.events.map((event) => ({ toStatus: event.toStatus, reason: event.reason, at: formatDateTime(event.createdAt) })),
    },
    audit,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle(data?.campaign.name ?? "Campaign") }];

const DONE: Record<AdminCampaignAction, string> = { pause: "Campaign paused", cancel: "Campaign cancelled" };
const NOT_DONE: Record<AdminCampaignAction, string> = { pause: "Campaign not paused", cancel: "Campaign not cancelled" };

/**
 * Pause or cancel, with the reason the business reads: through the campaign state machine, back
 * here with a toast; a missing reason, or an action the campaign's status does not allow (409),
 * keeps the page with why, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const campaignId = params.id ?? "";
  const submission = parseWithZod(await request.formData(), { schema: adminCampaignActionSchema });
  const intent = submission.payload.intent === "pause" ? "pause" : "cancel";
  const refused = (formErrors: string[] = [], status = 400) => {
    const result = submission.reply({ formErrors });
    return data({ intent, result, toast: refusalToast(NOT_DONE[intent], result) }, { status });
  };
  if (submission.status !== "success") return refused();
  const change = await adminChangeCampaign(admin, campaignId, submission.value.intent, submission.value.reason);
  if (!change.ok) {
    if (change.status === 404) throw new Response(CAMPAIGN_NOT_FOUND, { status: 404 });
    return refused([change.message], change.status);
  }
  const refund = change.refunded
    ? `${formatCount(change.refunded)} ${change.refunded === 1 ? "credit" : "credits"} refunded to the business`
    : undefined;
  return redirectWithToast(paths.admin.campaign(campaignId), {
    type: "success",
    title: DONE[submission.value.intent],
    description: refund,
  });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AdminCampaign() {
  const { campaign, audit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <BackLink to={paths.admin.campaigns()}>Campaigns</BackLink>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="break-words text-2xl font-bold">{campaign.name}</h1>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <p className="mt-1 text-sm text-slate-700">
          By{" "}
          <Link to={paths.admin.user(campaign.business.id)} className="tap font-medium text-brand-700 hover:underline">
            {campaign.business.businessName}
          </Link>{" "}
          ({campaign.business.email})
        </p>
        {campaign.statusReason ? (
          <p className="mt-1 break-words text-sm text-slate-700" data-testid="status-reason">
            {campaign.statusReason}
          </p>
        ) : null}
        {campaign.startsAtText && !campaign.statusReason ? (
          <p className="mt-1 text-sm text-slate-700">Starts {campaign.startsAtText} (India time).</p>
        ) : null}
      </div>

      {campaign.adminActions.length ? (
        <section aria-labelledby="actions-heading" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="actions-heading" className="text-lg font-semibold">
            Stop this campaign
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            The business sees your reason on its campaign&apos;s page. A paused campaign can be resumed by its business once it has fixed
            what you point out; a cancelled one stops for good, and every message not yet handed to the provider is refunded.
          </p>
          <div className="mt-3 grid gap-6 md:grid-cols-2">
            {campaign.adminActions.map((action) => (
              <ActionForm
                key={action}
                action={action}
                campaignId={campaign.id}
                lastResult={actionData?.intent === action ? actionData.result : undefined}
              />
            ))}
          </div>
        </section>
      ) : (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-600 shadow-sm">
          This campaign is {CAMPAIGN_STATUS_LABELS[campaign.status].toLowerCase()}: it cannot be paused or cancelled.
        </p>
      )}

      <Progress campaign={campaign} />
      <Details campaign={campaign} />
      <Timeline events={campaign.events} />
      <AuditTrail entries={audit} empty="No admin actions on this campaign yet." />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

function ActionForm({
  action,
  campaignId,
  lastResult,
}: {
  action: AdminCampaignAction;
  campaignId: string;
  lastResult: Parameters<typeof useValidatedForm>[2];
}) {
  const [form, fields] = useValidatedForm(`${action}-campaign`, adminCampaignActionSchema, lastResult);
  const busy = useIsPending({ intent: action });
  const label = action === "pause" ? "Pause campaign" : "Cancel campaign";
  return (
    <Form method="post" action={paths.admin.campaign(campaignId)} {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={action} />
      <ErrorSummary form={form} />
      <TextareaField
        label={action === "pause" ? "Reason for pausing (the business sees it)" : "Reason for cancelling (the business sees it)"}
        field={fields.reason}
        rows={3}
        maxLength={REASON_MAX}
      />
      <SubmitButton
        busy={busy}
        busyText={action === "pause" ? "Pausing..." : "Cancelling..."}
        variant={action === "cancel" ? "danger" : "secondary"}
      >
        {label}
      </SubmitButton>
    </Form>
  );
}

function Progress({ campaign }: { campaign: LoaderData["campaign"] }) {
  const figures = [
    ["Messages", campaign.counts.total],
    ["Sent", campaign.counts.sent],
    ["Delivered", campaign.counts.delivered],
    ["Failed", campaign.counts.failed],
    ["Waiting", campaign.counts.queued],
    ["Skipped", campaign.counts.skipped],
    ["Cancelled", campaign.counts.cancelled],
  ] as const;
  return (
    <section aria-labelledby="progress-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="progress-heading" className="text-lg font-semibold">
        Messages by status
      </h2>
      <div className="mt-2">
        <CampaignProgress counts={campaign.counts} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="campaign-counts">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-semibold" data-testid={`count-${label.toLowerCase()}`}>
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      {campaign.counts.total > 0 ? (
        <Link to={paths.admin.smsHistory({ campaignId: campaign.id })} className={buttonClasses({ variant: "ghost" }, "mt-2 px-0")}>
          See its messages in SMS History
        </Link>
      ) : null}
    </section>
  );
}

function Details({ campaign }: { campaign: LoaderData["campaign"] }) {
  const rows: Array<[string, string, string]> = [
    ["Category", campaign.category, "campaign-category"],
    ["Sender header", campaign.senderHeader ?? "—", "campaign-sender"],
    ["DLT template id", campaign.dltTemplateId ?? "Free text", "campaign-dlt"],
    ["Recipients", formatCount(campaign.recipientsCount), "campaign-recipients"],
    ["Credits reserved", formatCount(campaign.cost), "campaign-cost"],
    ["Credits refunded", formatCount(campaign.refunded), "campaign-refunded"],
    ["Created", campaign.createdAtText, "campaign-created"],
  ];
  return (
    <section aria-labelledby="details-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="details-heading" className="text-lg font-semibold">
        Message
      </h2>
      <p className="text-sm text-slate-600">
        {campaign.dltTemplateId ? "The approved text, its slots filled per customer:" : "Free text:"}
      </p>
      <p className="mt-2 whitespace-pre-line break-words rounded-lg bg-slate-50 p-3 text-sm">{campaign.message}</p>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value, testId]) => (
          <div key={label}>
            <dt className="text-slate-500">{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Timeline({ events }: { events: LoaderData["campaign"]["events"] }) {
  return (
    <section aria-labelledby="timeline-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="timeline-heading" className="text-lg font-semibold">
        Timeline
      </h2>
      <CampaignTimeline events={events} />
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
