import { createContext, useContext } from "react";

import type { ToastInput } from "~/lib/toast";

/*
 * What root provides to every page, at any depth, without a layout handing it on (one module, so
 * the home page loads one small file for both).
 */

/**
 * The moment the server drew the page (root's loader sends it): relative times ('13m ago') and an
 * offer's 'Ends today' are counted from it, so the browser, hydrating the page, draws exactly what
 * the server drew whatever its own clock says (a phone a few minutes off would otherwise make React
 * throw the server's HTML away). Root's loader runs again at each navigation, so it stays fresh.
 */
export const PageTimeContext = createContext<number | null>(null);

/** The page's time; without root's (a screen drawn alone, in a test), the browser's clock. */
export function usePageTime(): Date {
  const time = useContext(PageTimeContext);
  return new Date(time ?? Date.now());
}

/**
 * Raises a toast in the browser: the workspace, the standalone screens and the admin's nested
 * layouts reach it alike.
 */
export const NotifyContext = createContext<((toast: ToastInput) => void) | null>(null);

export function useNotify(): (toast: ToastInput) => void {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error("useNotify needs root's NotifyContext.Provider above it");
  return notify;
}

/** A form kept when the session ended, as root's loader hands it back on its screen: the forms kit fills the form it fits. */
export type KeptDraftFields = { fields: [string, string][]; droppedFiles: number; intent: string | null; reason: "session" | "detour" };

export const KeptDraftContext = createContext<KeptDraftFields | null>(null);

export function useKeptDraft(): KeptDraftFields | null {
  return useContext(KeptDraftContext);
}
