/** Why a visitor reports a post, in the order the report form offers them. */
export const POST_REPORT_REASONS = ["spam", "misleading", "offensive", "scam", "other"] as const;
export type PostReportReason = (typeof POST_REPORT_REASONS)[number];

export const POST_REPORT_REASON_LABELS: Record<PostReportReason, string> = {
  spam: "Spam or repeated posting",
  misleading: "False or misleading offer",
  offensive: "Offensive or inappropriate",
  scam: "Scam or fraud",
  other: "Something else",
};

/** At most this many characters of details with a report. */
export const REPORT_DETAILS_MAX = 500;

/** What a visitor reads after reporting, the first time and any later time. */
export const REPORT_MESSAGES = {
  thanks: "Thanks, we review every report.",
  alreadyReported: "You already reported this post. Thanks, we review every report.",
  unavailable: "This post is no longer available.",
} as const;
