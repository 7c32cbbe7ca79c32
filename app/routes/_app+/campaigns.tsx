import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageLinks } from "~/components/page-links";
import { RowMenu, menuItemClasses } from "~/components/row-menu";
import { ActionToast } from "~/components/ui/action-toast";
import { ButtonLink } from "~/components/ui/button";
import { availableActions } from "~/lib/campaign-status";
import { countOf } from "~/lib/format-count";
import { formatDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { campaignListQuerySchema } from "~/lib/schemas/campaign-lists";
import { pageTitle } from "~/lib/title";
import { listCampaigns, refundIfCancelled } from "~/models/campaigns.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";

import { campaignActionFromForm } from "./__campaign-actions.server";
import {
  CampaignActionForm,
  CampaignProgress,
  CampaignStatusBadge,
  CancelCampaignButton,
  ConfirmCancel,
  ShortBalanceNotice,
} from "./__campaign-parts";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Campaigns") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { page } = campaignListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const cancelId = url.searchParams.get("cancel");
  const [list, confirmCancel] = await Promise.all([
    listCampaigns(user.id, page),
    // The confirm step of 'Cancel campaign' (?cancel={id}); another business's or a finished campaign asks nothing.
    cancelId ? refundIfCancelled(user.id, cancelId) : null,
  ]);
  return {
    ...list,
    confirmCancel,
    campaigns: list.campaigns.map((campaign) => ({
      ...campaign,
      // In India's time, formatted here so the page reads the same before and after hydration.
      when: campaignWhen(campaign),
      actions: availableActions(campaign.status),
    })),
  };
}

/** What a row says of its time: when it went, when it will go, or when it was written. */
function campaignWhen(campaign: {
  status: string;
  startsAt: Date | string | null;
  startedAt: Date | string | null;
  createdAt: Date | string;
}) {
  if (campaign.status === "scheduled" && campaign.startsAt) return `Starts ${formatDateTime(campaign.startsAt)}`;
  if (campaign.startedAt) return `Started ${formatDateTime(campaign.startedAt)}`;
  return `Created ${formatDateTime(campaign.createdAt)}`;
}

/** Pause, resume, cancel (or send a draft) from the list: back to the same page of it. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const { page } = campaignListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return campaignActionFromForm(user.id, await request.formData(), paths.campaigns({ page }));
}

export default function Campaigns() {
  const { campaigns, total, page, pageCount, confirmCancel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const listAction = paths.campaigns({ page });
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Campaigns</h1>
          <p className="text-sm text-slate-600" data-testid="campaigns-total">
            {countOf(total, "campaign")}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.smsHistory()} variant="secondary">
            SMS History
          </ButtonLink>
          <ButtonLink to={paths.smsTemplates()} variant="secondary">
            Your SMS templates
          </ButtonLink>
          <ButtonLink to={paths.newCampaign()}>New campaign</ButtonLink>
        </div>
      </div>

      {actionData?.shortBalance ? <ShortBalanceNotice message={actionData.shortBalance} /> : null}
      {confirmCancel ? <ConfirmCancel campaign={confirmCancel} formAction={listAction} keepTo={listAction} /> : null}
      {campaigns.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">No campaigns yet.</p>
          <p className="mt-1 text-sm text-slate-500">
            A campaign is an SMS to your customers: all of them, a group, or a few you pick. You see what it costs before it goes, and
            customers who opted out are always left out.
          </p>
          <ButtonLink to={paths.newCampaign()} className="mt-4">
            New campaign
          </ButtonLink>
        </div>
      ) : (
        <ul className="mt-4 space-y-3" aria-label="Campaigns">
          {campaigns.map((campaign) => (
            <li key={campaign.id} data-campaign-id={campaign.id}>
              <article className="rounded-xl border border-slate-200 bg-white p-4" aria-label={`Campaign: ${campaign.name}`}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <Link to={paths.campaign(campaign.id)} className="tap break-words font-semibold text-brand-700 hover:underline">
                      {campaign.name}
                    </Link>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
                      <CampaignStatusBadge status={campaign.status} />
                      <span>{campaign.when}</span>
                    </p>
                  </div>
                  <p className="shrink-0 text-right text-sm text-slate-700" data-testid="campaign-cost">
                    {campaign.cost > 0 ? countOf(campaign.cost - campaign.refunded, "credit") : "Not charged"}
                  </p>
                </div>
                <div className="mt-3">
                  <CampaignProgress counts={campaign.counts} />
                </div>
                {campaign.actions.length ? (
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    {campaign.actions
                      .filter((action) => action === "pause" || action === "resume")
                      .map((action) => (
                        <CampaignActionForm key={action} campaign={campaign} action={action} formAction={listAction} />
                      ))}
                    {campaign.status === "draft" ? (
                      <ButtonLink to={paths.campaign(campaign.id)} variant="secondary" size="sm">
                        Open to send<span className="sr-only"> {campaign.name}</span>
                      </ButtonLink>
                    ) : null}
                    {campaign.actions.includes("cancel") ? (
                      <div className="ml-auto">
                        <RowMenu label={`More for ${campaign.name}`}>
                          <CancelCampaignButton
                            campaign={campaign}
                            askAt={paths.campaigns()}
                            page={page}
                            buttonClassName={menuItemClasses("danger")}
                          />
                        </RowMenu>
                      </div>
                    ) : null}
                  </div>
                ) : null}
              </article>
            </li>
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.campaigns({ page: to })} />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
