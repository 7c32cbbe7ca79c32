import { z } from "zod";

import { POST_REPORT_REASONS, REPORT_DETAILS_MAX } from "~/lib/post-report";

import { noControlCharacters, optionalText } from "./text";

export const REPORT_FORM_MESSAGES = {
  reason: "Choose why you are reporting this post",
  details: `Details can be at most ${REPORT_DETAILS_MAX} characters`,
} as const;

/** A visitor's report of a post: the /posts/{id}/report form and POST /api/posts/{id}/report alike. */
export const reportPostSchema = z.object({
  reason: z.enum(POST_REPORT_REASONS, { message: REPORT_FORM_MESSAGES.reason }),
  details: optionalText(REPORT_DETAILS_MAX, REPORT_FORM_MESSAGES.details, { multiLine: true }),
});

/** The API's body: the report, and the visitor's signed id as the page mirrors it (as likes send it). */
export const reportPostRequestSchema = reportPostSchema.extend({
  anonId: noControlCharacters(z.string()).optional().catch(undefined),
});

export type PostReportInput = z.output<typeof reportPostSchema>;
