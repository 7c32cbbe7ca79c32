import { z } from "zod";

import type { SMS_STATUSES } from "~/db/schema/messaging";
import { isUuid } from "~/lib/ids";
import { isCalendarDate } from "~/lib/india-time";

/** A campaign page's 404: a malformed id, an unknown one and another business's alike. */
export const CAMPAIGN_NOT_FOUND = "There is no campaign at this address. It may have been deleted.";

export type SmsStatus = (typeof SMS_STATUSES)[number];

/** A message's status as the business reads it in SMS History. */
export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  queued: "Waiting to go",
  submitted: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  undelivered: "Undelivered",
  skipped: "Skipped",
  cancelled: "Cancelled",
};

/** Every status, in the order SMS History's filter offers them. */
export const SMS_STATUS_CHOICES = Object.keys(SMS_STATUS_LABELS) as [SmsStatus, ...SmsStatus[]];

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** /campaigns: a bad page is the first page. */
export const campaignListQuerySchema = z.object({ page });
/** A filter that is not one of its values is no filter: the link still shows the history. */
const day = z
  .string()
  .optional()
  .catch(undefined)
  .transform((value) => (value && isCalendarDate(value) ? value : undefined));

/** /sms-history's filters (its GET form) and GET /api/sms-history's query: days are India's, 'YYYY-MM-DD'. */
export const smsHistoryQuerySchema = z.object({
  campaignId: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => (isUuid(value) ? value.toLowerCase() : undefined)),
  status: z.enum(SMS_STATUS_CHOICES).optional().catch(undefined),
  from: day,
  to: day,
  page,
});

export type SmsHistoryQuery = z.infer<typeof smsHistoryQuerySchema>;
