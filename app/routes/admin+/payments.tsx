import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { BadFilterNotice, FILTER_CONTROL, FilterButtons, FilterDays } from "~/components/filter-form";
import { PageLinks } from "~/components/page-links";
import { ActionToast } from "~/components/ui/action-toast";
import { buttonClasses } from "~/components/ui/button";
import { formatCount } from "~/lib/format-count";
import { formatDateTime } from "~/lib/india-time";
import { formatRupees } from "~/lib/money";
import { CREDIT_ORDER_STATUSES, ORDER_STATUS_LABELS, type CreditOrderStatus } from "~/lib/order-status";
import { paths } from "~/lib/paths";
import {
  ADMIN_PAYMENTS_MESSAGES,
  SEARCH_MAX,
  TO_LOOK_AT,
  adminPaymentActionSchema,
  adminPaymentsQuerySchema,
  indianMonth,
} from "~/lib/schemas/admin-payments";
import { adminTitle } from "~/lib/title";
import { createToast } from "~/lib/toast";
import { FAILED_ORDERS_DAYS, checkOrderWithGateway, listOrdersForAdmin, markPaymentRefunded } from "~/models/admin-payments.server";
import { paymentSetup } from "~/models/payments.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Payments") }];

/** Every order of every business, filtered by the URL (a filter that is not one is said, and everything shown instead). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const parsed = adminPaymentsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const query = parsed.success ? parsed.data : adminPaymentsQuerySchema.parse({});
  const list = await listOrdersForAdmin(query);
  return {
    total: list.total,
    paidPaise: list.paidPaise,
    page: list.page,
    pageCount: list.pageCount,
    // India's time, formatted here so the page reads the same before and after hydration.
    orders: list.orders.map(({ createdAt, expiresAt, paidAt, updatedAt, ...order }) => ({
      ...order,
      createdAtText: formatDateTime(createdAt),
      expiresAtText: formatDateTime(expiresAt),
      paidAtText: paidAt ? formatDateTime(paidAt) : null,
      updatedAtText: formatDateTime(updatedAt),
    })),
    filters: { status: query.status ?? "", q: query.q ?? "", from: query.from ?? "", to: query.to ?? "" },
    badFilter: parsed.success ? null : parsed.error.issues[0].message,
    gateway: paymentSetup().gateway.name === "razorpay" ? "Razorpay" : "the test gateway",
    failedDays: FAILED_ORDERS_DAYS,
    month: indianMonth(),
  };
}

/** 'Mark refunded' (a payment kept to refund, given back at the gateway) and 'Check with Razorpay now' (one order). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: adminPaymentActionSchema });
  if (submission.status !== "success") throw new Response(ADMIN_PAYMENTS_MESSAGES.notFound, { status: 404 });
  // Back to the list as it was filtered (the form posts to the page's own URL).
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const acting = { id: admin.id, email: admin.email };
  if (submission.value.intent === "check-gateway") {
    const checked = await checkOrderWithGateway(acting, submission.value.orderId);
    if (!checked.ok) {
      if (checked.status === 404) throw new Response(checked.message, { status: 404 });
      return data(
        { toast: createToast({ type: "error", title: "Not checked", description: checked.message }) },
        { status: checked.status },
      );
    }
    return redirectWithToast(back, {
      type: checked.changed ? "success" : "info",
      title: checked.changed ? `Now ${ORDER_STATUS_LABELS[checked.status].toLowerCase()}` : "Checked",
      description: checked.message,
    });
  }
  const marked = await markPaymentRefunded(acting, submission.value.orderId);
  if (!marked.ok) {
    if (marked.status === 404) throw new Response(marked.message, { status: 404 });
    return data({ toast: createToast({ type: "error", title: "Not marked refunded", description: marked.message }) }, { status: 409 });
  }
  return redirectWithToast(back, {
    type: "success",
    title: "Marked refunded",
    description: `The payment ${marked.paymentId} is recorded as refunded.`,
  });
}

const BADGES: Record<CreditOrderStatus, string> = {
  created: "bg-slate-100 text-slate-800",
  paid: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  expired: "bg-slate-200 text-slate-800",
  to_refund: "bg-amber-100 text-amber-900",
  refunded: "bg-sky-100 text-sky-900",
};

/** Why an order needs the admin, said under it. */
function explained(order: { status: CreditOrderStatus; unsettled: boolean }): string | null {
  if (order.status === "to_refund") {
    return "Paid after its order expired, for a pack no longer on sale: nothing was credited. Refund it at the gateway.";
  }
  if (order.unsettled)
    return "Its payment link has ended and the gateway could not be asked yet; the reconcile job keeps trying every minute.";
  if (order.status === "failed") return "The payment was declined, or the link could not be made.";
  return null;
}

