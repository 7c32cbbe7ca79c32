import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { ActionToast } from "~/components/ui/action-toast";
import { TEMPLATE_KINDS, type TemplateKind } from "~/lib/template-kinds";
import { paths } from "~/lib/paths";
import { previewTemplateForm } from "~/lib/template-preview";
import { adminTitle } from "~/lib/title";
import { createTemplate, listTemplateCategoriesForAdmin } from "~/models/admin-templates.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

import { emptyTemplate, KIND_NAMES, TemplateForm, templateFormFields } from "./__template-form";
import { submitTemplateForm } from "./__template-form.server";

export { clientAction } from "~/components/forms";

const ADD_HEADINGS: Record<TemplateKind, string> = {
  post: "Add a post template",
  offer: "Add an offer template",
  sms: "Add an SMS template",
};

export const meta: MetaFunction = () => [{ title: adminTitle("Add Template") }];

/** The kind asked for (?kind=), a post unless it names another. */
function kindOf(request: Request): TemplateKind {
  const kind = new URL(request.url).searchParams.get("kind");
  return TEMPLATE_KINDS.find((known) => known === kind) ?? "post";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const kind = kindOf(request);
  const categories = await listTemplateCategoriesForAdmin();
  return {
    kind,
    categories: categories.map(({ id, name }) => ({ id, name })),
    preview: previewTemplateForm(templateFormFields(emptyTemplate(kind))),
  };
}

/** Saves a new template ('Template added', then its edit page) or answers the form with what to fix. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submitted = await submitTemplateForm(await request.formData(), "Template not added", (input) => createTemplate(admin, input));
  if ("reply" in submitted) return submitted.reply;
  return redirectWithToast(paths.admin.editTemplate(submitted.saved.id), { type: "success", title: "Template added" });
}

export default function AddTemplate() {
  const { kind, categories, preview } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mt-4">
      <h2 className="text-xl font-semibold">{ADD_HEADINGS[kind]}</h2>
      <nav aria-label="Kind of template" className="mt-2 flex flex-wrap gap-2">
        {TEMPLATE_KINDS.map((option) => (
          <Link
            key={option}
            to={paths.admin.addTemplate({ kind: option })}
            aria-current={option === kind ? "page" : undefined}
            className={`tap rounded-full border px-4 text-sm font-medium ${
              option === kind ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700"
            }`}
          >
            {KIND_NAMES[option]}
          </Link>
        ))}
      </nav>
      <TemplateForm
        key={kind}
        id={`add-${kind}-template`}
        template={emptyTemplate(kind)}
        categories={categories}
        lastResult={actionData?.result}
        preview={actionData?.preview ?? preview}
        submitLabel="Add template"
        busyText="Adding..."
      />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
