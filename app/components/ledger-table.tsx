import type { ReactNode } from "react";

import { LEDGER_REASON_LABELS, signedCredits, type LedgerReasonName } from "~/lib/credit-ledger";
import { formatDateTime } from "~/lib/india-time";

/** A ledger row as the tables show it (loader data: the date may be a string). */
export type LedgerTableEntry = {
  id: string;
  createdAt: string | Date;
  reason: LedgerReasonName;
  amount: number;
  balanceAfter: number;
  note: string | null;
};

/**
 * Every change of a balance, newest first: when, what (with the reason someone gave, e.g. the
 * admin's for an adjustment), the credits and the balance after. `extra` adds to a row's 'What'
 * (the business's own ledger links a post or an invoice there).
 */
export function LedgerTable<Entry extends LedgerTableEntry>({
  entries,
  extra,
  className = "",
}: {
  entries: Entry[];
  extra?: (entry: Entry) => ReactNode;
  className?: string;
}) {
  if (entries.length === 0) return <p className="mt-2 text-sm text-slate-600">No changes yet.</p>;
  return (
    <div className={`mt-2 overflow-x-auto rounded-xl border border-slate-200 bg-white ${className}`}>
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              What
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Credits
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Balance after
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-100" data-testid="ledger-row">
              <td className="px-3 py-2 text-slate-600">{formatDateTime(entry.createdAt)}</td>
              <td className="px-3 py-2">
                <span className="font-medium text-slate-900">{LEDGER_REASON_LABELS[entry.reason]}</span>
                {extra?.(entry)}
                {entry.note ? (
                  <p className="break-words text-slate-600" data-testid="ledger-note">
                    {entry.note}
                  </p>
                ) : null}
              </td>
              <td
                className={`whitespace-nowrap px-3 py-2 text-right font-medium ${entry.amount > 0 ? "text-green-700" : "text-slate-900"}`}
              >
                {signedCredits(entry.amount)}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right text-slate-700">{entry.balanceAfter.toLocaleString("en-IN")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
