import type { LoaderFunctionArgs } from "@remix-run/node";
import { NavLink, Outlet } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { paths } from "~/lib/paths";
import { requireAdmin } from "~/utils/admin.server";

/** The templates section: its title and tabs above the list, the categories, and the add and edit pages (its children). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const TABS = [
  { to: paths.admin.templates(), label: "All templates", end: true },
  { to: paths.admin.templateCategories(), label: "Categories", end: true },
  { to: paths.admin.addTemplate(), label: "Add template", end: true },
];

export default function TemplatesSection() {
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold">Templates</h1>
      <p className="text-sm text-slate-600">
        The post, offer and SMS templates businesses start from. A change shows on their Templates page at once.
      </p>
      <nav aria-label="Templates section" className="mt-3 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium ${
                    isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
