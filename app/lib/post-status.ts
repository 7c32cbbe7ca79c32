/**
 * A post's status as its business sees it in the history. The table stores scheduled, live,
 * hidden or removed; an offer whose validUntil has passed has ended, whatever its stored status
 * (there is no 'ended' value: an offer ends by time, or early when its business ends it).
 */
export const POST_DISPLAY_STATUSES = ["scheduled", "live", "ended", "hidden", "removed"] as const;
export type PostDisplayStatus = (typeof POST_DISPLAY_STATUSES)[number];

export const POST_STATUS_LABELS: Record<PostDisplayStatus, string> = {
  scheduled: "Scheduled",
  live: "Live",
  ended: "Ended",
  hidden: "Hidden",
  removed: "Removed by admin",
};

export const POST_KIND_LABELS = { update: "Post", offer: "Offer" } as const;

type PostKind = keyof typeof POST_KIND_LABELS;
type StoredStatus = "scheduled" | "live" | "hidden" | "removed";

export type StatusFields = { status: StoredStatus; kind: PostKind; validUntil: Date | string | null };

/** Whether an offer's end has come (an update never ends). */
export function hasEnded(post: Pick<StatusFields, "kind" | "validUntil">, now: Date = new Date()): boolean {
  if (post.kind !== "offer" || post.validUntil === null) return false;
  return new Date(post.validUntil).getTime() <= now.getTime();
}

/**
 * What the history shows: the admin's removal and a post still waiting for its time come first;
 * then an offer that has ended, hidden or not (ending is for good: showing it again would not put
 * it back in the feed); then hidden or live.
 */
export function postDisplayStatus(post: StatusFields, now: Date = new Date()): PostDisplayStatus {
  if (post.status === "removed" || post.status === "scheduled") return post.status;
  if (hasEnded(post, now)) return "ended";
  return post.status;
}

export const POST_CHANGES = ["hide", "show", "end"] as const;
export type PostChange = (typeof POST_CHANGES)[number];

/**
 * The changes a business may make to a post in this status, as changePost in posts.server.ts
 * allows them (it checks again in its WHERE): hide a live post, show a hidden one again, end a
 * running offer early. A scheduled, ended or removed post can only be deleted.
 */
export function allowedChanges(displayStatus: PostDisplayStatus, kind: PostKind): PostChange[] {
  const ending: PostChange[] = kind === "offer" ? ["end"] : [];
  if (displayStatus === "live") return ["hide", ...ending];
  if (displayStatus === "hidden") return ["show", ...ending];
  return [];
}

/** What the business is told when a change does not apply to the post as it is now. */
export function changeRefusal(change: PostChange, displayStatus: PostDisplayStatus, kind: PostKind): string {
  const noun = POST_KIND_LABELS[kind].toLowerCase();
  if (displayStatus === "removed") return `The admin removed this ${noun}: it can only be deleted.`;
  if (displayStatus === "scheduled") return `This ${noun} is scheduled and not in the feed yet: delete it to cancel it.`;
  if (displayStatus === "ended")
    return change === "end" ? "This offer has already ended." : "This offer has ended: it is not in the feed any more.";
  switch (change) {
    case "hide":
      return `This ${noun} is already hidden.`;
    case "show":
      return `This ${noun} is already in the feed.`;
    case "end":
      return "Only an offer can be ended early.";
  }
}

/** The toast after a change that was made: 'Post hidden', 'Post shown again', 'Offer ended'. */
export function changeDone(change: PostChange): string {
  return { hide: "Post hidden", show: "Post shown again", end: "Offer ended" }[change];
}

/** The toast after a delete: 'Post deleted', or for a scheduled post 'Post deleted: 20 credits refunded'. */
export function deleteDone(refunded: number): string {
  if (refunded <= 0) return "Post deleted";
  return `Post deleted: ${refunded} ${refunded === 1 ? "credit" : "credits"} refunded`;
}
