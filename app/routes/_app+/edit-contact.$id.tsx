import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { NotFoundBoundary } from "~/components/not-found-boundary";
import { ActionToast } from "~/components/ui/action-toast";
import { Button, ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { replyScopeRule } from "~/lib/consent";
import { paths } from "~/lib/paths";
import { safeRedirect } from "~/lib/safe-redirect";
import { pageTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { smsRegistration } from "~/models/campaigns.server";
import { getConsentHistory } from "~/models/contact-consent.server";
import { deleteContact, getContact, listContactGroups, updateContact } from "~/models/contacts.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

import { ConsentHistoryList } from "./__consent-history";
import { ContactForm, ContactFormPage } from "./__contact-form";
import { saveContactForm } from "./__contact-form.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Edit Contact") }];

/** A delete from the list goes back to the list as it was (its search and page); only a contacts list is accepted. */
function listPage(redirectTo: FormDataEntryValue | null): string | null {
  const target = safeRedirect(redirectTo, "");
  return target === paths.contacts() || target.startsWith(`${paths.contacts()}?`) ? target : null;
}

const NO_SUCH_CONTACT = "There is no contact at this address. It may have been deleted.";

/** A malformed id, an unknown one and another business's contact alike: the workspace's 404, with the way back to the contacts. */
const notFound = () => new Response(NO_SUCH_CONTACT, { status: 404 });

/** The contact, the latest changes of its consent, who an SMS STOP reaches, and the business's groups to suggest. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = params.id ?? "";
  const [contact, consentHistory, groups, registration] = await Promise.all([
    getContact(user.id, id),
    getConsentHistory(user.id, id),
    listContactGroups(user.id),
    smsRegistration(user.id),
  ]);
  if (!contact) throw notFound();
  const replyRule = registration ? replyScopeRule({ ...registration, platformHeader: registration.platform.senderHeader }) : null;
  return { contact, consentHistory, replyRule, groups: groups.map((group) => group.name) };
}

/**
 * Saves the form ('Contact updated'), or deletes in two steps that work without JavaScript:
 * 'Delete contact' asks, 'Yes, delete' does it ('Contact deleted').
 */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const id = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const backTo = listPage(formData.get("redirectTo"));
  if (intent === "delete") {
    if (!(await getContact(user.id, id))) throw notFound();
    return data({ confirmDelete: true, backTo, result: undefined, toast: null, duplicateOf: null });
  }
  if (intent === "confirm-delete") {
    if (!(await deleteContact(user.id, id))) {
      const toast = createToast({
        type: "error",
        title: "Failed to delete contact",
        description: "This contact is no longer in your list: it may have been deleted on another device.",
      });
      return data({ confirmDelete: false, backTo, result: undefined, toast, duplicateOf: null }, { status: 404 });
    }
    return redirectWithToast(backTo ?? paths.contacts(), { type: "success", title: "Contact deleted" });
  }
  const saved = await saveContactForm(user.id, formData, "Failed to update contact", (userId, input) =>
    updateContact(userId, id, input, "form"),
  );
  if ("reply" in saved) return saved.reply;
  if (!saved.contact) throw notFound();
  return redirectWithToast(paths.contacts(), { type: "success", title: "Contact updated" });
}

export default function EditContact() {
  const { contact, consentHistory, replyRule, groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsPending();
  const confirming = actionData && "confirmDelete" in actionData && actionData.confirmDelete;
  const backTo = actionData && "backTo" in actionData ? actionData.backTo : null;
  return (
    <ContactFormPage title="Edit contact">
      {contact.consent === "opted_out" ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="no-sms-opted-out">
          {contact.name} opted out of messages: campaigns leave this number out.
        </p>
      ) : (
        <ButtonLink to={paths.newCampaign({ contactId: contact.id })} variant="secondary" className="mt-3">
          Send SMS<span className="sr-only"> to {contact.name}</span>
        </ButtonLink>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby="confirm-delete" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4">
          <p id="confirm-delete" className="font-medium text-red-900">
            Delete {contact.name}? This cannot be undone.
          </p>
          <Form method="post" className="mt-3 flex gap-2">
            {backTo ? <input type="hidden" name="redirectTo" value={backTo} /> : null}
            <Button type="submit" name="intent" value="confirm-delete" variant="danger" disabled={busy}>
              {busy ? "Deleting..." : "Yes, delete"}
            </Button>
            <ButtonLink to={backTo ?? paths.editContact(contact.id)} variant="secondary">
              Cancel
            </ButtonLink>
          </Form>
        </div>
      ) : null}
      <ContactForm
        id="edit-contact"
        lastResult={actionData?.result}
        duplicateOf={actionData?.duplicateOf}
        defaultValue={contact}
        groups={groups}
        submitLabel="Save changes"
        busyText="Saving..."
      />
      {confirming ? null : (
        <Form method="post" className="mt-4">
          <Button type="submit" name="intent" value="delete" variant="ghost" wide>
            Delete contact
          </Button>
        </Form>
      )}
      <ConsentHistoryList history={consentHistory} replyRule={replyRule} />
      <ActionToast toast={actionData?.toast} />
    </ContactFormPage>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message={NO_SUCH_CONTACT} backTo={paths.contacts()} backLabel="Back to Contacts" />;
}
