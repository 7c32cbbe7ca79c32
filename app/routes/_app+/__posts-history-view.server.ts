import { chartPeriod, engagementChartSvg, type DailyEngagement } from "~/lib/engagement-chart";
import { imageVariantUrl } from "~/lib/images";
import { POST_KIND_LABELS, POST_STATUS_LABELS, allowedChanges, canEdit, type PostChange, type PostDisplayStatus } from "~/lib/post-status";
import { paths } from "~/lib/paths";
import { formatDateTime, formatDayMonth, offerEndsLabel } from "~/lib/india-time";
import { postPath } from "~/lib/share";
import type { HistoryPost } from "~/models/post-history.server";
import type { OwnPost } from "~/models/posts.server";

/** What the history page shows of a post: its words, its state, its numbers and its chart, ready to draw. */
export type HistoryItem = {
  id: string;
  kind: OwnPost["kind"];
  kindLabel: string;
  status: PostDisplayStatus;
  statusLabel: string;
  /** 'Published 25 Nov 2026, 10:15 am' or 'Scheduled for 2 Dec 2026, 6:30 pm' (India's time). */
  when: string;
  /** 'Edited 25 Nov 2026, 11:40 am' once its business has corrected it; null when never. */
  edited: string | null;
  /** Its edit page while it may be corrected (within its life); null after. */
  editPath: string | null;
  /** The start of the text: the card shows its first lines. */
  excerpt: string;
  /** A short name for the post, for buttons read aloud ('Hide Diwali sale'). */
  name: string;
  coverUrl: string | null;
  offerTitle: string | null;
  /** 'Valid 20 Nov – 27 Nov · Ends in 3 days', or 'Ended 27 Nov'. */
  offerLine: string | null;
  views: number;
  likes: number;
  removedReason: string | null;
  /** The server-drawn SVG of views and likes per day; none before a scheduled post goes live. */
  chartSvg: string | null;
  changes: PostChange[];
  /** Where visitors see it (a live post only). */
  feedPath: string | null;
  /** What deleting it gives back: a scheduled post's price. */
  refundOnDelete: number;
};

const EXCERPT_LENGTH = 280;

function excerptOf(content: string): string {
  const text = content.trim();
  return text.length <= EXCERPT_LENGTH ? text : `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

function nameOf(post: Pick<OwnPost, "offerTitle" | "content">): string {
  const words = (post.offerTitle ?? post.content).replace(/\s+/g, " ").trim();
  return words.length <= 40 ? words : `${words.slice(0, 39).trimEnd()}…`;
}

function offerLineOf(post: HistoryPost, now: Date): string | null {
  if (post.kind !== "offer" || !post.validUntil) return null;
  if (post.displayStatus === "ended") return `Ended ${formatDayMonth(post.validUntil)}`;
  const window = post.validFrom
    ? `Valid ${formatDayMonth(post.validFrom)} – ${formatDayMonth(post.validUntil)}`
    : `Valid till ${formatDayMonth(post.validUntil)}`;
  const ends = post.displayStatus === "live" ? offerEndsLabel(post.validUntil, now) : null;
  return ends ? `${window} · ${ends}` : window;
}

/** A post of the history as the page draws it, with its chart from its views and likes per day. */
export function historyItem(post: HistoryPost, daily: readonly DailyEngagement[], now: Date = new Date()): HistoryItem {
  const scheduled = post.displayStatus === "scheduled";
  return {
    id: post.id,
    kind: post.kind,
    kindLabel: POST_KIND_LABELS[post.kind],
    status: post.displayStatus,
    statusLabel: POST_STATUS_LABELS[post.displayStatus],
    when: `${scheduled ? "Scheduled for" : "Published"} ${formatDateTime(post.createdAt)}`,
    edited: post.editedAt ? `Edited ${formatDateTime(post.editedAt)}` : null,
    editPath: canEdit(post.displayStatus, post.kind) ? paths.editPost(post.id) : null,
    excerpt: excerptOf(post.content),
    name: nameOf(post),
    coverUrl: post.images[0] ? imageVariantUrl(post.images[0], 160) : null,
    offerTitle: post.kind === "offer" ? post.offerTitle : null,
    offerLine: offerLineOf(post, now),
    views: post.viewsCount,
    likes: post.likesCount,
    removedReason: post.displayStatus === "removed" ? post.removedReason : null,
    chartSvg: scheduled ? null : engagementChartSvg({ daily, ...chartPeriod(post, now) }),
    changes: allowedChanges(post.displayStatus, post.kind),
    feedPath: post.displayStatus === "live" ? postPath(post.id) : null,
    refundOnDelete: scheduled ? post.pricePaid : 0,
  };
}
