import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { BadFilterNotice } from "~/components/filter-form";
import { PageLinks } from "~/components/page-links";
import { ButtonLink } from "~/components/ui/button";
import { CAMPAIGN_STATUS_LABELS, FINAL_CAMPAIGN_STATUSES, type CampaignStatus } from "~/lib/campaign-status";
import { countOf, formatCount } from "~/lib/format-count";
import { formatDateTime } from "~/lib/india-time";
import { windowInWords } from "~/lib/sending-window";
import { paths } from "~/lib/paths";
import { adminCampaignsQuerySchema } from "~/lib/schemas/admin-sms";
import { adminTitle } from "~/lib/title";
import { listAllCampaigns } from "~/models/admin-campaigns.server";
import { getSmsSettings } from "~/models/settings.server";
import { CampaignStatusBadge } from "~/routes/_app+/__campaign-parts";
import { requireAdmin } from "~/utils/admin.server";

import { FilterForm, FilterLabel, FilterSelect, Totals } from "./__sms-parts";

export const meta: MetaFunction = () => [{ title: adminTitle("Campaigns") }];

/** Every business's campaigns, filtered by the URL's search params, with their totals and the SMS settings in force. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const parsed = adminCampaignsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : adminCampaignsQuerySchema.parse({});
  const [list, settings] = await Promise.all([listAllCampaigns(query), getSmsSettings()]);
  return {
    page: list.page,
    pageCount: list.pageCount,
    totals: list.totals,
    campaigns: list.campaigns.map((campaign) => ({
      ...campaign,
      // India's time, formatted here so the page reads the same before and after hydration.
      createdAtText: formatDateTime(campaign.createdAt),
      startsAtText: campaign.status === "scheduled" && campaign.startsAt ? formatDateTime(campaign.startsAt) : null,
    })),
    settings: {
      window: windowInWords(settings.window),
      senderHeader: settings.platformSenderHeader,
      freeText: settings.smsFreeTextAllowed,
    },
    filters: { business: query.business ?? "", status: query.status ?? "", from: query.from ?? "", to: query.to ?? "" },
    badFilter: parsed.success ? null : parsed.error.issues[0].message,
  };
}

export default function AdminCampaigns() {
  const { campaigns, page, pageCount, totals, settings, filters, badFilter } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Campaigns</h1>
        <ButtonLink to={paths.admin.smsHistory()} variant="secondary">
          SMS History
        </ButtonLink>
      </div>

      <section aria-labelledby="sms-settings-heading" className="mt-4 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="sms-settings-heading" className="font-semibold">
          SMS settings
        </h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="sms-settings-summary">
          Promotional SMS go out {settings.window} India time · Platform sender header {settings.senderHeader} · Free-text campaigns{" "}
          {settings.freeText ? "allowed" : "not allowed"}
        </p>
        <ButtonLink to={paths.admin.smsSettings()} variant="ghost" className="px-0">
          Change SMS settings
        </ButtonLink>
      </section>

      <FilterForm key={search} path={paths.admin.campaigns()} label="Filter campaigns" filters={filters}>
        <FilterLabel label="Status">
          <FilterSelect
            name="status"
            value={filters.status}
            any="Any status"
            choices={(Object.keys(CAMPAIGN_STATUS_LABELS) as CampaignStatus[]).map((status) => ({
              value: status,
              label: CAMPAIGN_STATUS_LABELS[status],
            }))}
          />
        </FilterLabel>
      </FilterForm>
      <BadFilterNotice message={badFilter} instead="showing everything instead." />

      <Totals
        label="Totals for this filter"
        figures={[
          { label: "Campaigns", value: totals.campaigns, testId: "total-campaigns" },
          { label: "Recipients", value: totals.recipients, testId: "total-recipients" },
          { label: "Credits reserved", value: totals.cost, testId: "total-cost" },
          { label: "Credits refunded", value: totals.refunded, testId: "total-refunded" },
        ]}
      />

      {campaigns.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          No campaigns match these filters.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm" aria-label="Campaigns">
          {campaigns.map((campaign) => (
            <li key={campaign.id} className="p-3 text-sm" data-testid="admin-campaign-row">
              <div className="flex flex-wrap items-center gap-2">
                <Link to={paths.admin.campaign(campaign.id)} className="tap break-words font-semibold text-brand-700 hover:underline">
                  {campaign.name}
                </Link>
                <CampaignStatusBadge status={campaign.status} />
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 text-slate-600">
                <Link to={paths.admin.user(campaign.business.id)} className="tap font-medium text-brand-700 hover:underline">
                  {campaign.business.businessName}
                </Link>
                <span className="capitalize">{campaign.category}</span>
                <span>Created {campaign.createdAtText}</span>
                {campaign.startsAtText && !campaign.statusReason ? <span>Starts {campaign.startsAtText}</span> : null}
              </p>
              <p className="mt-1 text-slate-700">
                {`${countOf(campaign.recipientsCount, "recipient")} · ${countOf(campaign.cost, "credit")} ${FINAL_CAMPAIGN_STATUSES.includes(campaign.status) ? "charged" : "reserved"} · ${formatCount(campaign.refunded)} refunded`}
              </p>
              {campaign.statusReason ? <p className="mt-1 break-words text-slate-600">{campaign.statusReason}</p> : null}
            </li>
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.admin.campaigns({ ...filters, page: to })} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
