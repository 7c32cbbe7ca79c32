import { config } from "~/config.server";
import { queueJob } from "~/jobs/index.server";
import type { PostInput } from "~/lib/schemas/posts";
import { nearDuplicateMessage } from "~/lib/near-duplicate";
import { postPath } from "~/lib/share";
import { publishPost, type OwnPost, type PublishRefusal, type PublishResult } from "~/models/posts.server";

/**
 * Publishing as the composer and POST /api/posts do it: the model's publishPost, then, for a
 * scheduled post, the job that puts it live on time (kept in the database: a restart keeps it).
 */
export async function publishAndSchedule(
  userId: string,
  input: PostInput,
  idempotencyKey: string | null,
  options: { confirmDuplicate?: boolean } = {},
): Promise<PublishResult> {
  const result = await publishPost(userId, input, idempotencyKey, options);
  if (result.ok && !result.repeated && result.post.status === "scheduled") {
    await queueJob("publish-scheduled-posts", {}, { startAfter: result.post.createdAt });
  }
  return result;
}

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
      return `This ${thing} costs ${refusal.price} credits and your balance is ${refusal.balance}: you need ${refusal.shortfall} more credits to publish it.`;
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
