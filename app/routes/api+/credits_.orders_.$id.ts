import { getOrder } from "~/models/payments.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

import { apiOrder } from "./__credit-orders.server";

/** GET /api/credits/orders/{id} → {id, status: created | paid | failed | expired | to_refund | refunded, credits, totalPaise, invoiceId?}; another business's order is 404. */
export const { loader, action } = methods({
  GET: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const order = await getOrder(user.id, params.id ?? "");
    if (!order) return apiError(404, "Order not found");
    return apiJson(apiOrder(order));
  },
});
