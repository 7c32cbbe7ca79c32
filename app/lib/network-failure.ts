/**
 * A request that failed at the network (offline, the connection dropped, the server unreachable),
 * told apart from an answer the server gave: the first keeps the page as it is and offers to try
 * again; the second is the server's word. Plain code: root carries it on every page.
 */
import type { ToastInput } from "./toast";

/** The heading of every 'the connection failed' message. */
export const CONNECTION_FAILED = "Connection failed";

/**
 * What fetch rejects with when no answer came, as each browser words it: Chrome 'Failed to fetch'
 * (and 'network error' when a body breaks off), Firefox 'NetworkError when attempting to fetch
 * resource.', Safari 'Load failed' and 'The network connection was lost.', and a page's code that
 * could not be loaded ('Failed to fetch dynamically imported module', 'Importing a module script failed').
 */
const NETWORK_MESSAGES = /failed to fetch|network ?error|load failed|network connection|importing a module script failed|internet/i;

/** Whether `error` is a request that got no answer (a TypeError from fetch), not a server's answer or a bug. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && NETWORK_MESSAGES.test(error.message);
}

/** What a page that could not be loaded says under 'Connection failed'. */
export const PAGE_NETWORK_FAILURE_MESSAGE = "This page could not be loaded. Check your connection and try again.";

/** A form's submission that failed at the network: which form (its id, when known) and whether the browser was online. */
export type NetworkFailure = { formId: string | null; online: boolean };

const fallbackListeners = new Set<(toast: ToastInput) => void>();

/**
 * Told of failures no form showed (a form without an error summary, a fetcher's button), as the
 * toast that says so: root's. The words come with it from the forms kit, so the feed does not carry them.
 */
export function onUnclaimedNetworkFailure(listener: (toast: ToastInput) => void): () => void {
  fallbackListeners.add(listener);
  return () => fallbackListeners.delete(listener);
}

/** A failure no form showed goes to root's toast (form-network-failure.ts tells the forms first). */
export function tellUnclaimedNetworkFailure(toast: ToastInput): void {
  for (const listener of fallbackListeners) listener(toast);
}

/**
 * Root's and the layouts' shouldRevalidate: offline, their data (the account, the balance) is kept
 * rather than asked for in vain, so a screen whose own data cannot load says so inside the
 * workspace (root's failure would take the whole page). Otherwise as without one: after a refused
 * or failed submission nothing is reloaded (a form whose connection failed stays as it is), nor
 * after a post whose answer says it only read ({readOnly: true}: the campaign composer's live
 * count, posted as it may hold 1,000 contacts), and every other time it is (Remix's single fetch
 * then says true).
 */
export function keepLayoutDataOffline({
  actionStatus,
  actionResult,
  defaultShouldRevalidate,
}: {
  actionStatus?: number;
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (actionStatus !== undefined && actionStatus >= 400) return false;
  if (typeof actionResult === "object" && actionResult !== null && "readOnly" in actionResult && actionResult.readOnly === true)
    return false;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return false;
  return defaultShouldRevalidate;
}
