import { config } from "~/config.server";
import type { PostInput } from "~/lib/schemas/posts";
import { countOf, formatCount } from "~/lib/format-count";
import { nearDuplicateMessage } from "~/lib/near-duplicate";
import { postPath } from "~/lib/share";
import type { OwnPost, PublishRefusal } from "~/models/posts.server";

export const NO_LOCATION_MESSAGE = "Set your business location before publishing: your posts reach people near it.";

/**
 * What the business is told when a publish is refused: the same words on the composer and in the
 * API, but for the request's key, a hidden field on the form and a header for an API client.
 */
export function refusalMessage(refusal: PublishRefusal, kind: PostInput["kind"], via: "form" | "api"): string {
  const thing = kind === "offer" ? "offer" : "post";
  switch (refusal.reason) {
    case "no_location":
      return NO_LOCATION_MESSAGE;
    case "key_reused":
      return via === "form"
        ? `This form was already used to publish a different ${thing}. Open a new form to publish this one.`
        : "This Idempotency-Key was already used for a different request. Send a new key to publish this one.";
    case "key_spent":
      return via === "form"
        ? `This form was already sent, and the ${thing} it published has since been deleted. Open a new form to publish again.`
        : `This Idempotency-Key was already used, and the ${thing} it published has since been deleted. Send a new key to publish again.`;
    case "insufficient_balance":
      return `This ${thing} costs ${countOf(refusal.price, "credit")} and your balance is ${formatCount(refusal.balance)}: you need ${countOf(refusal.shortfall, "more credit", "more credits")} to publish it.`;
    case "invalid":
      return refusal.message;
    case "near_duplicate":
      return via === "form"
        ? nearDuplicateMessage(refusal.duplicateOf.kind)
        : `${nearDuplicateMessage(refusal.duplicateOf.kind)} Nothing was published or charged. To publish this ${thing} as well, send it again with "confirmDuplicate": true.`;
  }
}

/** A post as the API shows it to its business, with its public link. */
export function apiPost(post: OwnPost) {
  const { userId: _owner, ...shown } = post;
  return { ...shown, url: `${config.PUBLIC_ORIGIN}${postPath(post.id)}` };
}
