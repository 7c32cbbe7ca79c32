import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { dashboardCharts } from "~/lib/admin-dashboard-charts";
import { formatCount } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { TO_LOOK_AT } from "~/lib/schemas/admin-payments";
import { adminTitle } from "~/lib/title";
import { DASHBOARD_DAYS, adminDashboard } from "~/models/admin-dashboard.server";
import { requireAdmin } from "~/utils/admin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const dashboard = await adminDashboard();
  return {
    totals: dashboard.totals,
    waiting: dashboard.waiting,
    latestActions: dashboard.latestActions,
    charts: dashboardCharts(dashboard.daily),
    // Sent with the data: a server-only module's constant is empty in the browser, and the heading would not hydrate.
    days: DASHBOARD_DAYS,
  };
}

export const meta: MetaFunction = () => [{ title: adminTitle("Dashboard") }];

export default function AdminDashboard() {
  const { totals, waiting, latestActions, charts, days } = useLoaderData<typeof loader>();
  const cards = [
    { label: "Businesses", value: totals.businesses, testId: "admin-users" },
    { label: "Posts", value: totals.posts, testId: "admin-posts" },
    { label: "Offers", value: totals.offers, testId: "admin-all-offers" },
    { label: "Live offers", value: totals.liveOffers, testId: "admin-offers" },
    { label: "Contacts", value: totals.contacts, testId: "admin-contacts" },
    { label: "Likes", value: totals.likes, testId: "admin-likes" },
    { label: "Views", value: totals.views, testId: "admin-views" },
    { label: "SMS sent", value: totals.smsSent, testId: "admin-sms" },
    { label: "SMS delivered", value: totals.smsDelivered, testId: "admin-sms-delivered" },
    { label: "Credits sold", value: totals.creditsSold, testId: "admin-credits-sold" },
    { label: "Credits spent", value: totals.creditsSpent, testId: "admin-credits-spent" },
  ];
  const waits = [
    { label: "Reported posts", value: waiting.reportedPosts, to: paths.admin.feed({ reported: true }), testId: "waiting-reports" },
    {
      label: "Failed campaigns",
      value: waiting.failedCampaigns,
      to: paths.admin.campaigns({ status: "failed" }),
      testId: "waiting-campaigns",
    },
    {
      label: "Payments to look at",
      value: waiting.paymentsToCheck,
      to: paths.admin.payments({ status: TO_LOOK_AT }),
      testId: "waiting-payments",
    },
  ];
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>

      <section aria-labelledby="waiting-title">
        <h2 id="waiting-title" className="text-lg font-semibold">
          Waiting for you
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {waits.map((wait) => (
            <li key={wait.label}>
              <Link to={wait.to} className="block min-h-11 rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-brand-200">
                <span className="block text-sm text-slate-600">{wait.label}</span>
                <span
                  className={`mt-1 block text-2xl font-bold ${wait.value > 0 ? "text-amber-700" : "text-slate-900"}`}
                  data-testid={wait.testId}
                >
                  {formatCount(wait.value)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="text-lg font-semibold">
          Totals
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {cards.map((card) => (
            <div key={card.label} className="rounded-xl bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-500">{card.label}</dt>
              <dd className="mt-1 text-2xl font-bold" data-testid={card.testId}>
                {formatCount(card.value)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="days-title">
        <h2 id="days-title" className="text-lg font-semibold">
          The last {days} days
        </h2>
        <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {charts.map((chart) => (
            <li key={chart.id} className="rounded-xl bg-white p-4 shadow-sm">
              <h3 className="text-sm font-semibold text-slate-700">{chart.title}</h3>
              {/* Drawn on the server (app/lib/daily-chart.ts): plain SVG, no script. */}
              <div
                className="mt-2 [&>svg]:h-auto [&>svg]:w-full"
                data-testid={`chart-${chart.id}`}
                dangerouslySetInnerHTML={{ __html: chart.svg }}
              />
            </li>
          ))}
        </ul>
      </section>

      <AuditTrail entries={latestActions} title="Latest admin actions" />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
