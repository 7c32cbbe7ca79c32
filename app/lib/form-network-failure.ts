import { CONNECTION_FAILED, tellUnclaimedNetworkFailure, type NetworkFailure } from "./network-failure";

/**
 * Which form a submission that failed at the network came from, and telling that form: the forms
 * kit's part of network-failure.ts, in a module of its own so pages without forms (the feed) do not
 * carry it.
 */

/**
 * What a form that could not be sent says under 'Connection failed'. Offline, the browser sent
 * nothing; online, the request may have reached the server and its answer been lost, so the
 * message says only what is true either way: pressing again is safe (a paid form's key makes
 * the server answer a repeat with what the first made, never charging twice).
 */
export function formNetworkFailureMessage(online: boolean): string {
  return online
    ? "No answer came from the server. What you typed is still here: press the button again. You are never charged twice for one form."
    : "You are offline: nothing was sent or charged. What you typed is still here: press the button again when you are back online.";
}

/** Told of a failure; answers true when it shows it (the form's own message), so nothing else does. */
type Listener = (failure: NetworkFailure) => boolean;

const formListeners = new Set<Listener>();

/** A form on the page listens for its failures (the forms kit's error summary). Returns the unsubscribe. */
export function onFormNetworkFailure(listener: Listener): () => void {
  formListeners.add(listener);
  return () => formListeners.delete(listener);
}

/** Tells the form that failed, or (when none says it showed it) root's toast, once. */
export function reportNetworkFailure(failure: NetworkFailure): void {
  let shown = false;
  for (const listener of formListeners) shown = listener(failure) || shown;
  if (!shown)
    tellUnclaimedNetworkFailure({ type: "error", title: CONNECTION_FAILED, description: formNetworkFailureMessage(failure.online) });
}

/** How long a submit event names the form a submission came from (the submission starts at once). */
const SUBMIT_MEMORY_MS = 2000;
let submitted: { formId: string; at: number } | null = null;

/** The form just submitted (the error summary notes its own form's submit events). */
export function noteSubmittedForm(formId: string, now = Date.now()): void {
  submitted = { formId, at: now };
}

/** The form noted in the last moments, once: a submission without a submit event (a script's) names none. */
export function takeSubmittedForm(now = Date.now()): string | null {
  const noted = submitted;
  submitted = null;
  return noted && now - noted.at <= SUBMIT_MEMORY_MS ? noted.formId : null;
}
