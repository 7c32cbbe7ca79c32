import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";

import { BackLink } from "~/components/back-link";
import { asTextField, ErrorSummary, Field, SelectField, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { ownSmsTemplateSchema } from "~/lib/schemas/sms-templates";
import { SMS_CATEGORY_OPTIONS, type SmsCategory } from "~/lib/template-kinds";

/** A template as its form starts: the saved one, or an empty promotional one. */
export type SmsTemplateFormValues = {
  name: string;
  text: string;
  dltTemplateId: string;
  category: SmsCategory;
  providerTemplateId: string | null;
  slotHints: string[];
};

export const EMPTY_SMS_TEMPLATE: SmsTemplateFormValues = {
  name: "",
  text: "",
  dltTemplateId: "",
  category: "promotional",
  providerTemplateId: null,
  slotHints: [],
};

/** The add and edit pages' frame: the way back to the list and the title. */
export function SmsTemplatePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg">
      <BackLink to={paths.smsTemplates()}>Your SMS templates</BackLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/** Said instead of a form while the business has no DLT registration of its own. */
export function NeedsRegistration() {
  return (
    <div role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950">
      <p>
        Your own templates are approved on DLT under your business&apos;s own registration. Add your DLT entity ID and sender header in
        Settings first; then add the templates DLT approved for you here.
      </p>
      <Link to={paths.settings()} className="tap mt-1 font-medium text-brand-700 underline">
        Add your DLT registration in Settings
      </Link>
    </div>
  );
}

/** What the form needs of the business and the product: the header it sends under (null: no registration yet), and whether MSG91 sends. */
export type SmsTemplateSending = { senderHeader: string | null; providerTemplateIdRequired: boolean };

/**
 * A business's own DLT template: the approved text with its {#var#} blanks, the ids DLT and MSG91
 * gave it, its category and what each blank is for; without the business's own registration, what
 * to do first instead. A plain form (it works without JavaScript); with it, the fields are checked
 * as they change by the schema the server uses.
 */
export function SmsTemplateForm({
  id,
  template,
  sending,
  lastResult,
  submit: [submitLabel, busyText],
}: {
  id: string;
  template: SmsTemplateFormValues;
  sending: SmsTemplateSending;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The button's words, and what it says while saving. */
  submit: [string, string];
}) {
  const { senderHeader, providerTemplateIdRequired } = sending;
  const schema = useMemo(() => ownSmsTemplateSchema({ providerTemplateIdRequired }), [providerTemplateIdRequired]);
  const [form, fields] = useValidatedForm(id, schema, lastResult, {
    ...template,
    providerTemplateId: template.providerTemplateId ?? "",
    slotHints: template.slotHints.join("\n"),
  });
  const saving = useIsPending({ intent: "save" });
  if (!senderHeader) return <NeedsRegistration />;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 rounded-xl bg-white p-4 shadow-sm">
      <ErrorSummary form={form} />
      <p className="text-sm text-slate-600">
        Campaigns from this template go out as <strong>{senderHeader}</strong>, under your DLT registration.
      </p>
      <Field
        label="Template name"
        field={fields.name}
        type="text"
        autoComplete="off"
        placeholder="Order ready"
        hint="Only you see it, in the campaign composer."
      />
      <TextareaField label="Approved text" field={asTextField(fields.text)} rows={5} />
      <p className="-mt-2 text-xs break-words text-slate-500">
        Exactly as DLT approved it, each blank written {"{#var#}"}. English letters: 160 per SMS; Hindi or emoji: 70 per SMS.
      </p>
      <Field
        label="DLT template ID"
        field={asTextField(fields.dltTemplateId)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="1107172600000000001"
        hint="The 19-digit Content Template ID the DLT portal gave this template."
      />
      <SelectField label="Category" field={asTextField(fields.category)} options={[...SMS_CATEGORY_OPTIONS]} />
      <Field
        label={providerTemplateIdRequired ? "MSG91 template ID" : "MSG91 template ID (optional)"}
        field={asTextField(fields.providerTemplateId)}
        type="text"
        autoComplete="off"
        hint="MSG91 sends by its own id for each DLT template: make the template in MSG91's panel and copy its id here."
      />
      <TextareaField
        label="What each blank is for (optional, one a line, in order)"
        field={asTextField(fields.slotHints)}
        rows={3}
        placeholder={"Customer name\nOrder number"}
      />
      <SubmitButton busy={saving} busyText={busyText} name="intent" value="save">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
