import { useEffect, useState } from "react";

import { TOAST_DURATION_MS, TOAST_LIMIT, type Toast } from "~/lib/toast";

import { dismissToast, showToast, useClientToasts } from "./toast-store";

const toneClasses: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-slate-400 bg-white text-slate-900",
};

/**
 * Shows the newest toast: the one the server flashed (drawn into the HTML, so
 * it works without JavaScript and fades out by CSS) or one raised in the browser.
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const clientToasts = useClientToasts();
  const [hydrated, setHydrated] = useState(false);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setHydrated(true), []);

  const visible = [...clientToasts, ...(serverToast ? [serverToast] : [])]
    .filter((toast) => !dismissed.has(toast.id))
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, TOAST_LIMIT);
  const dismiss = (id: string) => {
    dismissToast(id);
    setDismissed((current) => new Set(current).add(id));
  };
  return <ToastRegion toasts={visible} autoDismiss={hydrated} onDismiss={dismiss} />;
}

function ToastRegion({ toasts, autoDismiss, onDismiss }: { toasts: Toast[]; autoDismiss: boolean; onDismiss: (id: string) => void }) {
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} autoDismiss={autoDismiss} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

/**
 * A toast that came with an action's answer (a failed form keeps its page, so
 * there is no redirect to carry a flash cookie): drawn into the HTML without
 * JavaScript, handed to the toaster with it.
 */
export function ActionToast({ toast }: { toast: Toast | null | undefined }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (hydrated && toast) showToast(toast);
  }, [hydrated, toast]);
  if (hydrated || !toast) return null;
  return <ToastRegion toasts={[toast]} autoDismiss={false} onDismiss={dismissToast} />;
}

function ToastItem({ toast, autoDismiss, onDismiss }: { toast: Toast; autoDismiss: boolean; onDismiss: (id: string) => void }) {
  useEffect(() => {
    if (!autoDismiss) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [autoDismiss, toast.id]); // eslint-disable-line react-hooks/exhaustive-deps

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
      {autoDismiss ? (
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
