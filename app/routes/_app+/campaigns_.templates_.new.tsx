import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { smsRegistration } from "~/models/campaigns.server";
import { createOwnSmsTemplate, providerTemplateIdRequired } from "~/models/sms-templates.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { EMPTY_SMS_TEMPLATE, SmsTemplateForm, SmsTemplatePage } from "./__sms-template-form";
import { saveSmsTemplateForm } from "./__sms-template-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Add an SMS template") }];

/** The header the template will go out under; null while the business has no DLT registration (the page says what to do first). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const registration = await smsRegistration(user.id);
  return {
    senderHeader: registration?.dltEntityId ? registration.senderHeader : null,
    providerTemplateIdRequired: providerTemplateIdRequired(),
  };
}

/** Adds the template ('SMS template added', back to the list) or answers the form with what to fix. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const saved = await saveSmsTemplateForm(await request.formData(), "SMS template not added", (input) =>
    createOwnSmsTemplate(user.id, input),
  );
  if ("reply" in saved) return saved.reply;
  return redirectWithToast(paths.smsTemplates(), {
    type: "success",
    title: "SMS template added",
    description: `"${saved.template.name}" is in the campaign composer under 'Your DLT templates'.`,
  });
}

export default function NewSmsTemplate() {
  const sending = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SmsTemplatePage title="Add an SMS template">
      <SmsTemplateForm
        id="add-sms-template"
        template={EMPTY_SMS_TEMPLATE}
        sending={sending}
        lastResult={actionData?.result}
        submit={["Add template", "Adding..."]}
      />
      <ActionToast toast={actionData?.toast} />
    </SmsTemplatePage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
