import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { formatCount } from "~/lib/format-count";
import { SMS_STATUS_LABELS, type SmsStatus } from "~/lib/sms-status";

const STATUS_STYLES: Record<SmsStatus, string> = {
  queued: "bg-slate-100 text-slate-700 ring-slate-200",
  submitted: "bg-brand-50 text-brand-700 ring-brand-100",
  delivered: "bg-green-50 text-green-800 ring-green-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  undelivered: "bg-red-50 text-red-800 ring-red-200",
  skipped: "bg-slate-100 text-slate-700 ring-slate-200",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-200",
};

export type SmsMessageShown = {
  to: string;
  status: SmsStatus;
  failureReason: string | null;
  campaignName: string;
  parts: number;
  cost: number;
  at: string;
};

/**
 * One message in an SMS history (the business's and the admin's): to whom, its status, why it
 * failed, its campaign (a link), its parts and credits, and when. `body` and `links` are what the
 * admin's list adds (the text, the business).
 */
export function SmsMessageItem({
  message,
  campaignTo,
  testId,
  body,
  links,
}: {
  message: SmsMessageShown;
  campaignTo: string;
  testId: string;
  body?: string;
  links?: ReactNode;
}) {
  return (
    <li className="p-3 text-sm" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{message.to}</span>
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLES[message.status]}`} data-testid="sms-status">
          {SMS_STATUS_LABELS[message.status]}
        </span>
      </div>
      {body !== undefined ? <p className="mt-1 line-clamp-2 break-words text-slate-700">{body}</p> : null}
      {message.failureReason ? <p className="mt-1 text-red-700">{message.failureReason}</p> : null}
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-slate-600">
        {links}
        <Link to={campaignTo} className="tap font-medium text-brand-700 hover:underline">
          {message.campaignName}
        </Link>
        <span>
          {message.parts} {message.parts === 1 ? "part" : "parts"} · {formatCount(message.cost)} {message.cost === 1 ? "credit" : "credits"}
        </span>
        <span>{message.at}</span>
      </p>
    </li>
  );
}
