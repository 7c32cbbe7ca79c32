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
 * (drawn into the HTML, so it works without JavaScript) or
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
  return <ToastRegion toast={newest} onDismiss={hydrated ? dismiss : undefined} />;
}

/**
 * Toasts sit at the bottom of the screen, above a phone's tab bar, never over the header or the
 * navigation; screen readers hear them politely, errors too: a refused form's error summary is the
 * alert, and takes the focus (two alerts would say the reason twice). onDismiss: given
 * once the page runs JavaScript (a close button; the toast leaves on its own after TOAST_DURATION_MS);
 * before that a toast is a <details> that its × closes, and it fades out by CSS. (A refused form
 * also says why on the page, in its error summary.)
 */
export function ToastRegion({ toast, onDismiss }: { toast: Toast | undefined; onDismiss?: (id: string) => void }) {
  return (
    <div
      aria-live="polite"
      className="toast-region pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 px-3 lg:items-end lg:px-6"
    >
      {toast ? <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} /> : null}
    </div>
  );
}

const CLOSE_BUTTON =
  "absolute right-0 top-0 flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg text-xl leading-none opacity-70 hover:opacity-100";

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss?: (id: string) => void }) {
  const dismissible = Boolean(onDismiss);
  useEffect(() => {
    if (!onDismiss) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [dismissible, toast.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const frame = `pointer-events-auto relative w-full max-w-sm rounded-lg border-l-4 py-3 pl-4 pr-12 shadow-lg ${toneClasses[toast.type]}`;
  const message = (
    <div role="status">
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="text-sm opacity-90">{toast.description}</p> : null}
    </div>
  );
  if (onDismiss) {
    return (
      <div data-testid="toast" className={frame}>
        {message}
        <button type="button" onClick={() => onDismiss(toast.id)} className={CLOSE_BUTTON} aria-label="Dismiss notification">
          ×
        </button>
      </div>
    );
  }
  return (
    <details open data-testid="toast" className={`${frame} toast-fade [&:not([open])]:hidden`}>
      <summary aria-label="Dismiss notification" className={`${CLOSE_BUTTON} [&::-webkit-details-marker]:hidden`}>
        ×
      </summary>
      {message}
    </details>
  );
}
