import { z } from "zod";

import { SMS_STATUSES } from "~/lib/sms-status";

import { INVALID_CAMPAIGN_ID } from "./campaign";
import { optionalFilterDay } from "./date-time";

const optionalDay = (name: "from" | "to") =>
  optionalFilterDay(`${name} must be a date, YYYY-MM-DD`, ({ first, last }) => `${name} must be a date from ${first} to ${last}`);

/** The SMS history's filters and page, as /sms-history's search params and GET /api/sms-history's query hold them. */
export const smsHistoryQuerySchema = z.object({
  campaignId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(z.string().uuid(INVALID_CAMPAIGN_ID).nullable()),
  status: z
    .string()
    .optional()
    .transform((value) => value || null)
    .pipe(z.enum(SMS_STATUSES, { message: `status must be one of ${SMS_STATUSES.join(", ")}` }).nullable()),
  from: optionalDay("from"),
  to: optionalDay("to"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type SmsHistoryQuery = z.output<typeof smsHistoryQuerySchema>;
