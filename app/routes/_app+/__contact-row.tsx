import { Form, Link, useFetcher, useFetchers, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { RowMenu, closeRowMenu, focusMenuItem, menuItemClasses } from "~/components/row-menu";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { formatIndianPhone } from "~/lib/phone";
import type { ContactListItem } from "~/models/contacts.server";

import type { action as editContactAction } from "./edit-contact.$id";

/** Each row deletes through its own fetcher, named after the contact, so the list can see which deletes are under way. */
const DELETE_FETCHER_PREFIX = "delete-contact:";

type FetcherSubmission = { state: "idle" | "submitting" | "loading"; formData?: FormData };

/** A confirmed delete not finished yet: its row is hidden meanwhile, and comes back if the delete fails. */
function isDeleting(fetcher: FetcherSubmission): boolean {
  return fetcher.state !== "idle" && fetcher.formData?.get("intent") === "confirm-delete";
}

/** How many of the list's contacts are being deleted right now, so the total drops with their rows. */
export function usePendingDeleteCount(): number {
  return useFetchers().filter((fetcher) => fetcher.key.startsWith(DELETE_FETCHER_PREFIX) && isDeleting(fetcher)).length;
}

/**
 * One contact in the list, with Edit, and Delete apart in its '⋯' menu. Delete posts to the edit page's action: without
 * JavaScript that page asks to confirm; with it the row asks ('Delete Ravi?') and goes at once.
 */
export function ContactRow({ contact }: { contact: ContactListItem }) {
  const fetcher = useFetcher<typeof editContactAction>({ key: `${DELETE_FETCHER_PREFIX}${contact.id}` });
  const [confirming, setConfirming] = useState(false);
  const location = useLocation();
  // After the delete, back to the list as it is now (its search and page).
  const listPage = `${location.pathname}${location.search}`;
  const deleteButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // The focus goes to Cancel when the row asks, and back to Delete when it stops asking.
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (wasConfirming.current) focusMenuItem(deleteButton.current);
    wasConfirming.current = confirming;
  }, [confirming]);
  const questionId = `confirm-delete-${contact.id}`;
  return (
    <li className={`${isDeleting(fetcher) ? "hidden" : "flex"} flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3`}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{contact.name}</p>
        <p className="text-sm text-slate-600">
          <a href={`tel:${contact.mobileNumber}`} className="tap whitespace-nowrap hover:underline">
            {formatIndianPhone(contact.mobileNumber)}
          </a>
        </p>
        {contact.email ? <p className="truncate text-sm text-slate-500">{contact.email}</p> : null}
        {contact.tags.length ? (
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Groups">
            {contact.tags.map((name) => (
              <li key={name} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                {name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${contact.optedOut ? "bg-slate-100 text-slate-600" : "bg-green-50 text-green-800"}`}
      >
        {contact.optedOut ? "Opted out" : "Opted in"}
      </span>
      <div className="flex items-center gap-2">
        <Link to={paths.editContact(contact.id)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Edit<span className="sr-only"> {contact.name}</span>
        </Link>
        <RowMenu label={`More for ${contact.name}`}>
          <Form method="post" action={paths.editContact(contact.id)}>
            <input type="hidden" name="redirectTo" value={listPage} />
            <button
              ref={deleteButton}
              type="submit"
              name="intent"
              value="delete"
              disabled={confirming}
              onClick={(event) => {
                event.preventDefault();
                closeRowMenu(event.currentTarget);
                setConfirming(true);
              }}
              className={menuItemClasses("danger")}
            >
              Delete<span className="sr-only"> {contact.name}</span>
            </button>
          </Form>
        </RowMenu>
      </div>
      {confirming ? (
        <fetcher.Form
          method="post"
          action={paths.editContact(contact.id)}
          aria-labelledby={questionId}
          onSubmit={() => setConfirming(false)}
          className="flex w-full flex-wrap items-center justify-end gap-2 rounded-lg bg-red-50 px-3 py-2"
        >
          <input type="hidden" name="redirectTo" value={listPage} />
          <p id={questionId} className="mr-auto text-sm font-medium text-red-900">
            Delete {contact.name}?
          </p>
          <button type="submit" name="intent" value="confirm-delete" className={buttonClasses({ variant: "danger", size: "sm" })}>
            Yes, delete
          </button>
          <button
            ref={cancelButton}
            type="button"
            onClick={() => setConfirming(false)}
            className={buttonClasses({ variant: "secondary", size: "sm" })}
          >
            Cancel
          </button>
        </fetcher.Form>
      ) : null}
      <ActionToast toast={fetcher.data?.toast} />
    </li>
  );
}
