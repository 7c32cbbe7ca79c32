import { formatDateTime } from "~/lib/india-time";
import type { AdminActionEntry } from "~/models/admin-audit.server";

/**
 * The admin's audit trail, newest first: when, who, what and why, and the record before and after
 * (folded). Read only: nothing on any screen edits it.
 */
export function AuditTrail({
  entries,
  title = "Admin actions",
  empty = "No admin actions yet.",
}: {
  entries: AdminActionEntry[];
  title?: string;
  empty?: string;
}) {
  return (
    <section aria-labelledby="audit-trail-title" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="audit-trail-title" className="text-lg font-semibold">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100" data-testid="audit-trail">
          {entries.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <p className="font-medium text-slate-900">{entry.summary}</p>
              <p className="text-slate-600">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time> · {entry.adminEmail}
              </p>
              {entry.reason ? <p className="text-slate-700">Reason: {entry.reason}</p> : null}
              {entry.before !== null || entry.after !== null ? (
                <details className="mt-1">
                  <summary className="inline-flex min-h-11 cursor-pointer items-center text-brand-700">Before and after</summary>
                  <div className="grid gap-2 md:grid-cols-2">
                    <ChangeSide label="Before" value={entry.before} />
                    <ChangeSide label="After" value={entry.after} />
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ChangeSide({ label, value }: { label: string; value: unknown }) {
  return (
    <div>
      <p className="text-xs font-semibold uppercase text-slate-500">{label}</p>
      <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs">
        {value === null ? "(none)" : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
