import { z } from "zod";

export const TOAST_TYPES = ["success", "error", "info"] as const;
/** SPEC §9: one toast at a time, shown for 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

export const toastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  type: z.enum(TOAST_TYPES).default("info"),
  title: z.string().min(1),
  description: z.string().optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastInput = z.input<typeof toastSchema>;
