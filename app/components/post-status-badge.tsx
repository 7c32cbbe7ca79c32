import { POST_STATUS_LABELS, type PostDisplayStatus } from "~/lib/post-status";

const STATUS_STYLES: Record<PostDisplayStatus, string> = {
  live: "bg-green-50 text-green-800 ring-green-200",
  scheduled: "bg-brand-50 text-brand-700 ring-brand-100",
  ended: "bg-slate-100 text-slate-700 ring-slate-200",
  hidden: "bg-amber-50 text-amber-800 ring-amber-200",
  removed: "bg-red-50 text-red-800 ring-red-200",
};

/** A post's status as a coloured pill: the business's history and the admin's list alike. */
export function PostStatusBadge({ status, label = POST_STATUS_LABELS[status] }: { status: PostDisplayStatus; label?: string }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLES[status]}`} data-testid="post-status">
      {label}
    </span>
  );
}
