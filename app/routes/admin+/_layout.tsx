import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useNavigation, useOutletContext } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { RootContext } from "~/root";
import { requireAdmin } from "~/utils/admin.server";

/** The admin area's screens in its sidebar, built or not (unbuilt ones say 'Coming soon'). */
const NAVIGATION = [
  { to: "/admin", title: "Dashboard" },
  { to: "/admin/feed", title: "Feed" },
  { to: "/admin/templates", title: "Templates" },
  { to: "/admin/categories", title: "Categories" },
  { to: "/admin/business-cards", title: "Business Cards" },
  { to: "/admin/users", title: "Users" },
  { to: "/admin/sms-pricing", title: "Post Pricing" },
  { to: "/admin/terms-conditions", title: "Terms & Conditions" },
  { to: "/admin/privacy-terms", title: "Privacy Terms" },
  { to: "/admin/about-us", title: "About Us" },
  { to: "/admin/sms-history", title: "SMS History" },
  { to: "/admin/campaigns", title: "Campaigns" },
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
  // Root's context (toasts) goes on to the screens.
  const context = useOutletContext<RootContext>();
  return (
    <div className="min-h-screen bg-slate-100 md:flex">
      <aside className="border-b border-slate-200 bg-slate-900 text-slate-100 md:min-h-screen md:w-60 md:border-b-0">
        <div className="flex items-center justify-between px-4 py-4">
          <NavLink to="/admin" end className="text-lg font-bold">
            iSent Admin
          </NavLink>
          <Form method="post" action="/admin/logout">
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
              end={item.to === "/admin"}
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
        <Outlet context={context} />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
