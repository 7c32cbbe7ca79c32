import { createContext, useContext } from "react";

import type { ToastInput } from "~/lib/toast";

/**
 * Raises a toast in the browser. Root provides it around every page, so any component at any depth
 * reaches it (the workspace, the standalone screens, the admin's nested layouts) without each
 * layout handing it on.
 */
export const NotifyContext = createContext<((toast: ToastInput) => void) | null>(null);

export function useNotify(): (toast: ToastInput) => void {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error("useNotify needs root's NotifyContext.Provider above it");
  return notify;
}
