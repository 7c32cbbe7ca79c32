// Formatters are costly to build: one each, made once (a feed page formats dozens of dates).
const SHORT_DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const DAY_MONTH = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });
const LONG_DATE = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric" });
const LONG_DATE_TIME = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** '7 Dec' in India's time zone (offer validity). */
export function formatDayMonth(date: Date | string): string {
  return DAY_MONTH.format(typeof date === "string" ? new Date(date) : date);
}

/** '22 November 2026' (a page's last update). */
export function formatLongDate(date: Date | string): string {
  return LONG_DATE.format(typeof date === "string" ? new Date(date) : date);
}

/** '1 December, 6:30 pm' in India's time zone (a scheduled post's time). */
export function formatLongDateTime(date: Date | string): string {
  return LONG_DATE_TIME.format(typeof date === "string" ? new Date(date) : date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'Just now', 'Nm ago' under an hour, 'Nh ago' under a day, 'Nd ago' under a week, then a date. */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === "string" ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return SHORT_DATE.format(then);
}
