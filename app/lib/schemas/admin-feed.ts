import { z } from "zod";

import { noControlCharacters } from "./text";

export const ADMIN_POST_REASON_MAX = 500;

export const ADMIN_FEED_MESSAGES = {
  reasonRequired: "Give the reason: the business reads it in its Posts History",
  reasonTooLong: `The reason can be at most ${ADMIN_POST_REASON_MAX} characters`,
  notFound: "This post was not found.",
} as const;

/** Removing a post: the reason its business will read. */
export const removePostSchema = z.object({
  intent: z.literal("remove"),
  reason: z
    .string({ required_error: ADMIN_FEED_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_FEED_MESSAGES.reasonRequired)
    .pipe(noControlCharacters(z.string().max(ADMIN_POST_REASON_MAX, ADMIN_FEED_MESSAGES.reasonTooLong), { multiLine: true })),
});

/** Restoring a removed post: nothing to fill in. */
export const restorePostSchema = z.object({ intent: z.literal("restore") });

/** Dismissing a post's open reports, leaving the post as it is: nothing to fill in. */
export const dismissReportsSchema = z.object({ intent: z.literal("dismiss") });

/** Every form of a post's admin page. */
export const adminPostActionSchema = z.discriminatedUnion("intent", [removePostSchema, restorePostSchema, dismissReportsSchema]);
