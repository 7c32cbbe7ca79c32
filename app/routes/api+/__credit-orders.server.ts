import type { OrderView } from "~/models/payments.server";

/** An order as the API shows it: the invoice only once paid, the payment link while it may be paid. */
export function apiOrder(order: OrderView) {
  return {
    id: order.id,
    status: order.status,
    credits: order.credits,
    pricePaise: order.pricePaise,
    gstPaise: order.gstPaise,
    totalPaise: order.totalPaise,
    paymentUrl: order.paymentUrl,
    paymentLinkId: order.paymentLinkId,
    expiresAt: order.expiresAt,
    ...(order.invoiceId ? { invoiceId: order.invoiceId } : {}),
  };
}
