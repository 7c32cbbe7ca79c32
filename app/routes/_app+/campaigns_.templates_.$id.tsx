import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { NotFoundBoundary } from "~/components/not-found-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { OWN_SMS_TEMPLATE_MESSAGES } from "~/lib/schemas/sms-templates";
import { pageTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { smsRegistration } from "~/models/campaigns.server";
import { deleteOwnSmsTemplate, getOwnSmsTemplate, providerTemplateIdRequired, updateOwnSmsTemplate } from "~/models/sms-templates.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { SmsTemplateForm, SmsTemplatePage } from "./__sms-template-form";
import { saveSmsTemplateForm } from "./__sms-template-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `Edit ${data.template.name}` : "SMS template") }];

/** A malformed id, an unknown one, the platform's and another business's alike: the workspace's 404, with the way back to the list. */
const notFound = () => new Response(OWN_SMS_TEMPLATE_MESSAGES.notFound, { status: 404 });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [template, registration] = await Promise.all([getOwnSmsTemplate(user.id, params.id ?? ""), smsRegistration(user.id)]);
  if (!template) throw notFound();
  return {
    template: { ...template, updatedAt: template.updatedAt.toISOString() },
    senderHeader: registration?.dltEntityId ? registration.senderHeader : null,
    providerTemplateIdRequired: providerTemplateIdRequired(),
  };
}

/**
 * Saves the form ('SMS template saved'), or deletes in two steps that work without JavaScript:
 * 'Delete template' asks, 'Yes, delete' does it (refused while a campaign of it is unfinished).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const id = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "delete") {
    if (!(await getOwnSmsTemplate(user.id, id))) throw notFound();
    return data({ confirmDelete: true, result: undefined, toast: null });
  }
  if (intent === "confirm-delete") {
    const deleted = await deleteOwnSmsTemplate(user.id, id);
    if (!deleted.ok) {
      if (deleted.status === 404) throw notFound();
      const toast = createToast({ type: "error", title: "SMS template not deleted", description: deleted.message });
      return data({ confirmDelete: false, result: undefined, toast }, { status: deleted.status });
    }
    return redirectWithToast(paths.smsTemplates(), {
      type: "success",
      title: "SMS template deleted",
      description: `"${deleted.name}" is gone.`,
    });
  }
  const saved = await saveSmsTemplateForm(formData, "SMS template not saved", (input) => updateOwnSmsTemplate(user.id, id, input));
  if ("reply" in saved) return saved.reply;
  return redirectWithToast(paths.smsTemplates(), { type: "success", title: "SMS template saved" });
}

export default function EditSmsTemplate() {
  const { template, ...sending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleting = useIsPending({ intent: "confirm-delete" });
  const confirming = Boolean(actionData?.confirmDelete);
  return (
    <SmsTemplatePage title={`Edit ${template.name}`}>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-delete" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4">
          <p id="confirm-delete" className="font-medium text-red-900">
            Delete &quot;{template.name}&quot;? Campaigns already sent from it keep their messages. This cannot be undone.
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="confirm-delete" variant="danger" disabled={deleting}>
              {deleting ? "Deleting..." : "Yes, delete"}
            </Button>
            <ButtonLink to={paths.smsTemplate(template.id)} variant="secondary">
              Cancel
            </ButtonLink>
          </Form>
        </div>
      ) : null}
      <SmsTemplateForm
        // Saved elsewhere (another tab), the form starts afresh from the saved template.
        key={template.updatedAt}
        id="edit-sms-template"
        template={template}
        sending={sending}
        lastResult={actionData?.result}
        submit={["Save template", "Saving..."]}
      />
      {confirming ? null : (
        <Form method="post" className="mt-4">
          <Button type="submit" name="intent" value="delete" variant="ghost" wide>
            Delete template
          </Button>
        </Form>
      )}
      <ActionToast toast={actionData?.toast} />
    </SmsTemplatePage>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message={OWN_SMS_TEMPLATE_MESSAGES.notFound} backTo={paths.smsTemplates()} backLabel="Your SMS templates" />;
}
