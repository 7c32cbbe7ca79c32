import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { feedUrl } from "~/lib/feed-url";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import { addCategorySchema, moveCategorySchema } from "~/lib/schemas/admin-categories";
import { adminTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { listAdminActions } from "~/models/admin-audit.server";
import { addCategory, listCategoriesForAdmin, moveCategory } from "~/models/admin-categories.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Categories") }];

/** Every category (hidden ones too) in the menu's order, with its posts and businesses, and the latest changes to categories. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [categories, actions] = await Promise.all([listCategoriesForAdmin(), listAdminActions({ entityType: "category", limit: 10 })]);
  return { categories, actions };
}

const refused = (status: number, message: string) =>
  data({ result: undefined, toast: createToast({ type: "error", title: message }) }, { status });

/** Adds a category (at the end of the menu), or moves one up or down; back to the list with what was done. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") === "move") {
    const move = moveCategorySchema.safeParse(Object.fromEntries(formData));
    if (!move.success) return refused(400, move.error.issues[0].message);
    const moved = await moveCategory(admin, move.data.categoryId, move.data.direction);
    if (!moved.ok) return refused(404, moved.message);
    const title = moved.moved
      ? `Moved ${moved.name} ${move.data.direction}`
      : `${moved.name} is already at the ${move.data.direction === "up" ? "top" : "bottom"}`;
    return redirectWithToast(paths.admin.categories(), { type: moved.moved ? "success" : "info", title });
  }
  const submission = parseWithZod(formData, { schema: addCategorySchema });
  const failed = (fieldErrors: Record<string, string[]> = {}) => {
    const result = submission.reply({ fieldErrors });
    return data({ result, toast: refusalToast("Category not added", result) }, { status: 400 });
  };
  if (submission.status !== "success") return failed();
  const added = await addCategory(admin, submission.value);
  if (!added.ok) return failed({ name: [added.message] });
  return redirectWithToast(paths.admin.categories(), {
    type: "success",
    title: `Category ${submission.value.name} added`,
    description: "It is in the feed's menu and the businesses' choices now.",
  });
}

export default function AdminCategories() {
  const { categories, actions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Categories</h1>
        <p className="mt-1 text-sm text-slate-600">
          The business categories: the feed&apos;s category menu and the choices on a business&apos;s profile, in this order.
        </p>
      </div>
      <AddCategoryForm lastResult={actionData?.result} />
      <ActionToast toast={actionData?.toast} />
      <section aria-labelledby="categories-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="categories-title" className="text-lg font-semibold">
          {categories.length === 1 ? "1 category" : `${categories.length} categories`}
        </h2>
        {categories.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No categories yet: the feed&apos;s menu says &apos;No categories&apos;.</p>
        ) : (
          <ol className="mt-2 divide-y divide-slate-100" data-testid="admin-categories">
            {categories.map((category, index) => (
              <li key={category.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2" data-testid="admin-category">
                <div className="min-w-0 flex-1">
                  <Link
                    to={paths.admin.category(category.id)}
                    className="inline-flex min-h-11 min-w-11 items-center font-medium text-brand-700 hover:underline"
                  >
                    {category.name}
                  </Link>
                  {category.hidden ? (
                    <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Hidden</span>
                  ) : null}
                  <p className="text-sm text-slate-600">
                    <Link
                      to={feedUrl({ category: category.name })}
                      className="inline-flex min-h-11 items-center text-brand-700 hover:underline"
                    >
                      {countOf(category.posts, "post")}
                    </Link>{" "}
                    · {countOf(category.businesses, "business", "businesses")}
                  </p>
                </div>
                <div className="flex gap-2">
                  <MoveButton categoryId={category.id} name={category.name} direction="up" disabled={index === 0} />
                  <MoveButton categoryId={category.id} name={category.name} direction="down" disabled={index === categories.length - 1} />
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>
      <AuditTrail entries={actions} title="Latest changes to categories" empty="No category has been changed yet." />
    </div>
  );
}

function AddCategoryForm({ lastResult }: { lastResult: Parameters<typeof useValidatedForm>[2] }) {
  const [form, fields] = useValidatedForm("add-category", addCategorySchema, lastResult);
  const busy = useIsPending({ intent: "add" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">Add a category</h2>
      <ErrorSummary form={form} />
      <Field label="Name" field={fields.name} type="text" autoComplete="off" placeholder="Florist" />
      <div className="max-w-xs">
        <SubmitButton name="intent" value="add" busy={busy} busyText="Adding...">
          Add category
        </SubmitButton>
      </div>
    </Form>
  );
}

/** One category's Move up or Move down: its own small form, so it works without JavaScript. */
function MoveButton({
  categoryId,
  name,
  direction,
  disabled,
}: {
  categoryId: string;
  name: string;
  direction: "up" | "down";
  disabled: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="categoryId" value={categoryId} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        name="intent"
        value="move"
        disabled={disabled}
        aria-label={`Move ${name} ${direction}`}
        className={buttonClasses({ variant: "secondary", size: "sm" }, "disabled:cursor-not-allowed disabled:opacity-40")}
      >
        {direction === "up" ? "↑" : "↓"}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
