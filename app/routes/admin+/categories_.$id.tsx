import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { BackLink } from "~/components/back-link";
import { AuditTrail } from "~/components/audit-trail";
import { ErrorSummary, Field, SelectField, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { feedUrl } from "~/lib/feed-url";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import {
  CATEGORY_MESSAGES,
  NO_CATEGORY,
  categoryVisibilitySchema,
  deleteCategorySchema,
  renameCategorySchema,
} from "~/lib/schemas/admin-categories";
import { adminTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { listAdminActions } from "~/models/admin-audit.server";
import {
  deleteCategory,
  getCategoryForAdmin,
  listCategoriesForAdmin,
  renameCategory,
  setCategoryHidden,
  type CategoryRefusal,
} from "~/models/admin-categories.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: adminTitle(loaded?.category.name ?? "Category") }];

const notFound = () => new Response(CATEGORY_MESSAGES.notFound, { status: 404 });

/**
 * One category: rename, hide or show, and delete; with `?delete=1` the delete step, which (when
 * posts or businesses use it) offers the other categories for them. Its own audit trail.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const [category, actions] = await Promise.all([getCategoryForAdmin(id), listAdminActions({ entityType: "category", entityId: id })]);
  if (!category) throw notFound();
  const deleting = new URL(request.url).searchParams.has("delete");
  const others = deleting ? (await listCategoriesForAdmin()).filter((other) => other.id !== category.id) : [];
  return {
    category,
    actions,
    deleteStep: deleting
      ? { others: others.map((other) => ({ value: other.id, label: other.hidden ? `${other.name} (hidden)` : other.name })) }
      : null,
  };
}

type Intent = "rename" | "delete";

/** Rename (posts and businesses follow), hide or show, or delete (moving its posts and businesses where the admin chose). */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "hide" || intent === "show") {
    const { intent: visibility } = categoryVisibilitySchema.parse({ intent });
    const done = await setCategoryHidden(admin, id, visibility === "hide");
    if (!done.ok) throw notFound();
    const title =
      visibility === "hide"
        ? `${done.name} hidden from the feed's menu and the profile's choices`
        : `${done.name} shown in the feed's menu again`;
    return redirectWithToast(paths.admin.category(id), { type: done.changed ? "success" : "info", title });
  }

  const refuse = (form: Intent, result: SubmissionResult<string[]>, title: string) =>
    data({ form, result, toast: refusalToast(title, result) }, { status: 400 });
  const refusal = (
    form: Intent,
    result: CategoryRefusal,
    reply: (errors: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>,
    title: string,
  ) => {
    if (result.reason === "not_found") throw notFound();
    return refuse(form, reply({ fieldErrors: { [result.field ?? ""]: [result.message] } }), title);
  };

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: deleteCategorySchema });
    if (submission.status !== "success") return refuse("delete", submission.reply(), "Category not deleted");
    const deleted = await deleteCategory(admin, id, submission.value);
    if (!deleted.ok) return refusal("delete", deleted, (errors) => submission.reply(errors), "Category not deleted");
    const moved =
      deleted.posts + deleted.businesses === 0
        ? undefined
        : `${countOf(deleted.posts, "post")} and ${countOf(deleted.businesses, "business", "businesses")} ${deleted.movedTo ? `moved to ${deleted.movedTo}` : "left without a category"}.`;
    return redirectWithToast(paths.admin.categories(), { type: "success", title: `Category ${deleted.name} deleted`, description: moved });
  }

  if (intent !== "rename")
    return data(
      { form: null, result: undefined, toast: createToast({ type: "error", title: "Choose rename, hide, show or delete" }) },
      { status: 400 },
    );
  const submission = parseWithZod(formData, { schema: renameCategorySchema });
  if (submission.status !== "success") return refuse("rename", submission.reply(), "Category not renamed");
  const renamed = await renameCategory(admin, id, submission.value);
  if (!renamed.ok) return refusal("rename", renamed, (errors) => submission.reply(errors), "Category not renamed");
  if (renamed.from === renamed.to)
    return redirectWithToast(paths.admin.category(id), { type: "info", title: `The category is already called ${renamed.to}` });
  return redirectWithToast(paths.admin.category(id), {
    type: "success",
    title: `Renamed ${renamed.from} to ${renamed.to}`,
    description: `${countOf(renamed.posts, "post")} and ${countOf(renamed.businesses, "business", "businesses")} follow.`,
  });
}

