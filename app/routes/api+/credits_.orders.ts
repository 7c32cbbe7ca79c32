import { IDEMPOTENCY_KEY_MESSAGES, idempotencyKeySchema } from "~/lib/schemas/idempotency";
import { buyPackSchema } from "~/lib/schemas/credits";
import { createCreditOrder, ORDER_MESSAGES, throttleOrders } from "~/models/payments.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods, parseJsonBody } from "~/utils/api.server";

import { apiOrder } from "./__credit-orders.server";

/**
 * POST /api/credits/orders {packId} (header Idempotency-Key optional) → 201 {id, status: 'created',
 * credits, totalPaise, paymentUrl, paymentLinkId}: open paymentUrl to pay. The same key again
 * answers the same order (200); 400 for an unknown or withdrawn pack; 422 for the key on another
 * pack; 429 past 30 orders a minute; 503 when the payment service does not answer.
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const key = idempotencyKeySchema.safeParse(request.headers.get("Idempotency-Key"));
    if (!key.success) return apiError(400, IDEMPOTENCY_KEY_MESSAGES.api);
    const throttled = await throttleOrders(user.id);
    if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
    const { packId } = await parseJsonBody(request, buyPackSchema);
    const result = await createCreditOrder(user, packId, key.data);
    if (result.ok) return apiJson(apiOrder(result.order), { status: result.repeated ? 200 : 201 });
    if (result.reason === "unknown_pack") return apiError(400, ORDER_MESSAGES.unknownPack);
    if (result.reason === "key_reused") return apiError(422, ORDER_MESSAGES.keyReusedApi);
    return apiError(503, ORDER_MESSAGES.gateway);
  },
});
