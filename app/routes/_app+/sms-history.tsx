import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";

import { BadFilterNotice, FILTER_CONTROL, FilterButtons, FilterDays } from "~/components/filter-form";
import { NotFoundBoundary } from "~/components/not-found-boundary";
import { SmsMessageItem } from "~/components/sms-message-item";
import { NextPrevious } from "~/components/page-links";
import { ButtonLink } from "~/components/ui/button";
import { formatDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import { CAMPAIGN_NOT_FOUND } from "~/lib/schemas/campaign-lists";
import { smsHistoryQuerySchema } from "~/lib/schemas/sms-history.server";
import { SMS_STATUSES, SMS_STATUS_LABELS } from "~/lib/sms-status";
import { pageTitle } from "~/lib/title";
import { getCampaign, listCampaigns, listSmsHistory } from "~/models/campaigns.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: pageTitle("SMS History") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = smsHistoryQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A filter that is not one (a hand-made link) is said, and the whole history shown.
  const query = parsed.success ? parsed.data : smsHistoryQuerySchema.parse({});
  const [history, recent] = await Promise.all([listSmsHistory(user.id, query), listCampaigns(user.id, 1)]);
  if (!history) throw new Response(CAMPAIGN_NOT_FOUND, { status: 404 });
  // The filter offers the newest campaigns, and the one chosen (a link from an older campaign's page) wherever it is.
  const campaigns = recent.campaigns.map(({ id, name }) => ({ id, name }));
  const chosen =
    query.campaignId && !campaigns.some((campaign) => campaign.id === query.campaignId)
      ? await getCampaign(user.id, query.campaignId)
      : null;
  return {
    page: history.page,
    hasNextPage: history.hasNextPage,
    campaigns: chosen ? [...campaigns, { id: chosen.id, name: chosen.name }] : campaigns,
    messages: history.messages.map((message) => ({
      ...message,
      to: formatIndianPhone(message.toNumber) ?? message.toNumber,
      // India's time, formatted here so the page reads the same before and after hydration.
      at: formatDateTime(message.createdAt),
    })),
    filters: { campaignId: query.campaignId ?? "", status: query.status ?? "", from: query.from ?? "", to: query.to ?? "" },
    badFilter: parsed.success ? null : parsed.error.issues[0].message,
  };
}

export default function SmsHistory() {
  const { messages, page, hasNextPage, campaigns, filters, badFilter } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === paths.smsHistory();
  const filtered = Boolean(filters.campaignId || filters.status || filters.from || filters.to);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">SMS History</h1>
          <p className="text-sm text-slate-600">Every message your campaigns sent, newest first, with what happened to it.</p>
        </div>
        <ButtonLink to={paths.newCampaign()}>New campaign</ButtonLink>
      </div>

      <Form method="get" role="search" aria-label="Filter messages" className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5 sm:items-end">
        <label className="col-span-2 block text-sm font-medium text-slate-700 sm:col-span-1">
          Campaign
          <select name="campaignId" defaultValue={filters.campaignId} className={FILTER_CONTROL}>
            <option value="">All campaigns</option>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </select>
        </label>
        <label className="col-span-2 block text-sm font-medium text-slate-700 sm:col-span-1">
          Status
          <select name="status" defaultValue={filters.status} className={FILTER_CONTROL}>
            <option value="">Any status</option>
            {SMS_STATUSES.map((status) => (
              <option key={status} value={status}>
                {SMS_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <FilterDays from={filters.from} to={filters.to} />
        <FilterButtons filtering={filtering} clearTo={filtered ? paths.smsHistory() : null} className="col-span-2 sm:col-span-1" />
      </Form>

      <BadFilterNotice message={badFilter} instead="showing every message instead." />
      {messages.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          {filtered ? (
            <>
              <p className="text-slate-700">No messages match these filters.</p>
              <ButtonLink to={paths.smsHistory()} variant="ghost" className="mt-3">
                Show every message
              </ButtonLink>
            </>
          ) : (
            <>
              <p className="text-slate-700">No SMS sent yet.</p>
              <p className="mt-1 text-sm text-slate-500">Every message a campaign sends is listed here, with what happened to it.</p>
              <ButtonLink to={paths.newCampaign()} className="mt-4">
                New campaign
              </ButtonLink>
            </>
          )}
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Messages">
          {messages.map((message) => (
            <SmsMessageItem key={message.id} message={message} campaignTo={paths.campaign(message.campaignId)} testId="sms-row" />
          ))}
        </ul>
      )}

      <NextPrevious page={page} hasNextPage={hasNextPage} pathTo={(to) => paths.smsHistory({ ...filters, page: to })} />
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message={CAMPAIGN_NOT_FOUND} backTo={paths.smsHistory()} backLabel="Back to SMS History" />;
}
