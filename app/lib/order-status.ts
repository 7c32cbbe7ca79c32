/**
 * The statuses the credit_orders table stores (its CHECK constraint is made from this list).
 * created: its payment link is open; paid: credited, with its invoice; failed: the payment was
 * declined or the link never made; expired: unpaid when its link ended; to_refund: paid after it
 * expired, for a pack no longer on sale, so nothing was credited and the admin owes the money back;
 * refunded: the admin has given it back (decision 016).
 */
export const CREDIT_ORDER_STATUSES = ["created", "paid", "failed", "expired", "to_refund", "refunded"] as const;
export type CreditOrderStatus = (typeof CREDIT_ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<CreditOrderStatus, string> = {
  created: "Awaiting payment",
  paid: "Paid",
  failed: "Failed",
  expired: "Expired",
  to_refund: "To refund",
  refunded: "Refunded",
};
