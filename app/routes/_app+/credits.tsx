import { randomUUID } from "node:crypto";

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { DetourNotice } from "~/components/detour";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LedgerTable } from "~/components/ledger-table";
import { PageLinks } from "~/components/page-links";
import { ActionToast } from "~/components/ui/action-toast";
import { formatRupees, formatRupeesShort } from "~/lib/money";
import { countOf } from "~/lib/format-count";
import { paths } from "~/lib/paths";
import { creditsQuerySchema } from "~/lib/schemas/credits";
import { pageTitle } from "~/lib/title";
import { listLedger, type LedgerEntry } from "~/models/credits.server";
import { currentGstRate } from "~/models/billing-settings.server";
import { listCreditPacks, priceOf } from "~/models/pricing.server";
import { requireUser } from "~/utils/session.server";

import { buyCreditsAction } from "./__buy-credits.server";
import { BuyForm } from "./__buy-form";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Credits") }];

/** The balance, the packs on sale (each with a fresh key for its 'Buy'), and a page of the ledger. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { page } = creditsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [packs, ledger, postPrice, gstRatePercent] = await Promise.all([
    listCreditPacks(),
    listLedger(user.id, page),
    priceOf("post"),
    currentGstRate(),
  ]);
  return {
    balance: user.balance,
    postPrice,
    gstRatePercent,
    packs: packs.map((pack) => ({ ...pack, idempotencyKey: randomUUID() })),
    ...ledger,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  return buyCreditsAction(request);
}

export default function Credits() {
  const { balance, postPrice, gstRatePercent, packs, entries, total, page, pageCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const low = balance < postPrice;
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">Credits</h1>
      <div className="mt-3">
        <DetourNotice>Buy a pack: once it is paid, you are back in it.</DetourNotice>
      </div>
      <section aria-labelledby="balance-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-4">
        <h2 id="balance-heading" className="text-sm font-medium text-slate-600">
          Your balance
        </h2>
        <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="credits-balance">
          {countOf(balance, "credit")}
        </p>
        <p className={`mt-1 text-sm ${low ? "font-medium text-amber-800" : "text-slate-600"}`}>
          {low
            ? `That is less than one post (${countOf(postPrice, "credit")}). Buy credits to publish again.`
            : `A post costs ${countOf(postPrice, "credit")}.`}
        </p>
      </section>

      <section aria-labelledby="buy-heading" className="mt-6" id="buy">
        <h2 id="buy-heading" className="text-lg font-semibold text-slate-900">
          Buy credits
        </h2>
        <p className="text-sm text-slate-600">Pay by UPI, card or net banking. GST at {gstRatePercent}% is added to each price.</p>
        {packs.length === 0 ? (
          <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
            No packs are on sale right now. Please check again later.
          </p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {packs.map((pack) => (
              <li key={pack.id} id={`pack-${pack.id}`} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4">
                <h3 className="font-semibold text-slate-900">{pack.credits.toLocaleString("en-IN")} credits</h3>
                <p className="text-sm text-slate-500">{pack.name} pack</p>
                <dl className="mt-3 space-y-1 text-sm">
                  <div className="flex justify-between">
                    <dt className="text-slate-600">Price</dt>
                    <dd>{formatRupees(pack.pricePaise)}</dd>
                  </div>
                  <div className="flex justify-between">
                    <dt className="text-slate-600">GST {pack.gstRatePercent}%</dt>
                    <dd>{formatRupees(pack.gstPaise)}</dd>
                  </div>
                  <div className="flex justify-between border-t border-slate-100 pt-1 font-semibold">
                    <dt>Total</dt>
                    <dd>{formatRupees(pack.totalPaise)}</dd>
                  </div>
                </dl>
                <div className="mt-4">
                  <BuyForm
                    packId={pack.id}
                    idempotencyKey={pack.idempotencyKey}
                    label={`Buy ${pack.credits.toLocaleString("en-IN")} for ${formatRupeesShort(pack.totalPaise)}`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="ledger-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="ledger-heading" className="text-lg font-semibold text-slate-900">
            Every change
          </h2>
          {total > 0 ? (
            <a
              href={paths.creditsLedgerCsv()}
              download
              className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-brand-700 hover:underline"
            >
              Download CSV
            </a>
          ) : null}
        </div>
        <LedgerTable entries={entries} extra={(entry) => <LedgerLink entry={entry} />} />
        <PageLinks page={page} pageCount={pageCount} pathTo={(to) => paths.credits({ page: to })} />
      </section>
      <ActionToast toast={actionData?.toast} />
    </div>
  );
}

/** What a row's change belongs to, when it can be opened: the purchase's invoice, or the post or offer still there. */
function LedgerLink({ entry }: { entry: Pick<LedgerEntry, "invoiceId" | "postId" | "reason"> }) {
  const link = entry.invoiceId
    ? { to: paths.invoice(entry.invoiceId), text: "Invoice" }
    : entry.postId
      ? { to: paths.success(entry.postId), text: entry.reason === "offer" ? "View offer" : "View post" }
      : null;
  if (!link) return null;
  return (
    <>
      {" · "}
      <Link to={link.to} className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline">
        {link.text}
      </Link>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
