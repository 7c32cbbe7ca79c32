import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { contactLimitReached } from "~/lib/contact-limit";
import { countOf } from "~/lib/format-count";
import type { PickedContact } from "~/lib/phone-contacts";
import { refusalToast } from "~/lib/refusal";
import { pickedContactsInputSchema } from "~/lib/schemas/contacts.server";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { ContactLimitError, contactRoom, createContact, createContacts, listContactGroups } from "~/models/contacts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { ContactForm, ContactFormPage } from "./__contact-form";
import { saveContactForm } from "./__contact-form.server";
import { ADD_PICKED, PickedContactsForm } from "./__picked-contacts";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Add Contact") }];

/** The form says before anything is typed when the business has no room for another contact; it suggests the business's groups. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [room, groups] = await Promise.all([contactRoom(user.id), listContactGroups(user.id)]);
  return { limitNotice: room.left === 0 ? contactLimitReached(room.limit) : null, groups: groups.map((group) => group.name) };
}

/**
 * Adds the contact (the same model function as POST /api/contacts), then back to the list with
 * 'Contact added'; or the contacts picked from the phone, together, each checked as the form checks
 * one (a bad row refuses the list, saying why on that row; a number the business has is not added twice).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const formData = await request.formData();
  if (formData.get("intent") === ADD_PICKED) return addPicked(user.id, formData);
  const saved = await saveContactForm(user.id, formData, "Failed to add contact", (userId, input) => createContact(userId, input, "form"));
  if ("reply" in saved) return saved.reply;
  return redirectWithToast(paths.contacts(), { type: "success", title: "Contact added" });
}

async function addPicked(userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: pickedContactsInputSchema });
  const refuse = (pickedResult: ReturnType<typeof submission.reply>, status: number) =>
    data({ pickedResult, toast: refusalToast("Failed to add contacts", pickedResult) }, { status });
  if (submission.status !== "success") return refuse(submission.reply(), 400);
  try {
    const { added, existing } = await createContacts(userId, submission.value, "form");
    const already = existing.map(({ index }) => submission.value[index].name);
    return redirectWithToast(paths.contacts(), {
      type: "success",
      title: added.length === 1 ? "Contact added" : "Contacts added",
      description: [`Added ${countOf(added.length, "contact")}.`, already.length ? `Already in your contacts: ${already.join(", ")}.` : ""]
        .join(" ")
        .trim(),
    });
  } catch (error) {
    if (error instanceof ContactLimitError) return refuse(submission.reply({ formErrors: [error.message] }), 409);
    throw error;
  }
}

export default function AddContact() {
  const { limitNotice, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Several contacts picked from the phone replace the form with their list until added or cancelled.
  const [picked, setPicked] = useState<{ contacts: PickedContact[]; leftOut: number; pick: number } | null>(null);
  return (
    <ContactFormPage title="Add contact" notice={limitNotice}>
      {picked ? (
        <PickedContactsForm
          key={picked.pick}
          picked={picked.contacts}
          leftOut={picked.leftOut}
          lastResult={actionData && "pickedResult" in actionData ? actionData.pickedResult : undefined}
          onCancel={() => setPicked(null)}
        />
      ) : (
        <ContactForm
          id="add-contact"
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          duplicateOf={actionData && "duplicateOf" in actionData ? actionData.duplicateOf : undefined}
          groups={groups}
          submitLabel="Add contact"
          busyText="Adding..."
          onPickedSeveral={(contacts, leftOut) => setPicked({ contacts, leftOut, pick: Date.now() })}
        />
      )}
      <ActionToast toast={actionData?.toast} />
    </ContactFormPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
