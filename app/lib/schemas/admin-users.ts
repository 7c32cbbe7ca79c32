import { z } from "zod";

import { noControlCharacters, searchText } from "./text";

/**
 * /admin/users and a business's page there: the list's query, and the forms of the page's actions
 * (suspend, reactivate, add or remove credits, send a password-reset link), told apart by `intent`.
 */

export const ADMIN_USERS_MESSAGES = {
  notFound: "There is no business at this address.",
  reasonRequired: "Give a reason (the business and the audit trail see it)",
  reasonTooLong: "A reason can be at most 300 characters",
  amountRequired: "Enter the number of credits",
  amountWhole: "Credits are a whole number, like 500",
  amountRange: "Credits must be between 1 and 1,000,000",
  directionRequired: "Choose add or remove",
  nonceInvalid: "This form could not be sent as it was drawn. Reload the page and try again.",
  insufficient: (balance: number) =>
    `The business has only ${balance.toLocaleString("en-IN")} credits: a balance cannot go below zero. Nothing was changed.`,
  isAdmin: "The admin account cannot be suspended or have its credits changed here.",
  deleted: "This account was deleted: it cannot be changed.",
  alreadySuspended: "This business is already suspended.",
  notSuspended: "This business is not suspended.",
  resetNotActive: "A suspended account cannot reset its password: reactivate it first.",
  resetNoEmail: "This account has no email address to send a link to.",
} as const;

/** The longest search a list takes (a longer one is cut there). */
export const ADMIN_USER_SEARCH_MAX = 100;
/** The most businesses on one page of the list. */
export const ADMIN_USERS_PAGE_SIZE = 25;
/** The most credits one adjustment moves. */
export const MAX_CREDIT_ADJUSTMENT = 1_000_000;

export const ADMIN_USER_STATUS_FILTERS = ["all", "active", "suspended", "deleted"] as const;
export type AdminUserStatusFilter = (typeof ADMIN_USER_STATUS_FILTERS)[number];
export const ADMIN_USER_SORTS = ["newest", "name", "balance"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ADMIN_USER_SORT_LABELS: Record<AdminUserSort, string> = {
  newest: "Newest first",
  name: "Name (A–Z)",
  balance: "Balance (highest first)",
};
export const ADMIN_USER_STATUS_LABELS: Record<AdminUserStatusFilter, string> = {
  all: "Active and suspended",
  active: "Active",
  suspended: "Suspended",
  deleted: "Deleted",
};

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

/** The list's URL: anything malformed falls back to its default (a shared link never errors). */
export const adminUserListQuerySchema = z.object({
  q: searchText(ADMIN_USER_SEARCH_MAX),
  status: z.enum(ADMIN_USER_STATUS_FILTERS).catch("all").default("all"),
  sort: z.enum(ADMIN_USER_SORTS).catch("newest").default("newest"),
  page: page.default(1),
});
export type AdminUserListQuery = z.output<typeof adminUserListQuerySchema>;

/** A business page's ledger page (`?ledger=2`). */
export const adminUserPageQuerySchema = z.object({ ledger: page.default(1) });

const reason = noControlCharacters(
  z
    .string({ required_error: ADMIN_USERS_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.reasonRequired)
    .max(300, ADMIN_USERS_MESSAGES.reasonTooLong),
);

/** 'Suspend' with the reason the business is told. */
export const suspendBusinessSchema = z.object({ intent: z.literal("suspend"), reason });

/** 'Reactivate' (no fields). */
export const reactivateBusinessSchema = z.object({ intent: z.literal("reactivate") });

/**
 * 'Add or remove credits': a whole number of credits with the reason the business reads in its
 * ledger, and the form's nonce (a fresh one each time the form is drawn), the ledger row's
 * reference, so a form sent twice moves the credits once.
 */
export const adjustCreditsSchema = z.object({
  intent: z.literal("adjust-credits"),
  direction: z.enum(["add", "remove"], { errorMap: () => ({ message: ADMIN_USERS_MESSAGES.directionRequired }) }),
  // '1,000' is a thousand, as people write it.
  amount: z
    .string({ required_error: ADMIN_USERS_MESSAGES.amountRequired })
    .transform((value) => value.trim().replace(/,/g, ""))
    .pipe(
      z
        .string()
        .min(1, ADMIN_USERS_MESSAGES.amountRequired)
        .regex(/^\d+$/, ADMIN_USERS_MESSAGES.amountWhole)
        .max(12, ADMIN_USERS_MESSAGES.amountRange)
        .transform(Number)
        .pipe(z.number().int().min(1, ADMIN_USERS_MESSAGES.amountRange).max(MAX_CREDIT_ADJUSTMENT, ADMIN_USERS_MESSAGES.amountRange)),
    ),
  reason,
  nonce: noControlCharacters(
    z
      .string({ required_error: ADMIN_USERS_MESSAGES.nonceInvalid })
      .trim()
      .min(8, ADMIN_USERS_MESSAGES.nonceInvalid)
      .max(100, ADMIN_USERS_MESSAGES.nonceInvalid),
  ),
});
export type CreditAdjustmentInput = z.output<typeof adjustCreditsSchema>;

/** 'Send password-reset link' (no fields). */
export const sendPasswordResetSchema = z.object({ intent: z.literal("send-reset") });
