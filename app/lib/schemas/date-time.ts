import { z } from "zod";

import { filterDayRange, fromIndianDateTime } from "~/lib/india-days";

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

/**
 * A date filter's day 'YYYY-MM-DD' (blank: no filter): `badDay` when it is not a calendar date,
 * `outOfRange` when it falls outside filterDayRange (a list filtered from 0001-01-01 was a 500).
 */
export const optionalFilterDay = (badDay: string, outOfRange: (range: { first: string; last: string }) => string) =>
  z
    .preprocess((value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null), z.string().date(badDay).nullable())
    .superRefine((day, context) => {
      const range = filterDayRange();
      if (day !== null && (day < range.first || day > range.last)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: outOfRange(range) });
      }
    });
