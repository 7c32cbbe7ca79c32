import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { DetourNotice } from "~/components/detour";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { paymentCallbackSchema } from "~/lib/schemas/credits";
import { pageTitle } from "~/lib/title";
import { CALLBACK_MESSAGES, confirmCallback } from "~/models/payments.server";
import { detourReturnPath } from "~/utils/kept-draft.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: pageTitle("Payment") }];

/**
 * Where the payment gateway sends the buyer back (GET, as Razorpay's `callback_method: get`). The
 * result is believed only with a valid signature and for this business's own order; then the order's
 * page shows it (a 303, so reloading it does not replay the callback), or, when a form was left to buy
 * these credits, that form, filled in as it was. Otherwise nothing is credited and this page says so.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = paymentCallbackSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return data({ message: CALLBACK_MESSAGES.badSignature }, { status: 400 });
  const outcome = await confirmCallback(user.id, {
    paymentId: query.data.razorpay_payment_id,
    paymentLinkId: query.data.razorpay_payment_link_id,
    referenceId: query.data.razorpay_payment_link_reference_id,
    status: query.data.razorpay_payment_link_status,
    signature: query.data.razorpay_signature,
  });
  if (outcome.ok && outcome.order.status === "paid") {
    // Bought on the way from a form that was short of credits: back to it, as it was left.
    const back = await detourReturnPath(request, user.id);
    if (back)
      return redirectWithToast(
        back,
        { type: "success", title: `Payment received: ${countOf(outcome.order.credits, "credit")} added` },
        { status: 303 },
      );
  }
  if (outcome.ok) return redirect(paths.creditOrder(outcome.order.id), 303);
  return data({ message: outcome.message }, { status: outcome.reason === "not_found" ? 404 : 400 });
}

export default function PaymentCallback() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-red-200 bg-red-50 p-5">
      <h1 className="text-xl font-bold text-red-900">Payment not confirmed</h1>
      <p className="mt-2 text-red-900" role="alert">
        {message}
      </p>
      <div className="mt-3">
        <DetourNotice />
      </div>
      <div className="mt-4">
        <ButtonLink to={paths.credits()}>Back to Credits</ButtonLink>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
