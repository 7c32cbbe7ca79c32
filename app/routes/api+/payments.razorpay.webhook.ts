import { receivePaymentWebhook } from "~/models/payments.server";
import { apiJson, methods } from "~/utils/api.server";
import { noteWebhookAnswer } from "~/utils/security-log.server";

/**
 * POST /api/payments/razorpay/webhook: the gateway's `payment_link.paid`, no session. The raw body
 * is checked against X-Razorpay-Signature (HMAC-SHA256 with the webhook secret) before anything
 * is read from it: 401 without a valid one; 200 for an event applied now, already applied, kept to
 * refund (paid after its order expired, its pack withdrawn), or about a link we do not know; 400
 * for a payment of another amount or currency.
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const rawBody = await request.text();
    const answer = await receivePaymentWebhook(rawBody, request.headers.get("X-Razorpay-Signature"));
    noteWebhookAnswer(request, "razorpay", answer);
    return apiJson({ message: answer.message }, { status: answer.status });
  },
});
