const STATUS_STYLES = {
  active: { label: "Active", className: "bg-green-100 text-green-800" },
  suspended: { label: "Suspended", className: "bg-red-100 text-red-800" },
  deleted: { label: "Deleted", className: "bg-slate-200 text-slate-700" },
} as const;

/** An account's status as a small badge: active, suspended or deleted. */
export function AccountStatusBadge({ status }: { status: keyof typeof STATUS_STYLES }) {
  const style = STATUS_STYLES[status];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${style.className}`}
      data-testid="account-status"
    >
      {style.label}
    </span>
  );
}
