/**
 * A message's life: queued (ours) → submitted (the provider took it) → delivered, failed or
 * undelivered (its delivery report); or skipped (never sent: opted out, not a mobile), cancelled
 * (its campaign was), or failed before the provider took it (refunded).
 */
export const SMS_STATUSES = ["queued", "submitted", "delivered", "failed", "undelivered", "skipped", "cancelled"] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** How SMS history names each status. */
export const SMS_STATUS_LABELS: Record<SmsStatus, string> = {
  queued: "Queued",
  submitted: "Sent",
  delivered: "Delivered",
  failed: "Failed",
  undelivered: "Undelivered",
  skipped: "Skipped",
  cancelled: "Cancelled",
};
