import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { BadFilterNotice, FILTER_CONTROL, FilterButtons } from "~/components/filter-form";
import { PageLinks } from "~/components/page-links";
import { PostStatusBadge } from "~/components/post-status-badge";
import { ButtonLink } from "~/components/ui/button";
import { formatCount } from "~/lib/format-count";
import { formatDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { POST_REPORT_REASON_LABELS } from "~/lib/post-report";
import { POST_DISPLAY_STATUSES, POST_KINDS, POST_KIND_LABELS, POST_STATUS_LABELS } from "~/lib/post-status";
import { ADMIN_FEED_SEARCH_MAX, adminFeedQuerySchema } from "~/lib/schemas/admin-feed.server";
import { adminTitle } from "~/lib/title";
import { listAdminFeed } from "~/models/admin-feed.server";
import { listCategories } from "~/models/categories.server";
import { requireAdmin } from "~/utils/admin.server";

export const meta: MetaFunction = () => [{ title: adminTitle("Feed") }];

/** Every post and offer of every business, filtered, sorted and paged by the URL (a GET form: no script needed). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const parsed = adminFeedQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // A filter that is not one (a hand-made link, a 300-character search) is said, and the whole list shown.
  const query = parsed.success ? parsed.data : adminFeedQuerySchema.parse({});
  const [feed, categories] = await Promise.all([listAdminFeed(query), listCategories()]);
  return {
    ...feed,
    rows: feed.rows.map((row) => ({ ...row, at: formatDateTime(row.createdAt) })),
    categories: categories.map((category) => category.name),
    filters: {
      q: query.q ?? "",
      status: query.status ?? "",
      kind: query.kind ?? "",
      city: query.city ?? "",
      category: query.category ?? "",
      business: query.business ?? "",
      reported: query.reported,
      sort: query.sort,
    },
    badFilter: parsed.success ? null : parsed.error.issues[0].message,
  };
}

const LABEL = "block text-sm font-medium text-slate-700";

export default function AdminFeed() {
  const { rows, total, page, pageCount, categories, filters, badFilter } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === paths.admin.feed();
  const filtered = Boolean(
    filters.q || filters.status || filters.kind || filters.city || filters.category || filters.business || filters.reported,
  );
  return (
    <div>
      <h1 className="text-2xl font-bold">Feed</h1>
      <p className="text-sm text-slate-600" data-testid="admin-feed-total">
        {total === 1 ? "1 post or offer" : `${formatCount(total)} posts and offers`}
        {filtered ? " match" : ""}
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Filter posts"
        className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm lg:grid-cols-4"
      >
        <SearchInput label="Search" name="q" value={filters.q} placeholder="Text or offer title" wide />
        <SearchInput label="Business" name="business" value={filters.business} placeholder="Name or id" wide />
        <label className={LABEL}>
          Status
          <select name="status" defaultValue={filters.status} className={FILTER_CONTROL}>
            <option value="">Any status</option>
            {POST_DISPLAY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {POST_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          Kind
          <select name="kind" defaultValue={filters.kind} className={FILTER_CONTROL}>
            <option value="">Posts and offers</option>
            {POST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {POST_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <SearchInput label="City" name="city" value={filters.city} />
        <label className={LABEL}>
          Category
          <select name="category" defaultValue={filters.category} className={FILTER_CONTROL}>
            <option value="">Any category</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className={LABEL}>
          Sort
          <select name="sort" defaultValue={filters.sort} className={FILTER_CONTROL}>
            <option value="newest">Newest first</option>
            <option value="reported">Most reported first</option>
          </select>
        </label>
        <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-slate-700">
          <input type="checkbox" name="reported" value="1" defaultChecked={filters.reported} className="h-5 w-5" />
          Only with open reports
        </label>
        <FilterButtons
          filtering={filtering}
          clearTo={filtered || filters.sort !== "newest" ? paths.admin.feed() : null}
          className="col-span-2 self-end"
        />
      </Form>

      <BadFilterNotice message={badFilter} instead="showing every post instead." />

      {rows.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="text-slate-700">{filtered ? "No posts match these filters." : "No posts yet."}</p>
          {filtered ? (
            <ButtonLink to={paths.admin.feed()} variant="ghost" className="mt-3">
              Show every post
            </ButtonLink>
          ) : null}
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Posts">
          {rows.map((row) => (
            <li key={row.id} className="p-4 text-sm" data-post-id={row.id}>
              <div className="flex flex-wrap items-center gap-2">
                <Link to={paths.admin.feed({ business: row.business.id })} className="tap font-semibold text-slate-900 hover:underline">
                  {row.business.name}
                </Link>
                <span className="text-slate-500">{POST_KIND_LABELS[row.kind]}</span>
                <PostStatusBadge status={row.displayStatus} />
                {row.openReports > 0 ? (
                  <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="open-reports">
                    {row.openReports === 1 ? "1 open report" : `${row.openReports} open reports`}
                  </span>
                ) : null}
              </div>
              {row.offerTitle ? <p className="mt-1 break-words font-medium text-slate-900">{row.offerTitle}</p> : null}
              <p className="mt-1 line-clamp-2 break-words text-slate-700">{row.excerpt}</p>
              {row.reportReasons.length ? (
                <p className="mt-1 text-red-800" data-testid="report-reasons">
                  Reported as: {row.reportReasons.map(({ reason, count }) => `${POST_REPORT_REASON_LABELS[reason]} (${count})`).join(", ")}
                </p>
              ) : null}
              {row.removedReason ? <p className="mt-1 break-words text-slate-600">Removed: {row.removedReason}</p> : null}
              <p className="mt-1 flex flex-wrap items-center gap-x-3 text-slate-500">
                <span>{[row.city, row.state].filter(Boolean).join(", ") || "No place"}</span>
                {row.category ? <span>{row.category}</span> : null}
                <span>{row.at}</span>
                <span>
                  {formatCount(row.likesCount)} {row.likesCount === 1 ? "like" : "likes"} · {formatCount(row.viewsCount)}{" "}
                  {row.viewsCount === 1 ? "view" : "views"}
                </span>
                <Link to={paths.admin.feedPost(row.id)} className="tap ml-auto font-medium text-brand-700 hover:underline">
                  Review
                  <span className="sr-only">
                    {" "}
                    the {POST_KIND_LABELS[row.kind].toLowerCase()} by {row.business.name}
                  </span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.admin.feed({ ...filters, page: to })} />
    </div>
  );
}

function SearchInput({
  label,
  name,
  value,
  placeholder,
  wide,
}: {
  label: string;
  name: string;
  value: string;
  placeholder?: string;
  wide?: boolean;
}) {
  return (
    <label className={`${LABEL} ${wide ? "col-span-2" : ""}`}>
      {label}
      <input
        type="search"
        name={name}
        defaultValue={value}
        maxLength={ADMIN_FEED_SEARCH_MAX}
        placeholder={placeholder}
        className={FILTER_CONTROL}
      />
    </label>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
