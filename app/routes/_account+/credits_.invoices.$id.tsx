import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDateTime } from "~/lib/india-time";
import { formatRupees, rupeesInWords } from "~/lib/money";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { getInvoice } from "~/models/invoices.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `Invoice ${data.invoice.number}` : "Invoice") }];

/** A GST tax invoice of the business's own; another business's, or an unknown id, is 404 alike. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const invoice = await getInvoice(user.id, params.id ?? "");
  if (!invoice) throw new Response("This invoice was not found.", { status: 404 });
  return { invoice, totalInWords: rupeesInWords(invoice.totalPaise) };
}

/** The printable invoice: A4 (the print stylesheet), nothing but the invoice on paper. */
export default function InvoicePage() {
  const { invoice, totalInWords } = useLoaderData<typeof loader>();
  const interState = invoice.igstPaise > 0;
  const half = invoice.gstRatePercent / 2;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 print:max-w-none print:p-0">
      <nav className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={paths.credits()} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
          ← Back to Credits
        </Link>
        <p className="text-sm text-slate-600">Print or save as PDF from your browser&apos;s Print menu.</p>
      </nav>
      <article className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-900 print:rounded-none print:border-0 print:p-0">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div>
            <h1 className="text-2xl font-bold">Tax Invoice</h1>
            <p className="mt-1">
              Invoice number <strong data-testid="invoice-number">{invoice.number}</strong>
            </p>
            <p>Date {formatDateTime(invoice.issuedAt)}</p>
          </div>
          <div className="sm:text-right">
            <p className="font-semibold">{invoice.sellerName}</p>
            <p className="whitespace-pre-line">{invoice.sellerAddress}</p>
            <p>State: {invoice.sellerState}</p>
            <p>GSTIN: {invoice.sellerGstin ?? "not registered"}</p>
          </div>
        </header>
        <section className="mt-4" aria-labelledby="billed-to">
          <h2 id="billed-to" className="font-semibold text-slate-600">
            Billed to
          </h2>
          <p className="font-semibold">{invoice.buyerName}</p>
          {invoice.buyerAddress ? <p>{invoice.buyerAddress}</p> : null}
          {invoice.buyerState ? <p>State: {invoice.buyerState}</p> : null}
          {invoice.buyerGstin ? <p>GSTIN: {invoice.buyerGstin}</p> : null}
          <p>Place of supply: {invoice.buyerState ?? invoice.sellerState}</p>
        </section>
        <table className="mt-6 w-full border-collapse text-left">
          <thead>
            <tr className="border-y border-slate-300">
              <th scope="col" className="py-2 pr-2">
                Description
              </th>
              <th scope="col" className="py-2 pr-2">
                SAC
              </th>
              <th scope="col" className="py-2 text-right">
                Taxable value
              </th>
            </tr>
          </thead>
          <tbody>
            <tr className="border-b border-slate-200">
              <td className="py-2 pr-2">{invoice.description}</td>
              <td className="py-2 pr-2">{invoice.sacCode}</td>
              <td className="py-2 text-right">{formatRupees(invoice.taxablePaise)}</td>
            </tr>
          </tbody>
          <tfoot>
            {interState ? (
              <TaxRow label={`IGST ${invoice.gstRatePercent}%`} paise={invoice.igstPaise} testId="invoice-igst" />
            ) : (
              <>
                <TaxRow label={`CGST ${half}%`} paise={invoice.cgstPaise} testId="invoice-cgst" />
                <TaxRow label={`SGST ${half}%`} paise={invoice.sgstPaise} testId="invoice-sgst" />
              </>
            )}
            <tr className="border-t border-slate-300 text-base font-bold">
              <th scope="row" colSpan={2} className="py-2 pr-2 text-right">
                Total
              </th>
              <td className="py-2 text-right" data-testid="invoice-total">
                {formatRupees(invoice.totalPaise)}
              </td>
            </tr>
          </tfoot>
        </table>
        <p className="mt-2">
          Amount in words: <strong>{totalInWords}</strong>
        </p>
        <p className="mt-4 text-slate-700">
          {invoice.credits.toLocaleString("en-IN")} credits added to the iSent account of {invoice.buyerName}. Paid online, payment id{" "}
          <span className="font-mono">{invoice.paymentId}</span>.
        </p>
        <p className="mt-6 text-xs text-slate-500">This is a computer-generated invoice and needs no signature.</p>
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** One tax line of the invoice's totals: its name and rate, then its amount. */
function TaxRow({ label, paise, testId }: { label: string; paise: number; testId: string }) {
  return (
    <tr>
      <th scope="row" colSpan={2} className="py-1 pr-2 text-right font-normal">
        {label}
      </th>
      <td className="py-1 text-right" data-testid={testId}>
        {formatRupees(paise)}
      </td>
    </tr>
  );
}
