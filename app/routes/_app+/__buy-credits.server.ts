import { data, redirect } from "@remix-run/node";

import { IDEMPOTENCY_KEY_MESSAGES, idempotencyKeySchema } from "~/lib/schemas/idempotency";
import { buyPackSchema } from "~/lib/schemas/credits";
import { createToast } from "~/lib/toast";
import { createCreditOrder, ORDER_MESSAGES, throttleOrders } from "~/models/payments.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";

/** A refused 'Buy' keeps the page, with a toast saying why and the status an API client would get. */
const refused = (status: number, message: string, headers: HeadersInit = {}) =>
  data({ toast: createToast({ type: "error", title: message }) }, { status, headers });

/**
 * 'Buy' (a plain form on /credits and on the result pages' 'Try again'): the order and its payment
 * link, then 303 to the gateway's hosted page. The form's hidden key makes a double tap one order.
 */
export async function buyCreditsAction(request: Request) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const form = Object.fromEntries(await request.formData());
  const input = buyPackSchema.safeParse(form);
  if (!input.success) return refused(400, input.error.issues[0].message);
  const key = idempotencyKeySchema.safeParse(form.idempotencyKey || null);
  if (!key.success) return refused(400, IDEMPOTENCY_KEY_MESSAGES.form);
  const throttled = await throttleOrders(user.id);
  if (throttled) return refused(429, throttled.message, { "Retry-After": String(throttled.retryAfterSeconds) });
  const result = await createCreditOrder(user, input.data.packId, key.data);
  if (result.ok && result.order.paymentUrl) return redirect(result.order.paymentUrl, 303);
  if (result.ok) return refused(409, "This order is no longer open. Choose a pack to buy again.");
  const status = { unknown_pack: 400, key_reused: 422, gateway: 503 }[result.reason];
  const message = { unknown_pack: ORDER_MESSAGES.unknownPack, key_reused: ORDER_MESSAGES.keyReused, gateway: ORDER_MESSAGES.gateway }[
    result.reason
  ];
  return refused(status, message);
}
