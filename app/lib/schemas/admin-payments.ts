import { z } from "zod";

/** /admin/payments: its page (the URL's), and 'Mark refunded' on a payment kept to refund. */
export const ADMIN_PAYMENTS_MESSAGES = {
  notFound: "This payment was not found",
  alreadyRefunded: "This payment is already marked refunded.",
  notToRefund: "Only a payment kept to refund can be marked refunded.",
} as const;

export const adminPaymentsQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) });

export const markRefundedSchema = z.object({
  intent: z.literal("mark-refunded"),
  orderId: z.string().uuid(ADMIN_PAYMENTS_MESSAGES.notFound),
});
