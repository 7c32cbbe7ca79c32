import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { BadFilterNotice, FILTER_CONTROL } from "~/components/filter-form";
import { PageLinks } from "~/components/page-links";
import { SmsMessageItem } from "~/components/sms-message-item";
import { ButtonLink } from "~/components/ui/button";
import { formatDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { maskedPhone } from "~/lib/phone";
import { adminSmsHistoryQuerySchema } from "~/lib/schemas/admin-sms";
import { SMS_STATUSES, SMS_STATUS_LABELS } from "~/lib/sms-status";
import { adminTitle } from "~/lib/title";
import { campaignLabel, DEFAULT_PERIOD_DAYS, listAllSmsHistory } from "~/models/admin-campaigns.server";
import { requireAdmin } from "~/utils/admin.server";

import { FilterForm, FilterLabel, FilterSelect, Totals } from "./__sms-parts";

export const meta: MetaFunction = () => [{ title: adminTitle("SMS History") }];

/** Every business's messages, filtered by the URL's search params; a filter that is not one is said, and ignored. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const parsed = adminSmsHistoryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : adminSmsHistoryQuerySchema.parse({});
  const [history, campaign] = await Promise.all([
    listAllSmsHistory(query),
    query.campaignId ? campaignLabel(query.campaignId) : Promise.resolve(null),
  ]);
  return {
    page: history.page,
    pageCount: history.pageCount,
    totals: history.totals,
    defaultedFrom: history.period.defaulted ? history.period.from : null,
    periodDays: DEFAULT_PERIOD_DAYS,
    campaign,
    messages: history.messages.map((message) => ({
      id: message.id,
      campaignId: message.campaignId,
      campaignName: message.campaignName,
      business: message.business,
      // Masked here: the full number never reaches the admin's browser.
      to: maskedPhone(message.toNumber),
      body: message.body,
      parts: message.parts,
      cost: message.cost,
      status: message.status,
      failureReason: message.failureReason,
      // India's time, formatted here so the page reads the same before and after hydration.
      at: formatDateTime(message.createdAt),
    })),
    filters: {
      business: query.business ?? "",
      campaignId: query.campaignId ?? "",
      status: query.status ?? "",
      from: query.from ?? "",
      to: query.to ?? "",
    },
    badFilter: parsed.success ? null : parsed.error.issues[0].message,
  };
}

export default function AdminSmsHistory() {
  const { messages, page, pageCount, totals, defaultedFrom, periodDays, campaign, filters, badFilter } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  return (
    <div>
      <h1 className="text-2xl font-bold">SMS History</h1>
      <p className="mt-1 text-sm text-slate-600">
        Every business&apos;s messages, newest first. Customers&apos; numbers show their last four digits only.
      </p>

      <FilterForm key={search} path={paths.admin.smsHistory()} label="Filter messages" filters={filters}>
        <FilterLabel label="Status">
          <FilterSelect
            name="status"
            value={filters.status}
            any="Any status"
            choices={SMS_STATUSES.map((status) => ({ value: status, label: SMS_STATUS_LABELS[status] }))}
          />
        </FilterLabel>
        {filters.campaignId ? (
          <FilterLabel label="Campaign">
            <select name="campaignId" defaultValue={filters.campaignId} className={FILTER_CONTROL}>
              <option value={filters.campaignId}>{campaign ? `${campaign.name} (${campaign.businessName})` : "Unknown campaign"}</option>
              <option value="">All campaigns</option>
            </select>
          </FilterLabel>
        ) : null}
      </FilterForm>
      <BadFilterNotice message={badFilter} instead="showing everything instead." />
      {defaultedFrom ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="default-period">
          Showing the last {periodDays} days (from {defaultedFrom}). Choose a business, a campaign or a &apos;From&apos; date to see earlier
          messages.
        </p>
      ) : null}

      <Totals
        label="Totals for this filter"
        figures={[
          { label: "Messages", value: totals.messages, testId: "total-messages" },
          { label: "Sent", value: totals.sent, testId: "total-sent" },
          { label: "Delivered", value: totals.delivered, testId: "total-delivered" },
          { label: "Failed", value: totals.failed, testId: "total-failed" },
          { label: "Parts sent", value: totals.parts, testId: "total-parts" },
          { label: "Credits spent", value: totals.credits, testId: "total-credits" },
        ]}
      />

      {messages.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          No messages match these filters.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm" aria-label="Messages">
          {messages.map((message) => (
            <SmsMessageItem
              key={message.id}
              message={message}
              campaignTo={paths.admin.campaign(message.campaignId)}
              testId="admin-sms-row"
              body={message.body}
              links={
                <Link to={paths.admin.user(message.business.id)} className="tap font-medium text-brand-700 hover:underline">
                  {message.business.businessName}
                </Link>
              }
            />
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.admin.smsHistory({ ...filters, page: to })} />
      <div className="mt-6">
        <ButtonLink to={paths.admin.campaigns()} variant="secondary">
          Campaigns
        </ButtonLink>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
