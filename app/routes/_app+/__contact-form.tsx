import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState, type ReactNode } from "react";

import { ErrorSummary, Field, SelectField, SubmitButton, TextareaField, useValidatedForm } from "~/components/forms";
import { useIsPending } from "~/hooks/use-is-pending";
import { groupKey } from "~/lib/contact-groups";
import { paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import type { PickedContact } from "~/lib/phone-contacts";
import { contactSchema } from "~/lib/schemas/contacts";

import { AddFromPhoneButton } from "./__phone-contacts";

export type ContactFormValues = {
  name: string;
  mobileNumber: string;
  email: string | null;
  tags: string[];
  notes: string | null;
  consent: "opted_in" | "opted_out";
  consentSource: string | null;
};

/** The schema also takes null and arrays (from the API); a form only ever sends text. */
export const asText = (field: unknown) => field as FieldMetadata<string>;

const CONSENT_OPTIONS = [
  { value: "opted_in", label: "Opted in: agreed to receive messages" },
  { value: "opted_out", label: "Opted out: send nothing" },
];

/** The add and edit pages' frame: the way back to the list, the title, and what stops the form from working (the limit of contacts). */
export function ContactFormPage({ title, notice, children }: { title: string; notice?: string | null; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg">
      <Link to={paths.contacts()} className="tap text-sm text-brand-700 hover:underline">
        ← Contacts
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{title}</h1>
      {notice ? <LimitNotice>{notice}</LimitNotice> : null}
      {children}
    </div>
  );
}

/** A limit the business has reached, said before anything is sent. */
export function LimitNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {children}
    </p>
  );
}

/**
 * The name and mobile number every contact form starts with (the full forms and the counter's),
 * and for a number the business already has, the way to that contact.
 */
export function NameAndMobileFields({
  fields,
  duplicateOf,
}: {
  fields: { name: FieldMetadata<string>; mobileNumber: FieldMetadata<string> };
  duplicateOf: string | null | undefined;
}) {
  return (
    <>
      <Field label="Name" field={fields.name} type="text" autoComplete="off" />
      <div>
        <Field label="Mobile number" field={fields.mobileNumber} type="tel" inputMode="tel" placeholder="98123 45678" autoComplete="off" />
        {duplicateOf ? (
          <Link to={paths.editContact(duplicateOf)} className="tap text-sm font-medium text-brand-700 hover:underline">
            Open the existing contact
          </Link>
        ) : null}
      </div>
    </>
  );
}

/** Whether the customer agreed to messages, and where: asked of every contact added, one at a time or picked together. */
export function ConsentFields({
  consent,
  consentSource,
  editing,
}: {
  consent: FieldMetadata<string>;
  consentSource: FieldMetadata<string>;
  editing: boolean;
}) {
  return (
    <>
      <SelectField label="Messages" field={consent} options={CONSENT_OPTIONS} />
      <Field
        label={editing ? "Where a change of consent came from" : "Where the consent came from (optional)"}
        field={consentSource}
        type="text"
        placeholder={editing ? "Asked in store on 3 Dec" : "Asked at the counter"}
        hint={editing ? "Needed when a customer who opted out opts in again. Kept in the consent history below." : undefined}
      />
    </>
  );
}

const GROUP_SUGGESTIONS_ID = "contact-groups";

/**
 * The groups input, suggesting the business's groups (a <datalist>, so the browser offers them
 * without JavaScript, for the first group). With JavaScript the suggestions follow the typing: after
 * 'Regulars, ' they offer 'Regulars, Diwali offers'…, leaving out the groups already typed.
 */
function GroupsField({ field, groups }: { field: FieldMetadata<string>; groups: string[] }) {
  const [typed, setTyped] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const before = /^.*,\s*/s.exec(typed)?.[0] ?? "";
  const chosen = new Set(before.split(",").map((name) => groupKey(name.trim())));
  return (
    <div
      onInput={(event) => {
        if (event.target instanceof HTMLInputElement) setTyped(event.target.value);
      }}
    >
      <Field
        label="Groups (optional, separated by commas)"
        field={field}
        type="text"
        placeholder="Regulars, Diwali offers"
        autoComplete="off"
        list={groups.length ? GROUP_SUGGESTIONS_ID : undefined}
      />
      {groups.length ? (
        <datalist id={GROUP_SUGGESTIONS_ID}>
          {groups
            .filter((name) => !chosen.has(groupKey(name)))
            .map((name) => (
              <option key={name} value={`${before}${name}`} />
            ))}
        </datalist>
      ) : null}
    </div>
  );
}

/**
 * The add and edit contact form: plain fields (no JavaScript needed), checked as you type when it
 * runs; the groups input suggests the business's groups. Editing, the consent's source is the source of a change (empty to start with: the current
 * one is in the history), needed to opt a customer back in.
 */
export function ContactForm({
  id,
  lastResult,
  duplicateOf,
  defaultValue,
  groups,
  submitLabel,
  busyText,
  onPickedSeveral,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  duplicateOf: string | null | undefined;
  defaultValue?: ContactFormValues;
  /** The business's groups, to suggest. */
  groups: string[];
  submitLabel: string;
  busyText: string;
  /** Where the phone's contacts can be picked (adding): one picked fills this form, several go here. */
  onPickedSeveral?: (picked: PickedContact[], leftOut: number) => void;
}) {
  const editing = defaultValue !== undefined;
  // The mobile number as the list shows it ('+91 98123 45678'), which the form takes back as it is.
  const initial = defaultValue
    ? {
        ...defaultValue,
        mobileNumber: formatIndianPhone(defaultValue.mobileNumber) ?? defaultValue.mobileNumber,
        tags: defaultValue.tags.join(", "),
        consentSource: null,
      }
    : undefined;
  const [form, fields] = useValidatedForm(id, contactSchema, lastResult, initial);
  const busy = useIsPending();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <ErrorSummary form={form} />
      {onPickedSeveral ? (
        <AddFromPhoneButton
          onPicked={(picked, leftOut) => {
            if (picked.length > 1) return onPickedSeveral(picked, leftOut);
            // One contact fills the form: the owner still answers the consent question and saves.
            form.update({ name: fields.name.name, value: picked[0].name });
            form.update({ name: fields.mobileNumber.name, value: picked[0].mobileNumber });
          }}
        />
      ) : null}
      <NameAndMobileFields fields={fields} duplicateOf={duplicateOf} />
      <Field label="Email (optional)" field={asText(fields.email)} type="email" autoComplete="off" />
      <GroupsField field={asText(fields.tags)} groups={groups} />
      <TextareaField label="Notes (optional)" field={asText(fields.notes)} rows={3} maxLength={2000} />
      <ConsentFields consent={asText(fields.consent)} consentSource={asText(fields.consentSource)} editing={editing} />
      <SubmitButton busy={busy} busyText={busyText}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
