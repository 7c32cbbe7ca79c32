import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { adminTitle } from "~/lib/title";
import { productStats } from "~/models/dashboard.server";
import { requireAdmin } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: adminTitle("Dashboard") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return productStats();
}

export default function AdminDashboard() {
  const stats = useLoaderData<typeof loader>();
  const cards = [
    { label: "Businesses", value: stats.users, testId: "admin-users" },
    { label: "Posts", value: stats.posts, testId: "admin-posts" },
    { label: "Live offers", value: stats.liveOffers, testId: "admin-offers" },
    { label: "Contacts", value: stats.contacts, testId: "admin-contacts" },
    { label: "SMS sent", value: stats.smsSent, testId: "admin-sms" },
  ];
  return (
    <div>
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {cards.map((card) => (
          <div key={card.label} className="rounded-xl bg-white p-4 shadow-sm">
            <dt className="text-sm text-slate-500">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold" data-testid={card.testId}>
              {card.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
