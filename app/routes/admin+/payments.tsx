import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { PageLinks } from "~/components/page-links";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { formatCount } from "~/lib/format-count";
import { formatDateTime } from "~/lib/india-time";
import { formatRupees } from "~/lib/money";
import { paths } from "~/lib/paths";
import { ADMIN_PAYMENTS_MESSAGES, adminPaymentsQuerySchema, markRefundedSchema } from "~/lib/schemas/admin-payments";
import { adminTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { FAILED_ORDERS_DAYS, listPaymentsToLookAt, markPaymentRefunded, type PaymentToLookAt } from "~/models/admin-payments.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Payments") }];

/** The payments the dashboard's 'Payments to look at' counts: to refund first, then the newest. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = adminPaymentsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listPaymentsToLookAt(query);
  return {
    ...list,
    failedDays: FAILED_ORDERS_DAYS,
    // India's time, formatted here so the page reads the same before and after hydration.
    payments: list.payments.map((payment) => ({ ...payment, at: formatDateTime(payment.at) })),
  };
}

/** 'Mark refunded': the admin gave a payment kept to refund back at the gateway. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: markRefundedSchema });
  if (submission.status !== "success") throw new Response(ADMIN_PAYMENTS_MESSAGES.notFound, { status: 404 });
  const marked = await markPaymentRefunded({ id: admin.id, email: admin.email }, submission.value.orderId);
  if (!marked.ok) {
    if (marked.status === 404) throw new Response(marked.message, { status: 404 });
    return data({ toast: createToast({ type: "error", title: "Not marked refunded", description: marked.message }) }, { status: 409 });
  }
  return redirectWithToast(paths.admin.payments(), {
    type: "success",
    title: "Marked refunded",
    description: `The payment ${marked.paymentId} is recorded as refunded.`,
  });
}

const STATES: Record<PaymentToLookAt["status"], { label: string; explained: string; badge: string }> = {
  to_refund: {
    label: "To refund",
    explained: "Paid after its order expired, for a pack no longer on sale: nothing was credited. Refund it at the gateway.",
    badge: "bg-amber-100 text-amber-900",
  },
  created: {
    label: "Unsettled",
    explained: "Its payment link has ended and the gateway could not be asked yet; the reconcile job keeps trying every minute.",
    badge: "bg-slate-100 text-slate-800",
  },
  failed: { label: "Failed", explained: "The payment was declined, or the link could not be made.", badge: "bg-red-100 text-red-900" },
};

export default function AdminPayments() {
  const { payments, total, page, pageCount, failedDays } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div>
      <h1 className="text-2xl font-bold">Payments</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="payments-total">
        {formatCount(total)} to look at: payments to refund, orders unsettled past their payment link, and orders failed in the last{" "}
        {failedDays} days.
      </p>
      <ActionToast toast={actionData?.toast} />

      {payments.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          No payments to look at.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm" aria-label="Payments">
          {payments.map((payment) => (
            <li key={payment.orderId} className="p-3 text-sm" data-testid="payment-row">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATES[payment.status].badge}`}>
                  {STATES[payment.status].label}
                </span>
                <span className="font-semibold">{formatRupees(payment.totalPaise)}</span>
                <span className="text-slate-600">
                  {formatCount(payment.credits)} credits · {payment.at}
                </span>
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 text-slate-600">
                <Link to={paths.admin.user(payment.business.id)} className="tap font-medium text-brand-700 hover:underline">
                  {payment.business.businessName}
                </Link>
                <span className="break-all">{payment.business.email}</span>
                {payment.paymentId ? <span className="break-all font-mono">Payment {payment.paymentId}</span> : null}
              </p>
              <p className="mt-1 text-slate-600">{STATES[payment.status].explained}</p>
              {payment.status === "to_refund" ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="orderId" value={payment.orderId} />
                  <button
                    type="submit"
                    name="intent"
                    value="mark-refunded"
                    aria-label={`Mark refunded: payment ${payment.paymentId}`}
                    className={buttonClasses({ variant: "secondary", size: "lg" })}
                  >
                    Mark refunded
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.admin.payments({ page: to })} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
