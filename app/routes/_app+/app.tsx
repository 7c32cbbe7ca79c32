import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { pageTitle } from "~/lib/title";
import { businessStats } from "~/models/dashboard.server";
import { requireUser } from "~/utils/session.server";
import { paths } from "~/lib/paths";

export const meta: MetaFunction = () => [{ title: pageTitle("Business Dashboard") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return { name: user.name, businessName: user.businessName, balance: user.balance, stats: await businessStats(user.id) };
}

const QUICK_LINKS = [
  { to: paths.sendPost(), label: "Send a post", text: "Share news with people near you." },
  { to: paths.sendOffers(), label: "Send an offer", text: "A discount or coupon, with dates." },
  { to: paths.addContact(), label: "Add a contact", text: "Save a customer's number." },
  { to: paths.campaigns(), label: "Start a campaign", text: "SMS your customers." },
];

export default function Dashboard() {
  const { name, businessName, balance, stats } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Hello, {name}</h1>
      <p className="text-slate-600">{businessName} · Business Dashboard</p>
      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Balance" value={`${balance} credits`} testId="stat-balance" />
        <Stat label="Contacts" value={String(stats.contacts)} testId="stat-contacts" />
        <Stat label="SMS sent" value={String(stats.sentSms)} testId="stat-sms" />
        <Stat label="Live posts" value={String(stats.livePosts)} testId="stat-posts" />
      </dl>
      <h2 className="mt-8 text-lg font-semibold">Quick actions</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {QUICK_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="block rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-500">
              <span className="font-semibold text-brand-700">{link.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{link.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
