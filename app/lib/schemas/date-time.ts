import { z } from "zod";

import { fromIndianDateTime } from "~/lib/india-time";

/** A datetime-local field read as a time in India ('2026-12-01T18:30'): null when empty, `message` when it is not a real time. */
export const optionalIndianDateTime = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null;
      const at = fromIndianDateTime(value);
      if (!at) {
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return at;
    });
