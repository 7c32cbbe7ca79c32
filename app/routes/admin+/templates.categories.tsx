import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, buttonClasses } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import { templateCategorySchema, type TemplateCategoryInput } from "~/lib/schemas/admin-templates";
import { adminTitle } from "~/lib/title";
import {
  addTemplateCategory,
  deleteTemplateCategory,
  listTemplateCategoriesForAdmin,
  moveTemplateCategory,
  renameTemplateCategory,
  type AdminTemplateCategory,
  type TemplateRefusal,
} from "~/models/admin-templates.server";
import type { ActingAdmin } from "~/models/admin-audit.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Template Categories") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { categories: await listTemplateCategoriesForAdmin() };
}

type Done = { ok: true; toast: string };

/** One change, by the form's intent, with the toast that says it happened. */
async function change(admin: ActingAdmin, input: TemplateCategoryInput): Promise<Done | TemplateRefusal> {
  switch (input.intent) {
    case "add": {
      const added = await addTemplateCategory(admin, input.name);
      return added.ok ? { ok: true, toast: `Category "${input.name}" added` } : added;
    }
    case "rename": {
      const renamed = await renameTemplateCategory(admin, input.id, input.name);
      return renamed.ok ? { ok: true, toast: `Category renamed to "${input.name}"` } : renamed;
    }
    case "move": {
      const moved = await moveTemplateCategory(admin, input.id, input.direction);
      return moved.ok ? { ok: true, toast: `"${moved.name}" moved ${input.direction}` } : moved;
    }
    case "delete": {
      const deleted = await deleteTemplateCategory(admin, input.id, input.moveTo);
      if (!deleted.ok) return deleted;
      return { ok: true, toast: `Category "${deleted.name}" deleted${deleted.moved ? ` (${deleted.moved} moved)` : ""}` };
    }
  }
}

const FAILURE_TITLES: Record<TemplateCategoryInput["intent"], string> = {
  add: "Category not added",
  rename: "Category not renamed",
  move: "Category not moved",
  delete: "Category not deleted",
};

/** Add, rename, move up or down, or delete a category (its templates moved to another): one schema, by intent. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: templateCategorySchema });
  const intent = String(formData.get("intent") ?? "");
  const formId = `${intent}-${String(formData.get("id") ?? "new")}`;
  const title = FAILURE_TITLES[intent as TemplateCategoryInput["intent"]] ?? "Category not changed";
  if (submission.status !== "success") {
    const result = submission.reply();
    return data({ formId, result, toast: refusalToast(title, result) }, { status: 400 });
  }
  const done = await change(admin, submission.value);
  if (done.ok) return redirectWithToast(paths.admin.templateCategories(), { type: "success", title: done.toast });
  const result = submission.reply(
    done.field === "name" || done.field === "moveTo" ? { fieldErrors: { [done.field]: [done.message] } } : { formErrors: [done.message] },
  );
  return data({ formId, result, toast: refusalToast(title, result) }, { status: done.status });
}

export default function TemplateCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (formId: string) => (actionData?.formId === formId ? actionData.result : undefined);
  return (
    <div className="mt-4 max-w-3xl space-y-4">
      <p className="text-sm text-slate-600">
        Businesses see the categories as tabs on their Templates page, in this order. Names are unique, whatever their capitals.
      </p>
      <NameForm
        formId="add-new"
        intent="add"
        label="New category"
        submitLabel="Add category"
        busyText="Adding..."
        lastResult={resultFor("add-new")}
      />
      {categories.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">No categories yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-label="Template categories">
          {categories.map((category, index) => (
            <CategoryRow
              key={category.id}
              category={category}
              first={index === 0}
              last={index === categories.length - 1}
              others={categories.filter((other) => other.id !== category.id)}
              renameResult={resultFor(`rename-${category.id}`)}
              deleteResult={resultFor(`delete-${category.id}`)}
            />
          ))}
        </ol>
      )}
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

/** Adding a category, or renaming one: its name, checked as typed. */
function NameForm({
  formId,
  intent,
  id,
  label,
  defaultName,
  submitLabel,
  busyText,
  lastResult,
}: {
  formId: string;
  intent: "add" | "rename";
  id?: string;
  label: string;
  defaultName?: string;
  submitLabel: string;
  busyText: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useValidatedForm(formId, templateCategorySchema, lastResult, { intent, id, name: defaultName } as never);
  const name = (fields as unknown as { name: FieldMetadata<string> }).name;
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === (id ?? null);
  return (
    <Form method="post" {...getFormProps(form)} className={intent === "add" ? "rounded-xl bg-white p-4 shadow-sm" : "flex-1"}>
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1">
          <Field label={label} field={name} type="text" autoComplete="off" />
        </div>
        <div>
          <SubmitButton busy={busy} busyText={busyText} variant={intent === "add" ? "primary" : "secondary"}>
            {submitLabel}
          </SubmitButton>
        </div>
      </div>
    </Form>
  );
}

function CategoryRow({
  category,
  first,
  last,
  others,
  renameResult,
  deleteResult,
}: {
  category: AdminTemplateCategory;
  first: boolean;
  last: boolean;
  others: AdminTemplateCategory[];
  renameResult: SubmissionResult<string[]> | undefined;
  deleteResult: SubmissionResult<string[]> | undefined;
}) {
  const held = category.templateCount;
  const deleteError = deleteResult?.error ? Object.values(deleteResult.error).flat()[0] : null;
  return (
    <li className="space-y-2 p-3" data-testid="template-category">
      <div className="flex flex-wrap items-end gap-2">
        <NameForm
          key={category.name}
          formId={`rename-${category.id}`}
          intent="rename"
          id={category.id}
          label={`Name (${held === 1 ? "1 template" : `${held} templates`})`}
          defaultName={category.name}
          submitLabel="Rename"
          busyText="Renaming..."
          lastResult={renameResult}
        />
        <Form method="post" className="flex gap-1">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={category.id} />
          <Button type="submit" name="direction" value="up" variant="secondary" disabled={first} aria-label={`Move ${category.name} up`}>
            ↑
          </Button>
          <Button type="submit" name="direction" value="down" variant="secondary" disabled={last} aria-label={`Move ${category.name} down`}>
            ↓
          </Button>
        </Form>
      </div>
      <details open={Boolean(deleteError)}>
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm text-red-700">Delete {category.name}…</summary>
        <Form method="post" className="mt-1 flex flex-wrap items-end gap-2 rounded-lg bg-red-50 p-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={category.id} />
          {held > 0 ? (
            <label className="text-sm">
              <span className="block font-medium text-red-900">Its {held === 1 ? "template moves" : `${held} templates move`} to</span>
              <select name="moveTo" defaultValue="" className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm">
                <option value="">Choose a category</option>
                {others.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="text-sm text-red-900">It holds no templates.</p>
          )}
          <button type="submit" className={buttonClasses({ variant: "danger" })}>
            Yes, delete {category.name}
          </button>
          {deleteError ? (
            <p role="alert" className="w-full text-sm font-medium text-red-700">
              {deleteError}
            </p>
          ) : null}
        </Form>
      </details>
    </li>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
