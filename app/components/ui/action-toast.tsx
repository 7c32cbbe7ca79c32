import { useOutletContext } from "@remix-run/react";
import { useEffect } from "react";

import { useHydrated } from "~/hooks/use-hydrated";
import type { Toast } from "~/lib/toast";
import type { RootContext } from "~/root";

import { ToastRegion } from "./toaster";

/**
 * A toast that came with an action's answer (a failed form keeps its page, so
 * there is no redirect to carry a flash cookie): drawn into the HTML without
 * JavaScript, handed to root's toaster with it (so it belongs on a page
 * directly under root, which gets root's Outlet context).
 */
export function ActionToast({ toast }: { toast: Toast | null | undefined }) {
  const { notify } = useOutletContext<RootContext>();
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && toast) notify(toast);
  }, [hydrated, toast, notify]);
  if (hydrated || !toast) return null;
  return <ToastRegion toast={toast} />;
}
