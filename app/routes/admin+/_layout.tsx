import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useNavigation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdmin } from "~/utils/admin.server";
import { paths } from "~/lib/paths";

/** The admin area's screens in its sidebar, built or not (unbuilt ones say 'Coming soon'). */
const NAVIGATION = [
  { to: paths.admin.dashboard(), title: "Dashboard" },
  { to: paths.admin.feed(), title: "Feed" },
  { to: paths.admin.templates(), title: "Templates" },
  { to: paths.admin.categories(), title: "Categories" },
  { to: paths.admin.businessCards(), title: "Business Cards" },
  { to: paths.admin.users(), title: "Users" },
  { to: paths.admin.smsPricing(), title: "Post Pricing" },
  { to: paths.admin.termsConditions(), title: "Terms & Conditions" },
  { to: paths.admin.privacyTerms(), title: "Privacy Terms" },
  { to: paths.admin.aboutUs(), title: "About Us" },
  { to: paths.admin.smsHistory(), title: "SMS History" },
  { to: paths.admin.campaigns(), title: "Campaigns" },
];

/** The guarded admin layout: nested navigation around every /admin screen. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return { admin: { email: admin.email, name: admin.name } };
}

export default function AdminLayout() {
  const { admin } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const switching = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  return (
    <div className="min-h-screen bg-slate-100 md:flex">
      <aside className="border-b border-slate-200 bg-slate-900 text-slate-100 md:min-h-screen md:w-60 md:border-b-0">
        <div className="flex items-center justify-between px-4 py-4">
          <NavLink to="/admin" end className="text-lg font-bold">
            iSent Admin
          </NavLink>
          <Form method="post" action={paths.admin.logout()}>
            <button type="submit" className="rounded-md border border-slate-600 px-2 py-1 text-xs hover:bg-slate-800">
              Logout
            </button>
          </Form>
        </div>
        <p className="px-4 pb-3 text-xs text-slate-400">{admin.email}</p>
        <nav aria-label="Admin" className="flex gap-1 overflow-x-auto px-2 pb-3 text-sm md:flex-col md:overflow-visible">
          {NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === paths.admin.dashboard()}
              className={({ isActive }) =>
                `whitespace-nowrap rounded-md px-3 py-1.5 ${isActive ? "bg-slate-700 font-semibold" : "hover:bg-slate-800"}`
              }
            >
              {item.title}
            </NavLink>
          ))}
        </nav>
      </aside>
      <main className="flex-1 p-4 md:p-8">
        {switching ? (
          <p role="status" className="mb-3 text-sm text-slate-500">
            Loading...
          </p>
        ) : null}
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