export default function AdminPayments() {
  const { orders, total, paidPaise, page, pageCount, filters, badFilter, gateway, failedDays, month } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  const navigation = useNavigation();
  const filtering = navigation.state === "loading" && navigation.location.pathname === paths.admin.payments();
  const lookingAt = filters.status === TO_LOOK_AT;
  const filtered = Boolean(filters.status || filters.q || filters.from || filters.to);
  return (
    <div>
      <h1 className="text-2xl font-bold">Payments</h1>
      <p className="mt-1 text-sm text-slate-600" data-testid="payments-total">
        {lookingAt
          ? `${formatCount(total)} to look at: payments to refund, orders unsettled past their payment link, and orders failed in the last ${failedDays} days.`
          : `${formatCount(total)} ${total === 1 ? "order" : "orders"} · ${formatRupees(paidPaise)} paid (with GST)`}
      </p>
      <ActionToast toast={actionData?.toast} />

      <Form
        key={search}
        method="get"
        action={paths.admin.payments()}
        role="search"
        aria-label="Filter orders"
        className="mt-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-4 shadow-sm lg:grid-cols-6 lg:items-end"
      >
        <label className="col-span-2 block text-sm font-medium text-slate-700">
          Search
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Business, email, order, payment or invoice"
            maxLength={SEARCH_MAX}
            className={FILTER_CONTROL}
          />
        </label>
        <label className="col-span-2 block text-sm font-medium text-slate-700 lg:col-span-1">
          Status
          <select name="status" defaultValue={filters.status} className={FILTER_CONTROL}>
            <option value="">Any status</option>
            <option value={TO_LOOK_AT}>To look at</option>
            {CREDIT_ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <FilterDays from={filters.from} to={filters.to} />
        <FilterButtons filtering={filtering} clearTo={filtered ? paths.admin.payments() : null} className="col-span-2 lg:col-span-1" />
      </Form>
      <BadFilterNotice message={badFilter} instead="showing every order instead." />

      {orders.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
          {lookingAt ? "No payments to look at." : "No orders match these filters."}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl bg-white shadow-sm" aria-label="Orders">
          {orders.map((order) => (
            <li key={order.orderId} className="p-3 text-sm" data-testid="payment-row">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGES[order.status]}`}>
                  {order.unsettled ? "Unsettled" : ORDER_STATUS_LABELS[order.status]}
                </span>
                <span className="font-semibold">{formatRupees(order.totalPaise)}</span>
                <span className="text-slate-600">
                  {formatRupees(order.pricePaise)} + {order.gstRatePercent}% GST {formatRupees(order.gstPaise)} ·{" "}
                  {formatCount(order.credits)} credits{order.packName ? ` (${order.packName})` : ""}
                </span>
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-x-3 text-slate-600">
                <Link to={paths.admin.user(order.business.id)} className="tap font-medium text-brand-700 hover:underline">
                  {order.business.businessName}
                </Link>
                <span className="break-all">{order.business.email}</span>
              </p>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-600">
                <dt>Order</dt>
                <dd className="break-all font-mono text-xs leading-5">{order.orderId}</dd>
                {order.paymentId ? (
                  <>
                    <dt>Payment</dt>
                    <dd className="break-all font-mono text-xs leading-5">{order.paymentId}</dd>
                  </>
                ) : null}
                {order.invoiceNumber ? (
                  <>
                    <dt>Invoice</dt>
                    <dd className="break-all" data-testid="invoice-number">
                      {order.invoiceNumber}
                    </dd>
                  </>
                ) : null}
                <dt>Made</dt>
                <dd>{order.createdAtText}</dd>
                {order.paidAtText ? (
                  <>
                    <dt>Paid</dt>
                    <dd>{order.paidAtText}</dd>
                  </>
                ) : (
                  <>
                    <dt>Link ends</dt>
                    <dd>{order.expiresAtText}</dd>
                  </>
                )}
                {order.status !== "created" && order.status !== "paid" ? (
                  <>
                    <dt>Changed</dt>
                    <dd>{order.updatedAtText}</dd>
                  </>
                ) : null}
              </dl>
              {explained(order) ? <p className="mt-1 text-slate-600">{explained(order)}</p> : null}
              {order.status === "to_refund" || order.checkable ? (
                <Form method="post" className="mt-2 flex flex-wrap gap-2">
                  <input type="hidden" name="orderId" value={order.orderId} />
                  {order.status === "to_refund" ? (
                    <button
                      type="submit"
                      name="intent"
                      value="mark-refunded"
                      aria-label={`Mark refunded: payment ${order.paymentId}`}
                      className={buttonClasses({ variant: "secondary", size: "lg" })}
                    >
                      Mark refunded
                    </button>
                  ) : (
                    <button type="submit" name="intent" value="check-gateway" className={buttonClasses({ variant: "secondary" })}>
                      Check with {gateway} now
                    </button>
                  )}
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.admin.payments({ ...filters, page: to })} />

      <section aria-labelledby="register-title" className="mt-8 rounded-xl bg-white p-4 shadow-sm">
        <h2 id="register-title" className="font-semibold">
          GST invoice register
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A month&apos;s tax invoices as CSV for GSTR-1: number and date, buyer GSTIN and state, place of supply, rate, taxable value, CGST,
          SGST, IGST and total.
        </p>
        {/* A plain form: the file downloads, and the page stays. */}
        <form method="get" action={paths.admin.paymentsRegister()} className="mt-3 flex flex-wrap items-end gap-3">
          <label className="block text-sm font-medium text-slate-700">
            Month
            <input type="month" name="month" defaultValue={month} max={month} min="2000-01" required className={FILTER_CONTROL} />
          </label>
          <button type="submit" className={buttonClasses({ variant: "dark" })}>
            Download register
          </button>
        </form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
