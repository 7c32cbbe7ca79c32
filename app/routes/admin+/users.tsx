import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { PageLinks } from "~/components/page-links";
import { Button, ButtonLink } from "~/components/ui/button";
import { formatCount } from "~/lib/format-count";
import { formatLongDate } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import {
  ADMIN_USER_SEARCH_MAX,
  ADMIN_USER_SORT_LABELS,
  ADMIN_USER_SORTS,
  ADMIN_USER_STATUS_FILTERS,
  ADMIN_USER_STATUS_LABELS,
  adminUserListQuerySchema,
} from "~/lib/schemas/admin-users";
import { adminTitle } from "~/lib/title";
import { listBusinesses } from "~/models/admin-users.server";
import { requireAdmin } from "~/utils/admin.server";

import { AccountStatusBadge } from "./__account-status";

/** Every business (not the admin): searched, filtered, sorted and paged by the URL alone. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = adminUserListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listBusinesses(query);
  return {
    ...list,
    query,
    businesses: list.businesses.map((business) => ({ ...business, joined: formatLongDate(business.createdAt) })),
  };
}

export const meta: MetaFunction = () => [{ title: adminTitle("Users") }];

const CONTROL = "min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:outline-none";

export default function AdminUsers() {
  const { businesses, total, page, pageCount, query } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === paths.admin.users();
  const filtered = Boolean(query.q) || query.status !== "all";
  return (
    <div>
      <h1 className="text-2xl font-bold">Users</h1>
      <p className="text-sm text-slate-600" data-testid="users-total">
        {filtered ? `${formatCount(total)} ${total === 1 ? "business matches" : "businesses match"}` : `${formatCount(total)} businesses`}
      </p>

      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="w-full sm:w-auto sm:flex-1">
          <label htmlFor="users-search" className="block text-sm font-medium text-slate-700">
            Search
          </label>
          <input
            id="users-search"
            type="search"
            name="q"
            defaultValue={query.q}
            maxLength={ADMIN_USER_SEARCH_MAX}
            placeholder="Name, business, email, phone or city"
            className={`${CONTROL} mt-1 w-full`}
          />
        </div>
        <div>
          <label htmlFor="users-status" className="block text-sm font-medium text-slate-700">
            Status
          </label>
          <select id="users-status" name="status" defaultValue={query.status} className={`${CONTROL} mt-1`}>
            {ADMIN_USER_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {ADMIN_USER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="users-sort" className="block text-sm font-medium text-slate-700">
            Sort
          </label>
          <select id="users-sort" name="sort" defaultValue={query.sort} className={`${CONTROL} mt-1`}>
            {ADMIN_USER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {ADMIN_USER_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="dark">
          {searching ? "Searching..." : "Search"}
        </Button>
      </Form>

      {businesses.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">{filtered ? "No business matches this search." : "No businesses yet."}</p>
          {filtered ? (
            <ButtonLink to={paths.admin.users()} variant="ghost" className="mt-3">
              Show every business
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Businesses">
          {businesses.map((business) => (
            <li key={business.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3" data-testid="user-row">
              <div className="min-w-0">
                <Link
                  to={paths.admin.user(business.id)}
                  className="inline-flex min-h-11 items-center break-words font-semibold text-brand-700 hover:underline"
                >
                  {business.businessName}
                </Link>
                <p className="break-words text-sm text-slate-700">
                  {business.name} · {business.email}
                </p>
                <p className="text-sm text-slate-500">
                  {[business.mobileNumber ?? business.businessPhone, business.city].filter(Boolean).join(" · ") || "No phone or city yet"}
                </p>
              </div>
              <div className="text-sm sm:text-right">
                <AccountStatusBadge status={business.status} />
                <p className="mt-1 font-medium text-slate-900" data-testid="user-balance">
                  {formatCount(business.balance)} credits
                </p>
                <p className="text-slate-500">Joined {business.joined}</p>
              </div>
            </li>
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.admin.users({ ...query, page: to })} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
