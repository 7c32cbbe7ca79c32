import { randomUUID } from "node:crypto";

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { DetourNotice } from "~/components/detour";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { countOf } from "~/lib/format-count";
import { formatRupees } from "~/lib/money";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { getOrder } from "~/models/payments.server";
import { requireUser } from "~/utils/session.server";

import { BuyForm } from "./__buy-form";

export const meta: MetaFunction = () => [{ title: pageTitle("Your order") }];

/** An order's result: paid (the new balance and the invoice), failed, expired, paid late to be refunded, or still open. Another business's order is 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const order = await getOrder(user.id, params.id ?? "");
  if (!order) throw new Response("This order was not found.", { status: 404 });
  return { order, balance: user.balance, idempotencyKey: randomUUID() };
}

export default function OrderResult() {
  const { order, balance, idempotencyKey } = useLoaderData<typeof loader>();
  const what = `${order.credits.toLocaleString("en-IN")} credits for ${formatRupees(order.totalPaise)}`;
  const again = (label: string) => <BuyForm packId={order.packId} idempotencyKey={idempotencyKey} label={label} />;
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <DetourNotice>
        {order.status === "paid" ? "Your balance now covers more." : "Once a payment goes through, you are back in it."}
      </DetourNotice>
      {order.status === "paid" ? (
        <section className="rounded-xl border border-green-200 bg-green-50 p-5" data-testid="order-paid">
          <h1 className="text-xl font-bold text-green-900">Payment received</h1>
          <p className="mt-2 text-green-900">
            {what} added. Your balance is now <strong data-testid="new-balance">{countOf(balance, "credit")}</strong>.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to={paths.sendPost()}>Send a post</ButtonLink>
            {order.invoiceId ? (
              <ButtonLink to={paths.invoice(order.invoiceId)} variant="secondary">
                View invoice
              </ButtonLink>
            ) : null}
            <ButtonLink to={paths.credits()} variant="secondary">
              Back to Credits
            </ButtonLink>
          </div>
        </section>
      ) : order.status === "failed" ? (
        <section className="rounded-xl border border-red-200 bg-red-50 p-5" data-testid="order-failed">
          <h1 className="text-xl font-bold text-red-900">Payment failed</h1>
          <p className="mt-2 text-red-900" role="alert">
            The payment for {what} did not go through, so nothing was credited. If money left your account, your bank returns it.
          </p>
          <div className="mt-4 max-w-xs">{again("Try again")}</div>
        </section>
      ) : order.status === "to_refund" || order.status === "refunded" ? (
        <section className="rounded-xl border border-amber-300 bg-amber-50 p-5" data-testid={`order-${order.status}`}>
          <h1 className="text-xl font-bold text-amber-900">
            {order.status === "to_refund" ? "Your payment will be refunded" : "Your payment was refunded"}
          </h1>
          <p className="mt-2 text-amber-900" role="alert">
            Your payment for {what} (payment {order.paymentId}) arrived after this order had expired, and the {order.packName} pack is no
            longer on sale, so no credits were added.{" "}
            {order.status === "to_refund" ? "It is listed for a refund to the account you paid from." : "It has been refunded."}
          </p>
          <div className="mt-4">
            <ButtonLink to={paths.credits()}>Choose a pack</ButtonLink>
          </div>
        </section>
      ) : order.status === "expired" ? (
        <section className="rounded-xl border border-amber-300 bg-amber-50 p-5" data-testid="order-expired">
          <h1 className="text-xl font-bold text-amber-900">This order has expired</h1>
          <p className="mt-2 text-amber-900" role="alert">
            The payment link for {what} was open for 30 minutes and was not paid, so nothing was credited. Start a new order to buy these
            credits.
          </p>
          <div className="mt-4 max-w-xs">{again("Buy again")}</div>
        </section>
      ) : (
        <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid="order-open">
          <h1 className="text-xl font-bold text-slate-900">Waiting for your payment</h1>
          <p className="mt-2 text-slate-700">
            We have not received the payment for {what} yet. If you have paid, your credits arrive within a few minutes.
          </p>
          <div className="mt-4 flex flex-wrap gap-2">
            {order.paymentUrl ? (
              <a
                href={order.paymentUrl}
                className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
              >
                Continue to payment
              </a>
            ) : null}
            <ButtonLink to={paths.creditOrder(order.id)} variant="secondary">
              Check again
            </ButtonLink>
          </div>
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
