import { CONSENT_CHANNEL_LABELS, CONSENT_STATE_LABELS, type ConsentHistory } from "~/lib/consent";
import { formatDateTime } from "~/lib/india-time";

/**
 * A contact's consent changes, newest first: when (in India), the state, where it came from and how
 * it reached the business; and who a STOP replied by SMS reaches (replyScopeRule).
 */
export function ConsentHistoryList({ history, replyRule }: { history: ConsentHistory; replyRule: string | null }) {
  const { events, total } = history;
  return (
    <section aria-labelledby="consent-history-heading" className="mt-8">
      <h2 id="consent-history-heading" className="text-lg font-semibold text-slate-900">
        Consent history
      </h2>
      {replyRule ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="reply-scope">
          {replyRule}
        </p>
      ) : null}
      {events.length ? (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {total > events.length
              ? `The latest ${events.length} of ${total} changes, newest first.`
              : "Every opt-in and opt-out, newest first. Entries are never changed or removed."}
          </p>
          <ol aria-label="Consent history" className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {events.map((event, index) => (
              <li key={`${event.createdAt}-${index}`} className="px-4 py-3 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className={`font-semibold ${event.state === "opted_out" ? "text-red-700" : "text-green-700"}`}>
                    {CONSENT_STATE_LABELS[event.state]}
                  </span>
                  <time dateTime={event.createdAt} className="text-slate-500">
                    {formatDateTime(event.createdAt)}
                  </time>
                </p>
                <p className="mt-0.5 text-slate-700">{event.source ?? "No source given"}</p>
                <p className="mt-0.5 text-xs text-slate-500">{CONSENT_CHANNEL_LABELS[event.channel]}</p>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No consent has been recorded for this contact.</p>
      )}
    </section>
  );
}
