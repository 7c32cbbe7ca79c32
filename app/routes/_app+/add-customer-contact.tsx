import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorSummary, SubmitButton, useValidatedForm } from "~/components/forms";
import { ActionToast } from "~/components/ui/action-toast";
import { useIsPending } from "~/hooks/use-is-pending";
import { contactLimitReached } from "~/lib/contact-limit";
import { paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import { contactSchema } from "~/lib/schemas/contacts";
import { pageTitle } from "~/lib/title";
import { contactRoom, createContact, getContact } from "~/models/contacts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { ContactFormPage, NameAndMobileFields } from "./__contact-form";
import { saveContactForm } from "./__contact-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Add Customer Contact") }];

/** Where a contact added at the counter says its consent came from. */
const COUNTER_CONSENT_SOURCE = "Added at the counter";

/** The counter form asks for the name and mobile only, checked by the contact schema's own rules and messages. */
const counterContactSchema = contactSchema.pick({ name: true, mobileNumber: true });

/** The contact just added, named by `?added=` in the address: only one of this business's, else nothing. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const addedId = new URL(request.url).searchParams.get("added");
  const [added, room] = await Promise.all([addedId ? getContact(user.id, addedId) : null, contactRoom(user.id)]);
  return {
    added: added ? { id: added.id, name: added.name, mobileNumber: added.mobileNumber } : null,
    total: room.contacts,
    limitNotice: room.left === 0 ? contactLimitReached(room.limit) : null,
  };
}

/**
 * Adds the customer (the same model function as /add-contact and POST /api/contacts), opted in at
 * the counter, then back to an empty form with 'Contact added' and the one just added.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const saved = await saveContactForm(user.id, await request.formData(), "Failed to add contact", (userId, { name, mobileNumber }) =>
    createContact(
      userId,
      {
        name,
        mobileNumber,
        email: null,
        tags: [],
        notes: null,
        consent: "opted_in",
        consentSource: COUNTER_CONSENT_SOURCE,
      },
      "form",
    ),
  );
  if ("reply" in saved) return saved.reply;
  // createContact answers a contact or throws: it is never null here.
  const next = `${paths.addCustomerContact()}?${new URLSearchParams({ added: saved.contact!.id })}`;
  return redirectWithToast(next, { type: "success", title: "Contact added" });
}

export default function AddCustomerContact() {
  const { added, total, limitNotice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ContactFormPage title="Add customer contact" notice={limitNotice}>
      <p className="mt-1 text-sm text-slate-600">
        Name and mobile number, then the next customer. {total} {total === 1 ? "contact" : "contacts"} saved.
      </p>
      <div role="status" className="mt-4 empty:hidden">
        {added ? (
          <p className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-green-900">
            <span>
              Added: {added.name}, <span className="whitespace-nowrap">{formatIndianPhone(added.mobileNumber)}</span>
            </span>
            <Link to={paths.editContact(added.id)} className="tap text-sm font-medium text-brand-700 hover:underline">
              Edit<span className="sr-only"> {added.name}</span>
            </Link>
          </p>
        ) : null}
      </div>
      {/* A new form for each customer: empty again once one is added, even when the page is not reloaded. */}
      <CounterForm
        key={added?.id ?? "first"}
        lastResult={actionData?.result}
        duplicateOf={actionData?.duplicateOf}
        focusName={Boolean(added)}
      />
      <ActionToast toast={actionData?.toast} />
    </ContactFormPage>
  );
}

/** Two big fields for a phone at the counter; the name field takes the focus again after each add. */
function CounterForm({
  lastResult,
  duplicateOf,
  focusName,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  duplicateOf: string | null | undefined;
  focusName: boolean;
}) {
  const [form, fields] = useValidatedForm("add-customer-contact", counterContactSchema, lastResult);
  const busy = useIsPending();
  useEffect(() => {
    if (focusName) document.getElementById(fields.name.id)?.focus();
  }, [focusName, fields.name.id]);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4 [&_input]:py-3 [&_input]:text-lg">
      <ErrorSummary form={form} />
      <NameAndMobileFields fields={fields} duplicateOf={duplicateOf} />
      <SubmitButton busy={busy} busyText="Adding...">
        Add contact
      </SubmitButton>
    </Form>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
