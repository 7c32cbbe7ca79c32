export const POST_KINDS = ["update", "offer"] as const;
export type PostKind = (typeof POST_KINDS)[number];

/**
 * The statuses the posts table stores (its CHECK constraint is made from this list). scheduled:
 * paid for, waiting for its time; live: in the feed (an offer until it ends); hidden: withdrawn by
 * its business; removed: taken down by the admin (with a reason).
 */
export const POST_STATUSES = ["scheduled", "live", "hidden", "removed"] as const;
export type StoredPostStatus = (typeof POST_STATUSES)[number];

/**
 * A post's status as its business sees it in the history. An offer whose validUntil has passed has
 * ended, whatever its stored status (there is no stored 'ended': an offer ends by time, or early
 * when its business ends it).
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

export const POST_KIND_LABELS: Record<PostKind, string> = { update: "Post", offer: "Offer" };

export type StatusFields = { status: StoredPostStatus; kind: PostKind; validUntil: Date | string | null };

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

/** 'post' or 'offer', as a refusal names it. */
type Noun = string;

type ChangeRule = {
  /** The display statuses it applies to: the model's guarded UPDATE (or DELETE) allows only these in its WHERE. */
  from: readonly PostDisplayStatus[];
  /** The kinds of post it applies to. */
  kinds: readonly PostKind[];
  /**
   * The stored status it leaves; 'ended' keeps the status and moves the offer's end to now;
   * 'unchanged' keeps it (an edit changes the words, not where the post is); null deletes the post.
   */
  to: StoredPostStatus | "ended" | "unchanged" | null;
  /** The button, and its words while the change is under way. */
  button: { label: string; busy: string };
  /** The toast once done. */
  done: string;
};

/** A change short of deleting: refused, with a reason, to a post already where it would take it, or of the wrong kind. */
type StatusChangeRule = ChangeRule & {
  alreadyThere: { status: PostDisplayStatus; refusal: (noun: Noun) => string };
  wrongKind?: string;
};

/**
 * Every change a business may make to its own post, one row each: the history's buttons, the
 * form and PATCH /api/posts/{id}, the model's guarded UPDATE and the sentences a business reads
 * all come from here. Hide a live post, show a hidden one again, end a running offer early;
 * delete any post.
 */
export const POST_CHANGE_RULES = {
  hide: {
    from: ["live"],
    kinds: POST_KINDS,
    to: "hidden",
    button: { label: "Hide", busy: "Hiding..." },
    done: "Post hidden",
    alreadyThere: { status: "hidden", refusal: (noun) => `This ${noun} is already hidden.` },
  },
  show: {
    from: ["hidden"],
    kinds: POST_KINDS,
    to: "live",
    button: { label: "Show again", busy: "Showing..." },
    done: "Post shown again",
    alreadyThere: { status: "live", refusal: (noun) => `This ${noun} is already in the feed.` },
  },
  end: {
    from: ["live", "hidden"],
    kinds: ["offer"],
    to: "ended",
    button: { label: "End offer", busy: "Ending..." },
    done: "Offer ended",
    alreadyThere: { status: "ended", refusal: () => "This offer has already ended." },
    wrongKind: "Only an offer can be ended early.",
  },
  edit: {
    // Within its life: waiting, in the feed or hidden. An ended offer or the admin's removal is final.
    from: ["scheduled", "live", "hidden"],
    kinds: POST_KINDS,
    to: "unchanged",
    button: { label: "Edit", busy: "Saving..." },
    done: "Changes saved: the feed shows them now",
  },
  delete: {
    from: POST_DISPLAY_STATUSES,
    kinds: POST_KINDS,
    to: null,
    button: { label: "Delete", busy: "Deleting..." },
    done: "Post deleted",
    question: (noun: Noun) => `Delete this ${noun}?`,
  },
} as const satisfies {
  hide: StatusChangeRule;
  show: StatusChangeRule;
  end: StatusChangeRule;
  edit: ChangeRule;
  delete: ChangeRule & { question: (noun: Noun) => string };
};

