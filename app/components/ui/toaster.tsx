import { useEffect, useMemo, useState } from "react";

import { useHydrated } from "~/hooks/use-hydrated";
import { TOAST_DURATION_MS, createToast, type Toast, type ToastInput } from "~/lib/toast";

const toneClasses: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-slate-400 bg-white text-slate-900",
};

/**
 * Shows the newest toast (one at a time): the one the server flashed
 * (drawn into the HTML, so it works without JavaScript and fades out by CSS) or
 * the last one raised in the browser. Root loads it once there is a toast.
 */
export default function Toaster({ serverToast, clientToast }: { serverToast: Toast | null; clientToast: ToastInput | null }) {
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const raised = useMemo(() => clientToast && createToast(clientToast), [clientToast]);
  const newest = [raised, serverToast]
    .filter((toast): toast is Toast => toast !== null && !dismissed.has(toast.id))
    .sort((a, b) => b.createdAt - a.createdAt)[0];
  const dismiss = (id: string) => setDismissed((current) => new Set(current).add(id));
  // Before hydration a close button could not work: the toast fades out by CSS.
  return <ToastRegion toast={newest} onDismiss={hydrated ? dismiss : undefined} />;
}

/** onDismiss: given once the toast can be closed (button, and on its own after TOAST_DURATION_MS). */
export function ToastRegion({ toast, onDismiss }: { toast: Toast | undefined; onDismiss?: (id: string) => void }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3">
      {toast ? <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} /> : null}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss?: (id: string) => void }) {
  const dismissible = Boolean(onDismiss);
  useEffect(() => {
    if (!onDismiss) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dismissible, toast.id]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-testid="toast"
      className={`toast-fade pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${toneClasses[toast.type]}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={() => onDismiss(toast.id)}
          className="-mr-1 rounded px-1 text-lg leading-none opacity-60 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