export default function AdminCategory() {
  const { category, actions, deleteStep } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultOf = (form: Intent) => (actionData?.form === form ? actionData.result : undefined);
  return (
    <div className="space-y-6">
      <div>
        <BackLink to={paths.admin.categories()}>Categories</BackLink>
        <h1 className="text-2xl font-bold">
          {category.name}
          {category.hidden ? (
            <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-medium text-slate-700">Hidden</span>
          ) : null}
        </h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="category-usage">
          <Link to={feedUrl({ category: category.name })} className="inline-flex min-h-11 items-center text-brand-700 hover:underline">
            {countOf(category.posts, "post")}
          </Link>{" "}
          · {countOf(category.businesses, "business", "businesses")} chose it
        </p>
      </div>
      <ActionToast toast={actionData?.toast} />

      <RenameForm name={category.name} lastResult={resultOf("rename")} />

      <section className="rounded-xl bg-white p-4 shadow-sm">
        <h2 className="text-lg font-semibold">{category.hidden ? "Hidden" : "Shown"}</h2>
        <p className="mt-1 text-sm text-slate-600">
          {category.hidden
            ? "It is not in the feed's menu nor among the profile's choices. Posts and businesses that have it keep it."
            : "It is in the feed's menu and among the profile's choices. Hiding it keeps it on the posts and businesses that have it."}
        </p>
        <Form method="post" className="mt-3">
          <button type="submit" name="intent" value={category.hidden ? "show" : "hide"} className={buttonClasses({ variant: "secondary" })}>
            {category.hidden ? "Show in the feed's menu" : "Hide from the feed's menu"}
          </button>
        </Form>
      </section>

      <section className="rounded-xl bg-white p-4 shadow-sm" aria-labelledby="delete-title">
        <h2 id="delete-title" className="text-lg font-semibold">
          Delete
        </h2>
        {deleteStep ? (
          <DeleteStep category={category} others={deleteStep.others} lastResult={resultOf("delete")} />
        ) : (
          <ButtonLink to={paths.admin.category(category.id, { delete: 1 })} variant="danger" className="mt-3">
            Delete category…
          </ButtonLink>
        )}
      </section>

      <AuditTrail entries={actions} title="This category's history" empty="No admin has changed this category yet." />
    </div>
  );
}

function RenameForm({ name, lastResult }: { name: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useValidatedForm("rename-category", renameCategorySchema, lastResult, { name });
  const busy = useIsPending({ intent: "rename" });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 rounded-xl bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">Rename</h2>
      <ErrorSummary form={form} />
      <Field
        label="Name"
        field={fields.name}
        type="text"
        autoComplete="off"
        hint="Its posts and the businesses that chose it take the new name."
      />
      <div className="max-w-xs">
        <SubmitButton name="intent" value="rename" busy={busy} busyText="Renaming...">
          Rename
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Unused: one confirmation. In use: where its posts and businesses go (another category, or none), which is the confirmation. */
function DeleteStep({
  category,
  others,
  lastResult,
}: {
  category: { id: string; name: string; posts: number; businesses: number };
  others: { value: string; label: string }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useValidatedForm("delete-category", deleteCategorySchema, lastResult);
  const busy = useIsPending({ intent: "delete" });
  const inUse = category.posts + category.businesses > 0;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-3 rounded-lg border border-red-200 bg-red-50 p-3">
      <ErrorSummary form={form} />
      {inUse ? (
        <>
          <p className="text-sm text-red-900">
            {category.name} is on {countOf(category.posts, "post")} and {countOf(category.businesses, "business", "businesses")}. Where
            should they go?
          </p>
          <SelectField
            label="Move its posts and businesses to"
            field={fields.moveTo}
            placeholder="Choose…"
            options={[...others, { value: NO_CATEGORY, label: "No category (posts lose it, businesses drop it)" }]}
          />
        </>
      ) : (
        <p className="text-sm text-red-900">Delete {category.name}? No post or business uses it.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <div className="max-w-xs">
          <SubmitButton name="intent" value="delete" variant="danger" busy={busy} busyText="Deleting...">
            {inUse ? "Move them and delete" : "Yes, delete"}
          </SubmitButton>
        </div>
        <ButtonLink to={paths.admin.category(category.id)} variant="secondary" size="lg">
          Cancel
        </ButtonLink>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
