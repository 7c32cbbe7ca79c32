import { z } from "zod";

import { indianDate } from "~/lib/india-time";
import { CREDIT_ORDER_STATUSES } from "~/lib/order-status";

import { optionalFilterDay } from "./date-time";
import { noControlCharacters } from "./text";

/**
 * /admin/payments: its filters and page (a GET form: all of them in the URL), 'Mark refunded' on a
 * payment kept to refund, 'Check with Razorpay now' on an order not yet settled, and the month of
 * the GST invoice register.
 */
export const ADMIN_PAYMENTS_MESSAGES = {
  notFound: "This payment was not found",
  alreadyRefunded: "This payment is already marked refunded.",
  notToRefund: "Only a payment kept to refund can be marked refunded.",
  alreadySettled: (status: string) => `This order is already ${status}: there is nothing more to ask the gateway.`,
  gatewayDown: (gateway: string) => `${gateway} did not answer: nothing was changed. Try again in a minute.`,
  badStatus: "Choose a status from the list",
  badSearch: "Search by business name, email, order id, payment id or invoice number (at most 100 characters)",
  badDay: "Dates look like 2026-11-26",
  dayOutOfRange: ({ first, last }: { first: string; last: string }) => `Dates must be from ${first} to ${last}`,
  toBeforeFrom: "The 'to' date must not be before the 'from' date",
  badMonth: "Choose a month, e.g. 2026-11",
  monthOutOfRange: (last: string) => `Choose a month from 2000-01 to ${last}`,
} as const;

/** The list's 'To look at' choice: what the dashboard's 'Payments to look at' counts (payments to refund first). */
export const TO_LOOK_AT = "to-look-at";

/** What the status filter may choose: the payments to look at, or one status of an order. */
export const ADMIN_PAYMENT_FILTERS = [TO_LOOK_AT, ...CREDIT_ORDER_STATUSES] as const;
export type AdminPaymentFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];

const blankAsNull = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);
const optionalDay = optionalFilterDay(ADMIN_PAYMENTS_MESSAGES.badDay, ADMIN_PAYMENTS_MESSAGES.dayOutOfRange);

export const SEARCH_MAX = 100;

/** /admin/payments's search params: status, a search, the days (in India) the orders were made, the page. */
export const adminPaymentsQuerySchema = z
  .object({
    status: z.preprocess(blankAsNull, z.enum(ADMIN_PAYMENT_FILTERS, { message: ADMIN_PAYMENTS_MESSAGES.badStatus }).nullable()),
    q: z.preprocess(blankAsNull, noControlCharacters(z.string().max(SEARCH_MAX, ADMIN_PAYMENTS_MESSAGES.badSearch)).nullable()),
    from: optionalDay,
    to: optionalDay,
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: ADMIN_PAYMENTS_MESSAGES.toBeforeFrom, path: ["to"] });

export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;

export const markRefundedSchema = z.object({
  intent: z.literal("mark-refunded"),
  orderId: z.string().uuid(ADMIN_PAYMENTS_MESSAGES.notFound),
});

export const checkWithGatewaySchema = z.object({
  intent: z.literal("check-gateway"),
  orderId: z.string().uuid(ADMIN_PAYMENTS_MESSAGES.notFound),
});

/** The two buttons of a row, told apart by their `intent`. */
export const adminPaymentActionSchema = z.discriminatedUnion("intent", [markRefundedSchema, checkWithGatewaySchema]);

/** The month in India, 'YYYY-MM'. */
export const indianMonth = (at: Date = new Date()) => indianDate(at).slice(0, 7);

/** The GST register's month, 'YYYY-MM' (as `<input type="month">` sends it): from 2000-01 to this month in India. */
export const registerMonthSchema = z.object({
  month: z
    .string({ required_error: ADMIN_PAYMENTS_MESSAGES.badMonth })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, ADMIN_PAYMENTS_MESSAGES.badMonth)
    .superRefine((month, context) => {
      const last = indianMonth();
      if (month < "2000-01" || month > last) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: ADMIN_PAYMENTS_MESSAGES.monthOutOfRange(last) });
      }
    }),
});
