import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { PageLinks } from "~/components/page-links";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { TEMPLATE_KINDS } from "~/lib/template-kinds";
import { formatDateTime } from "~/lib/india-time";
import { paths } from "~/lib/paths";
import { templateListQuerySchema, templateStatusSchema, type TemplateListQuery } from "~/lib/schemas/admin-templates";
import { adminTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import {
  listAdminTemplates,
  listTemplateCategoriesForAdmin,
  setTemplateActive,
  type AdminTemplateRow,
} from "~/models/admin-templates.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

import { KIND_NAMES } from "./__template-form";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Templates") }];

function listQuery(url: URL): TemplateListQuery {
  return templateListQuerySchema.parse(Object.fromEntries(url.searchParams));
}

/** The templates, filtered and paged as the URL says, and the categories to filter by. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = listQuery(new URL(request.url));
  const [list, categories] = await Promise.all([listAdminTemplates(query), listTemplateCategoriesForAdmin()]);
  return { query, list, categories: categories.map(({ id, name }) => ({ id, name })) };
}

/** Enable or disable a template from the list, which comes back as it was (its filters and page). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: templateStatusSchema });
  const failed = (status: number, description: string) =>
    data({ toast: createToast({ type: "error", title: "Template not changed", description }) }, { status });
  if (submission.status !== "success") return failed(400, "Choose Enable or Disable on one of the templates.");
  const enable = submission.value.intent === "enable";
  const changed = await setTemplateActive(admin, submission.value.id, enable);
  if (!changed.ok) return failed(changed.status, changed.message);
  return redirectWithToast(paths.admin.templates(listQuery(new URL(request.url))), {
    type: "success",
    title: enable ? "Template enabled" : "Template disabled",
    description: enable
      ? `"${changed.title}" is on businesses' Templates page again.`
      : `"${changed.title}" is no longer offered to businesses.`,
  });
}

const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "disabled", label: "Disabled" },
];

export default function AdminTemplates() {
  const { query, list, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const businesses = query.owner === "business";
  const filtered = Boolean(query.q || query.kind || query.category || query.status || query.owner);
  return (
    <div className="mt-4">
      <Form
        method="get"
        className="grid gap-2 rounded-xl bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
        aria-label="Filter templates"
      >
        <label className="text-sm lg:col-span-2">
          <span className="block font-medium text-slate-700">Search</span>
          <input
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            placeholder="Title, text or DLT id"
            className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 px-3 text-sm"
          />
        </label>
        <FilterSelect
          label="Kind"
          name="kind"
          value={query.kind}
          options={TEMPLATE_KINDS.map((kind) => ({ value: kind, label: KIND_NAMES[kind] }))}
        />
        <FilterSelect
          label="Category"
          name="category"
          value={query.category}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect label="Status" name="status" value={query.status} options={STATUS_OPTIONS} />
        <FilterSelect
          label="Whose"
          name="owner"
          value={query.owner}
          all="The platform's"
          options={[{ value: "business", label: "Businesses' own SMS" }]}
        />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-6">
          <Button type="submit" variant="dark">
            Filter
          </Button>
          {filtered ? (
            <ButtonLink to={paths.admin.templates()} variant="secondary">
              Clear filters
            </ButtonLink>
          ) : null}
          <ButtonLink to={paths.admin.addTemplate({ kind: query.kind })} className="ml-auto">
            Add template
          </ButtonLink>
        </div>
      </Form>

      <p className="mt-4 text-sm text-slate-600" role="status">
        {list.total === 1 ? "1 template" : `${list.total} templates`}
        {businesses ? " registered by businesses (read only: each business manages its own)" : ""}
      </p>
      {list.rows.length === 0 ? (
        <p className="mt-2 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {filtered ? "No templates match these filters." : "No templates yet."}
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-label="Templates">
          {list.rows.map((row) => (
            <TemplateRow key={row.id} row={row} />
          ))}
        </ul>
      )}
      <PageLinks page={list.page} pageCount={list.pageCount} pathTo={(page) => paths.admin.templates({ ...query, page })} />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

function FilterSelect({
  label,
  name,
  value,
  options,
  all = "All",
}: {
  label: string;
  name: string;
  value: string | undefined;
  options: Array<{ value: string; label: string }>;
  all?: string;
}) {
  return (
    <label className="text-sm">
      <span className="block font-medium text-slate-700">{label}</span>
      <select
        name={name}
        defaultValue={value ?? ""}
        className="mt-1 min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm"
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function TemplateRow({ row }: { row: AdminTemplateRow }) {
  const own = row.ownerBusinessName !== null;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="admin-template-row">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{KIND_NAMES[row.kind]}</span>
          {own ? (
            <span className="font-semibold text-slate-900">{row.title}</span>
          ) : (
            <Link to={paths.admin.editTemplate(row.id)} className="tap font-semibold text-brand-700 hover:underline">
              {row.title}
            </Link>
          )}
          {row.isActive ? null : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Disabled</span>
          )}
        </p>
        <p className="text-xs text-slate-500">
          {[
            row.categoryName ?? "No category",
            row.dltTemplateId ? `DLT ${row.dltTemplateId}` : null,
            row.smsCategory,
            own ? `by ${row.ownerBusinessName}` : null,
            `order ${row.sortOrder}`,
            `changed ${formatDateTime(row.updatedAt)}`,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      {own ? null : (
        <div className="flex gap-2">
          <Link to={paths.admin.editTemplate(row.id)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Edit<span className="sr-only"> {row.title}</span>
          </Link>
          <Form method="post">
            <input type="hidden" name="id" value={row.id} />
            <button
              type="submit"
              name="intent"
              value={row.isActive ? "disable" : "enable"}
              className={buttonClasses({ variant: "secondary", size: "sm" })}
            >
              {row.isActive ? "Disable" : "Enable"}
              <span className="sr-only"> {row.title}</span>
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
