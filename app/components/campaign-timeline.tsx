import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from "~/lib/campaign-status";

export type TimelineEvent = { toStatus: CampaignStatus; reason: string | null; at: string };

/** A campaign's every change of status, oldest first, with its time in India and why (the business's page and the admin's). */
export function CampaignTimeline({ events }: { events: readonly TimelineEvent[] }) {
  return (
    <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4" data-testid="campaign-timeline">
      {events.map((event, index) => (
        // Events are only ever added, oldest first: the place is the key.
        <li key={index} className="text-sm">
          <p className="font-medium text-slate-900">{CAMPAIGN_STATUS_LABELS[event.toStatus]}</p>
          <p className="text-slate-500">{event.at}</p>
          {event.reason ? <p className="break-words text-slate-700">{event.reason}</p> : null}
        </li>
      ))}
    </ol>
  );
}
