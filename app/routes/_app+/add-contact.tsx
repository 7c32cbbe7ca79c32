import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { contactLimitReached } from "~/lib/contact-limit";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { contactRoom, createContact, listContactGroups } from "~/models/contacts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { ContactForm, ContactFormPage } from "./__contact-form";
import { saveContactForm } from "./__contact-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Add Contact") }];

/** The form says before anything is typed when the business has no room for another contact; it suggests the business's groups. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [room, groups] = await Promise.all([contactRoom(user.id), listContactGroups(user.id)]);
  return { limitNotice: room.left === 0 ? contactLimitReached(room.limit) : null, groups: groups.map((group) => group.name) };
}

/** Adds the contact (the same model function as POST /api/contacts), then back to the list with 'Contact added'. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const saved = await saveContactForm(user.id, await request.formData(), "Failed to add contact", (userId, input) =>
    createContact(userId, input, "form"),
  );
  if ("reply" in saved) return saved.reply;
  return redirectWithToast(paths.contacts(), { type: "success", title: "Contact added" });
}

export default function AddContact() {
  const { limitNotice, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <ContactFormPage title="Add contact" notice={limitNotice}>
      <ContactForm
        id="add-contact"
        lastResult={actionData?.result}
        duplicateOf={actionData?.duplicateOf}
        groups={groups}
        submitLabel="Add contact"
        busyText="Adding..."
      />
      <ActionToast toast={actionData?.toast} />
    </ContactFormPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