/** What a post in this status refuses, whatever the change asked (only deleting is left to it). */
const STATUS_REFUSALS: Partial<Record<PostDisplayStatus, (noun: Noun) => string>> = {
  removed: (noun) => `The admin removed this ${noun}: it can only be deleted.`,
  scheduled: (noun) => `This ${noun} is scheduled and not in the feed yet: delete it to cancel it.`,
  ended: () => "This offer has ended: it is not in the feed any more.",
};

/** The changes PATCH /api/posts/{id} and the history's buttons make; deleting has its own route and question. */
export const POST_CHANGES = ["hide", "show", "end"] as const;
export type PostChange = (typeof POST_CHANGES)[number];

const RULES: Record<PostChange, StatusChangeRule> & { edit: ChangeRule; delete: ChangeRule } = POST_CHANGE_RULES;

/** Whether the table lets this change be made to a post in this status, of this kind. */
export function changeApplies(change: PostChange | "edit" | "delete", displayStatus: PostDisplayStatus, kind: PostKind): boolean {
  return RULES[change].from.includes(displayStatus) && RULES[change].kinds.includes(kind);
}

/** The changes a business may make to a post in this status: its buttons (a scheduled, ended or removed post can only be deleted). */
export function allowedChanges(displayStatus: PostDisplayStatus, kind: PostKind): PostChange[] {
  return POST_CHANGES.filter((change) => changeApplies(change, displayStatus, kind));
}

/** What the business is told when a change does not apply to the post as it is now. */
export function changeRefusal(change: PostChange, displayStatus: PostDisplayStatus, kind: PostKind): string {
  const rule = RULES[change];
  const noun = POST_KIND_LABELS[kind].toLowerCase();
  if (rule.alreadyThere.status === displayStatus) return rule.alreadyThere.refusal(noun);
  const refusal = STATUS_REFUSALS[displayStatus];
  if (refusal) return refusal(noun);
  if (rule.wrongKind && !rule.kinds.includes(kind)) return rule.wrongKind;
  // Only a race reaches this: the post changed between the refused UPDATE and the read that explains it.
  return rule.alreadyThere.refusal(noun);
}

/** The toast after a change that was made: 'Post hidden', 'Post shown again', 'Offer ended'. */
export function changeDone(change: PostChange): string {
  return RULES[change].done;
}

/** The toast after a delete: 'Post deleted', or for a scheduled post 'Post deleted: 20 credits refunded'. */
export function deleteDone(refunded: number): string {
  if (refunded <= 0) return RULES.delete.done;
  return `${RULES.delete.done}: ${refunded} ${refunded === 1 ? "credit" : "credits"} refunded`;
}

/** Whether the business may still correct this post (its Edit button and the edit page). */
export function canEdit(displayStatus: PostDisplayStatus, kind: PostKind): boolean {
  return changeApplies("edit", displayStatus, kind);
}

/** Why a post cannot be edited any more: its life is over (an offer ended) or the admin removed it. */
export function editRefusal(displayStatus: PostDisplayStatus, kind: PostKind): string {
  const noun = POST_KIND_LABELS[kind].toLowerCase();
  if (displayStatus === "removed") return `The admin removed this ${noun}: it can no longer be edited, only deleted.`;
  if (displayStatus === "ended") return "This offer has ended: it can no longer be edited. Send a new offer instead.";
  // Only a race reaches this: the post changed between the refused UPDATE and the read that explains it.
  return `This ${noun} cannot be edited now.`;
}

/**
 * Said where Delete is, before it is pressed: a post already paid for and shown gives nothing back
 * (only a scheduled one, never shown, is refunded), so a mistake is better corrected with Edit.
 */
export function deleteConsequence({ refundOnDelete, editable }: { refundOnDelete: number; editable: boolean }): string {
  if (refundOnDelete > 0) return `Its ${refundOnDelete} ${refundOnDelete === 1 ? "credit comes" : "credits come"} back to your balance.`;
  return editable ? "Its credits are not refunded: to fix a mistake, edit it instead (free)." : "Its credits are not refunded.";
}
