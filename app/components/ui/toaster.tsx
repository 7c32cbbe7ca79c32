import { useEffect, useState } from "react";

import { TOAST_DURATION_MS, TOAST_LIMIT, type Toast } from "~/lib/toast";

import { dismissToast, showToast, useClientToasts } from "./toast-store";

const toneClasses: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-slate-400 bg-white text-slate-900",
};

/**
 * Shows the toast the server flashed (rendered into the HTML, so it works
 * without JavaScript and fades out by CSS) and any toast raised in the browser.
 */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const clientToasts = useClientToasts();
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => setHydrated(true), []);
  // Once hydrated, the server's toast joins the client store so a later one replaces it.
  useEffect(() => {
    if (hydrated && serverToast) showToast(serverToast);
  }, [hydrated, serverToast]);

  const visible = (hydrated ? clientToasts : serverToast ? [serverToast] : []).slice(0, TOAST_LIMIT);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-3">
      {visible.map((toast) => (
        <ToastItem key={toast.id} toast={toast} autoDismiss={hydrated} />
      ))}
    </div>
  );
}

function ToastItem({ toast, autoDismiss }: { toast: Toast; autoDismiss: boolean }) {
  useEffect(() => {
    if (!autoDismiss) return;
    const timer = setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [autoDismiss, toast.id]);

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
          onClick={() => dismissToast(toast.id)}
          className="-mr-1 rounded px-1 text-lg leading-none opacity-60 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
