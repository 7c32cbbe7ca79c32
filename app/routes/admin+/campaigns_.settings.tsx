import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { AuditTrail } from "~/components/audit-trail";
import { BackLink } from "~/components/back-link";
import { CheckboxField, ErrorSummary, Field, SelectField, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { useIsPending } from "~/hooks/use-is-pending";
import { windowInWords } from "~/lib/sending-window";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import { smsSettingsSchema } from "~/lib/schemas/admin-sms";
import { adminTitle } from "~/lib/title";
import { listAdminActions } from "~/models/admin-audit.server";
import { getSmsSettings, saveSmsSettings } from "~/models/settings.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("SMS Settings") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [settings, audit] = await Promise.all([getSmsSettings(), listAdminActions({ entityType: "setting", entityId: "sms" })]);
  return { settings, audit };
}

/** Saves the three settings together (and their audit row); bad values keep the page with why, nothing changed. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: smsSettingsSchema });
  if (submission.status !== "success") {
    const result = submission.reply();
    return data({ result, toast: refusalToast("SMS settings not saved", result) }, { status: 400 });
  }
  const saved = await saveSmsSettings(admin, submission.value);
  return redirectWithToast(paths.admin.smsSettings(), {
    type: "success",
    title: "SMS settings saved",
    description: `Promotional SMS go out ${windowInWords(saved.window)} India time, as ${saved.platformSenderHeader}.`,
  });
}

const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
const hours = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => ({ value: String(from + index), label: hourLabel(from + index) }));

export default function AdminSmsSettings() {
  const { settings, audit } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useValidatedForm("sms-settings", smsSettingsSchema, actionData?.result, {
    startHour: String(settings.window.startHour),
    endHour: String(settings.window.endHour),
    platformSenderHeader: settings.platformSenderHeader,
    smsFreeTextAllowed: settings.smsFreeTextAllowed ? "on" : undefined,
  });
  const busy = useIsPending();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <BackLink to={paths.admin.campaigns()}>Campaigns</BackLink>
        <h1 className="mt-2 text-2xl font-bold">SMS Settings</h1>
        <p className="mt-1 text-sm text-slate-700" data-testid="sms-window">
          Promotional SMS go out {windowInWords(settings.window)} India time.
        </p>
      </div>
      <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-xl bg-white p-4 shadow-sm">
        <ErrorSummary form={form} />
        <fieldset className="grid grid-cols-2 gap-3">
          <legend className="col-span-2 text-sm font-medium text-slate-700">
            Promotional sending window (India time; operators refuse promotional SMS outside 10:00–21:00)
          </legend>
          <SelectField label="Opens at" field={fields.startHour} options={hours(0, 23)} />
          <SelectField label="Closes at" field={fields.endHour} options={hours(1, 24)} />
        </fieldset>
        <p className="text-xs text-slate-500">
          A campaign already scheduled keeps its start time; the window applies to campaigns sent or resumed from now on.
        </p>
        <Field
          label="Platform sender header"
          field={fields.platformSenderHeader}
          type="text"
          autoComplete="off"
          hint="The 6 letters or digits the platform's templates go out under (a business with its own DLT registration uses its own)."
        />
        <CheckboxField
          label="Allow free-text campaigns"
          field={fields.smsFreeTextAllowed}
          hint="Off: businesses send only DLT templates (operators may block other text)."
        />
        <SubmitButton busy={busy} busyText="Saving...">
          Save SMS settings
        </SubmitButton>
      </Form>
      <AuditTrail entries={audit} title="Changes to the SMS settings" empty="The SMS settings have not been changed here yet." />
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
