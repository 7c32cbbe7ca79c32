/**
 * Dates as businesses in India mean them: an offer 'valid until 7 Dec' lasts to the end of 7
 * December in Asia/Kolkata (UTC+05:30 all year: India keeps no daylight saving time), whatever the
 * server's time zone. Every date and time the product shows or reckons in India is made here and in
 * the two modules beside it: india-days.ts (a day as forms, filters and queries take it) and
 * sending-window.ts (the hours SMS may go out). They are apart so that the feed, which shows only
 * times, does not load them on a first visit. (The SQL that buckets rows by Indian day takes
 * INDIA_TIME_ZONE from here too.)
 */
export const INDIA_TIME_ZONE = "Asia/Kolkata";
export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 86_400_000;

const asDate = (date: Date | string) => (typeof date === "string" ? new Date(date) : date);

/**
 * A moment's calendar and clock in India, by arithmetic: India is UTC+05:30 all year, so no time
 * zone data is needed. Not Intl.DateTimeFormat: building one with a time zone loads ICU's zone data,
 * which cost a phone's first visit 170 ms of script (4× slower CPU) before the feed could take a tap,
 * and the browser's ICU may spell a date unlike the server's (a hydration mismatch).
 */
function inIndia(date: Date | string) {
  const shifted = new Date(asDate(date).getTime() + IST_OFFSET_MS);
  const hour = shifted.getUTCHours();
  return {
    day: shifted.getUTCDate(),
    month: shifted.getUTCMonth(),
    year: shifted.getUTCFullYear(),
    // '6:30 pm', '12:05 am': a 12-hour clock as en-IN writes it.
    clock: `${hour % 12 || 12}:${String(shifted.getUTCMinutes()).padStart(2, "0")} ${hour < 12 ? "am" : "pm"}`,
  };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LONG_MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Today's date in India, 'YYYY-MM-DD'. */
export function indianDate(at: Date = new Date()): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole days from one date to another ('YYYY-MM-DD'), negative when it is before. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** What a live offer says of its end: 'Ends today', 'Ends in 1 day', 'Ends in N days'; null once ended. */
export function offerEndsLabel(validUntil: Date | string, now: Date = new Date()): string | null {
  const end = typeof validUntil === "string" ? new Date(validUntil) : validUntil;
  if (end.getTime() <= now.getTime()) return null;
  const days = daysBetween(indianDate(now), indianDate(end));
  if (days === 0) return "Ends today";
  return `Ends in ${days} ${days === 1 ? "day" : "days"}`;
}

/** '7 Dec' in India (an offer's days). */
export function formatDayMonth(date: Date | string): string {
  const { day, month } = inIndia(date);
  return `${day} ${MONTHS[month]}`;
}

/** '1 December, 6:30 pm' in India (a scheduled post's time). */
export function formatLongDateTime(date: Date | string): string {
  const { day, month, clock } = inIndia(date);
  return `${day} ${LONG_MONTHS[month]} at ${clock}`;
}

/** '3 Dec 2026, 4:05 pm' in India (when a post was published, when a contact's consent changed). */
export function formatDateTime(date: Date | string): string {
  return `${formatShortDate(date)}, ${inIndia(date).clock}`;
}

/** '28 Nov 2026' in India (the day in a campaign's default name). */
export function formatShortDate(date: Date | string): string {
  const { day, month, year } = inIndia(date);
  return `${day} ${MONTHS[month]} ${year}`;
}

/** '22 November 2026' in India (a page's last update). */
export function formatLongDate(date: Date | string): string {
  const { day, month, year } = inIndia(date);
  return `${day} ${LONG_MONTHS[month]} ${year}`;
}

/** '10:00 am' in India (when a campaign goes out). */
export function formatTime(date: Date | string): string {
  return inIndia(date).clock;
}

/** A date in India 'YYYY-MM-DD' as a chart labels its day: '2026-03-07' → '7 Mar' (the month's own three letters: ICU's en-IN says 'Sept'). */
export function shortDay(day: string): string {
  return `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1]}`;
}

/**
 * 'Just now', 'Nm ago' under an hour, 'Nh ago' under a day, 'Nd ago' under a week, then a date; a
 * time still to come (a scheduled post) is its day and time in India: '26 Nov, 9:00 am'.
 */
export function formatRelativeTime(date: Date | string, now: Date = new Date()): string {
  const then = asDate(date);
  const elapsed = now.getTime() - then.getTime();
  if (elapsed <= -MINUTE_MS) return `${formatDayMonth(then)}, ${inIndia(then).clock}`;
  if (elapsed < MINUTE_MS) return "Just now";
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < 7 * DAY_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return formatShortDate(then);
}
