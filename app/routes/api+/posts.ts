import { z } from "zod";

import { config } from "~/config.server";
import { IDEMPOTENCY_KEY_MESSAGES, idempotencyKeySchema } from "~/lib/schemas/idempotency";
import { apiPostSchema } from "~/lib/schemas/posts";
import { postPath } from "~/lib/share";
import { publishPost, throttlePublishing } from "~/models/posts.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { apiPost, refusalMessage } from "../__post-publishing.server";

/** Publishing a post nearly identical to one of the last 24 hours is asked for by this flag (not part of the request's hash). */
const confirmSchema = z.object({
  confirmDuplicate: z.boolean({ invalid_type_error: "confirmDuplicate must be true or false" }).optional().default(false),
});

/**
 * POST /api/posts: publishes a post or offer (or schedules it with publishAt), paid from the balance
 * → 201 {post, balance}. The Idempotency-Key header makes a retried request answer with the post
 * it made, charged once, for 24 hours; the key on a different request is a 422, and one whose post
 * was deleted since a 409. 402 when the balance is short (nothing published), 409 without a
 * business location, 409 {message, duplicateOf} for a post nearly identical to one of the last 24
 * hours unless the body says `"confirmDuplicate": true` (nothing published or charged), 400 for
 * bad input, 429 past the hourly limit.
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const key = idempotencyKeySchema.safeParse(request.headers.get("Idempotency-Key"));
    if (!key.success) return apiError(400, IDEMPOTENCY_KEY_MESSAGES.api);
    const throttled = await throttlePublishing(user.id);
    if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
    const { confirmDuplicate, ...input } = await parseJsonBody(request, apiPostSchema.and(confirmSchema));
    const result = await publishPost(user.id, input, key.data, { confirmDuplicate });
    if (result.ok) return apiJson({ post: apiPost(result.post), balance: result.balance }, { status: 201 });
    const status = { no_location: 409, insufficient_balance: 402, invalid: 400, key_reused: 422, key_spent: 409, near_duplicate: 409 }[
      result.reason
    ];
    return apiJson(
      {
        message: refusalMessage(result, input.kind, "api"),
        ...(result.reason === "insufficient_balance" ? { price: result.price, balance: result.balance, shortfall: result.shortfall } : {}),
        ...(result.reason === "near_duplicate"
          ? {
              duplicateOf: {
                id: result.duplicateOf.id,
                createdAt: result.duplicateOf.createdAt.toISOString(),
                url: `${config.PUBLIC_ORIGIN}${postPath(result.duplicateOf.id)}`,
              },
            }
          : {}),
      },
      { status },
    );
  },
});
