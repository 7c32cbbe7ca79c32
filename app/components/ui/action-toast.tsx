import { useNotify } from "~/hooks/root-context";
import { useEffect } from "react";

import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/lib/toast";

import { ToastRegion } from "./toaster";

/**
 * A toast that came with an action's answer (a failed form keeps its page, so
 * there is no redirect to carry a flash cookie): drawn into the HTML without
 * JavaScript, handed to root's toaster with it.
 */
export function ActionToast({ toast }: { toast: Toast | null | undefined }) {
  const notify = useNotify();
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && toast) notify(toast);
  }, [hydrated, toast, notify]);
  if (hydrated || !toast) return null;
  return <ToastRegion toast={toast} />;
}
