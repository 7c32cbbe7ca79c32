import { useFetcher, useFetchers } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from "react";

import { closeRowMenu, focusMenuItem } from "~/components/row-menu";
import { buttonClasses } from "~/components/ui/button";

/**
 * A list item's Delete that asks first. Without JavaScript the Delete button is a real form that
 * goes to a confirm step of the page's own; with it the item asks in place ('Delete this post?')
 * and the confirmed delete goes through a fetcher named after the item, so the list can hide it
 * (and drop its total) before the server answers, and bring it back if the delete fails.
 */

type FetcherSubmission = { state: "idle" | "submitting" | "loading"; formData?: FormData };

function isDeleting(fetcher: FetcherSubmission, intent: string): boolean {
  return fetcher.state !== "idle" && fetcher.formData?.get("intent") === intent;
}

/** How many of the list's items are being deleted right now (their fetchers' keys start with `keyPrefix`). */
export function usePendingDeleteCount(keyPrefix: string, intent: string): number {
  return useFetchers().filter((fetcher) => fetcher.key.startsWith(keyPrefix) && isDeleting(fetcher, intent)).length;
}

type Question = { Form: ReturnType<typeof useFetcher>["Form"]; intent: string; cancelRef: RefObject<HTMLButtonElement>; close: () => void };

/**
 * The state of one item's delete: `ask` goes on the Delete button (it asks instead of submitting),
 * `question` to <DeleteQuestion> while it asks, `deleting` while a confirmed delete is under way.
 * The focus goes to Cancel when the item asks, and back to Delete (or the closed menu it is in) when it stops asking.
 */
export function useDeleteStep<Data>(key: string, intent: string) {
  const fetcher = useFetcher<Data>({ key });
  const [confirming, setConfirming] = useState(false);
  const askButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (wasConfirming.current) focusMenuItem(askButton.current);
    wasConfirming.current = confirming;
  }, [confirming]);
  const question: Question | null = confirming
    ? { Form: fetcher.Form, intent, cancelRef: cancelButton, close: () => setConfirming(false) }
    : null;
  return {
    fetcher,
    deleting: isDeleting(fetcher, intent),
    ask: {
      ref: askButton,
      disabled: confirming,
      onClick: (event: MouseEvent<HTMLButtonElement>) => {
        event.preventDefault();
        closeRowMenu(event.currentTarget);
        setConfirming(true);
      },
    },
    question,
  };
}

/** The in-place question with 'Yes, delete' and 'Cancel'; nothing unless the item is asking. */
export function DeleteQuestion({
  question,
  action,
  id,
  fields,
  className = "",
  children,
}: {
  question: Question | null;
  action: string;
  /** The question's element id, which labels the form. */
  id: string;
  /** Hidden fields the action needs besides the intent. */
  fields: Record<string, string>;
  className?: string;
  children: ReactNode;
}) {
  if (!question) return null;
  const { Form, intent, cancelRef, close } = question;
  return (
    <Form
      method="post"
      action={action}
      aria-labelledby={id}
      onSubmit={close}
      className={`flex flex-wrap items-center justify-end gap-2 rounded-lg bg-red-50 px-3 py-2 ${className}`}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p id={id} className="mr-auto text-sm font-medium text-red-900">
        {children}
      </p>
      <button type="submit" name="intent" value={intent} className={buttonClasses({ variant: "danger", size: "sm" })}>
        Yes, delete
      </button>
      <button ref={cancelRef} type="button" onClick={close} className={buttonClasses({ variant: "secondary", size: "sm" })}>
        Cancel
      </button>
    </Form>
  );
}
