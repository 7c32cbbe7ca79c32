export const TOAST_TYPES = ["success", "error", "info"] as const;
/** One toast at a time (the newest), shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type Toast = {
  id: string;
  type: (typeof TOAST_TYPES)[number];
  title: string;
  description?: string;
  /** When it was raised (ms), so the newest of a server toast and a browser toast wins. */
  createdAt: number;
};

export type ToastInput = Omit<Toast, "id" | "type" | "createdAt"> & Partial<Pick<Toast, "id" | "type" | "createdAt">>;

/** Fills in an id and the default type. (Plain code: the browser bundle carries no schema library.) */
export function createToast(input: ToastInput): Toast {
  return {
    id: input.id ?? Math.random().toString(36).slice(2),
    type: input.type ?? "info",
    createdAt: input.createdAt ?? Date.now(),
    title: input.title,
    ...(input.description ? { description: input.description } : {}),
  };
}
