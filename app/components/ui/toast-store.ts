import { useSyncExternalStore } from "react";

import { TOAST_LIMIT, createToast, type Toast, type ToastInput } from "~/lib/toast";

/** Toasts raised in the browser (e.g. 'Link copied to clipboard!'); at most TOAST_LIMIT at once. */
let toasts: Toast[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function showToast(input: ToastInput): Toast {
  const toast = createToast(input);
  toasts = [toast, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return toast;
}

export function dismissToast(id: string) {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

export function currentToasts(): Toast[] {
  return toasts;
}

const EMPTY: Toast[] = [];

export function useClientToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentToasts,
    () => EMPTY,
  );
}
