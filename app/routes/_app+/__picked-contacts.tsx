import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";

import { ErrorSummary, Field, SubmitButton, useValidatedForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { countOf } from "~/lib/format-count";
import { PICKED_CONTACTS_MAX, type PickedContact } from "~/lib/phone-contacts";
import { pickedContactsSchema } from "~/lib/schemas/contacts";

import { ConsentFields, asText } from "./__contact-form";

/** The add-contact action's intent for a list picked from the phone. */
export const ADD_PICKED = "add-picked";

/**
 * Several contacts picked from the phone, for the owner to review before adding: each one's name and
 * mobile number (editable; a bad one is refused on its own row), and the consent question asked once
 * for them all, as for any contact. Sent to the add-contact action, which adds them together.
 */
export function PickedContactsForm({
  picked,
  leftOut,
  lastResult,
  onCancel,
}: {
  picked: PickedContact[];
  leftOut: number;
  lastResult: SubmissionResult<string[]> | undefined;
  onCancel: () => void;
}) {
  const [form, fields] = useValidatedForm(ADD_PICKED, pickedContactsSchema, lastResult, {
    contacts: picked,
    consent: "opted_in",
    consentSource: null,
  });
  const busy = useIsPending({ intent: ADD_PICKED });
  const rows = fields.contacts.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="font-semibold text-slate-900">{countOf(rows.length, "contact")} from your phone</h2>
      {leftOut ? (
        <p role="status" className="text-sm text-amber-900">
          {`Only ${PICKED_CONTACTS_MAX} are added at a time: ${countOf(leftOut, "contact")} picked after them ${leftOut === 1 ? "was" : "were"} left out.`}
        </p>
      ) : null}
      <ErrorSummary form={form} />
      <input type="hidden" name="intent" value={ADD_PICKED} />
      <ol className="space-y-3">
        {rows.map((row, index) => {
          const contact = row.getFieldset();
          return (
            <li key={row.key}>
              <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
                <legend className="px-1 text-sm font-medium text-slate-700">Contact {index + 1}</legend>
                <Field label="Name" field={contact.name} type="text" autoComplete="off" />
                <Field label="Mobile number" field={contact.mobileNumber} type="tel" inputMode="tel" autoComplete="off" />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <ConsentFields consent={asText(fields.consent)} consentSource={asText(fields.consentSource)} editing={false} />
      <SubmitButton busy={busy} busyText="Adding...">
        {`Add ${countOf(rows.length, "contact")}`}
      </SubmitButton>
      <Button variant="ghost" wide onClick={onCancel}>
        Cancel
      </Button>
    </Form>
  );
}
