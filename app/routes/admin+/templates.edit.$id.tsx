import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { AuditTrail } from "~/components/audit-trail";
import { NotFoundBoundary } from "~/components/not-found-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { templateStatusSchema } from "~/lib/schemas/admin-templates";
import { previewTemplateForm } from "~/lib/template-preview";
import { adminTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { listAdminActions } from "~/models/admin-audit.server";
import {
  deleteTemplate,
  getAdminTemplate,
  listTemplateCategoriesForAdmin,
  setTemplateActive,
  TEMPLATE_NOT_FOUND,
  updateTemplate,
} from "~/models/admin-templates.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

import { KIND_NAMES, TemplateForm, templateFormFields } from "./__template-form";
import { submitTemplateForm } from "./__template-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: adminTitle(data ? `Edit ${data.template.title}` : "Edit Template") },
];

/** An unknown id, a deleted template and a business's own alike: 404 inside the admin frame. */
const notFound = () => new Response(TEMPLATE_NOT_FOUND, { status: 404 });

/** The template, its form's categories, its preview filled with the sample business, and its audit trail. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const id = params.id ?? "";
  const [template, categories, trail] = await Promise.all([
    getAdminTemplate(id),
    listTemplateCategoriesForAdmin(),
    listAdminActions({ entityType: "template", entityId: id }),
  ]);
  if (!template) throw notFound();
  return {
    template,
    categories: categories.map(({ id, name }) => ({ id, name })),
    preview: previewTemplateForm(templateFormFields(template)),
    trail,
  };
}

/**
 * Saves the form ('Template saved') or redraws its preview (intent=preview); enables or disables it;
 * deletes it in two steps that work without JavaScript: 'Delete template' asks, 'Yes, delete' does it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const id = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "enable" || intent === "disable") {
    const status = templateStatusSchema.safeParse({ intent, id });
    const changed = status.success ? await setTemplateActive(admin, id, intent === "enable") : null;
    if (!changed?.ok) throw notFound();
    return redirectWithToast(paths.admin.editTemplate(id), {
      type: "success",
      title: intent === "enable" ? "Template enabled" : "Template disabled",
    });
  }
  if (intent === "delete") {
    if (!(await getAdminTemplate(id))) throw notFound();
    return data({ confirmDelete: true, result: undefined, preview: null, toast: null });
  }
  if (intent === "confirm-delete") {
    const deleted = await deleteTemplate(admin, id);
    if (!deleted.ok) {
      const toast = createToast({ type: "error", title: "Template not deleted", description: deleted.message });
      return data({ confirmDelete: false, result: undefined, preview: null, toast }, { status: deleted.status });
    }
    return redirectWithToast(paths.admin.templates(), {
      type: "success",
      title: "Template deleted",
      description: `"${deleted.title}" is gone.`,
    });
  }
  const submitted = await submitTemplateForm(formData, "Template not saved", (input) => updateTemplate(admin, id, input));
  if ("reply" in submitted) return submitted.reply;
  return redirectWithToast(paths.admin.editTemplate(id), { type: "success", title: "Template saved" });
}

export default function EditTemplate() {
  const { template, categories, preview, trail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const confirming = Boolean(actionData && "confirmDelete" in actionData && actionData.confirmDelete);
  const deleting = useIsPending({ intent: "confirm-delete" });
  const switching = useIsPending({ intent: template.isActive ? "disable" : "enable" });
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-xl font-semibold">
          Edit {KIND_NAMES[template.kind]} template: {template.title}
        </h2>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${template.isActive ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"}`}
          data-testid="template-status"
        >
          {template.isActive ? "Active" : "Disabled"}
        </span>
        <Form method="post">
          <Button type="submit" name="intent" value={template.isActive ? "disable" : "enable"} variant="secondary" disabled={switching}>
            {template.isActive ? "Disable" : "Enable"}
          </Button>
        </Form>
        {confirming ? null : (
          <Form method="post">
            <Button type="submit" name="intent" value="delete" variant="ghost">
              Delete template
            </Button>
          </Form>
        )}
      </div>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-delete" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
          <p id="confirm-delete" className="font-medium text-red-900">
            Delete &quot;{template.title}&quot;? Businesses will no longer find it. This cannot be undone (the audit trail keeps what it
            was).
          </p>
          <Form method="post" className="mt-3 flex gap-2">
            <Button type="submit" name="intent" value="confirm-delete" variant="danger" disabled={deleting}>
              {deleting ? "Deleting..." : "Yes, delete"}
            </Button>
            <ButtonLink to={paths.admin.editTemplate(template.id)} variant="secondary">
              Cancel
            </ButtonLink>
          </Form>
        </div>
      ) : null}
      <TemplateForm
        // A change made elsewhere (Enable, another tab) starts the form afresh from the saved template.
        key={new Date(template.updatedAt).toISOString()}
        id="edit-template"
        template={template}
        categories={categories}
        lastResult={actionData?.result}
        preview={actionData?.preview ?? preview}
        submitLabel="Save template"
        busyText="Saving..."
      />
      <div className="mt-6">
        <AuditTrail entries={trail} title="Changes to this template" empty="No admin has changed this template yet." />
      </div>
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message={TEMPLATE_NOT_FOUND} backTo={paths.admin.templates()} backLabel="All templates" />;
}
