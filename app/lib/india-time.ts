/**
 * Dates as businesses in India mean them: an offer 'valid until 7 Dec' lasts to the end of 7
 * December in Asia/Kolkata (UTC+05:30 all year: India keeps no daylight saving time), whatever the
 * server's time zone.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

// Formatters are costly to build: one each, made once.
const DAY_MONTH = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "Asia/Kolkata" });
const LONG_DATE_TIME = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});
const DATE_TIME_WITH_YEAR = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Today's date in India, 'YYYY-MM-DD'. */
export function indianDate(at: Date = new Date()): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A date 'YYYY-MM-DD' moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether 'YYYY-MM-DD' is a real calendar date (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** The first moment of a day in India. */
export function startOfIndianDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);
}

/** The last moment of a day in India: an offer valid until that day is live until then. */
export function endOfIndianDay(date: string): Date {
  return new Date(startOfIndianDay(date).getTime() + DAY_MS - 1);
}

/** A time as a datetime-local field holds it in India ('2026-12-01T18:30'), as a moment; null if it is not one. */
export function fromIndianDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value);
  if (!match || !isCalendarDate(value.slice(0, 10))) return null;
  const [hours, minutes] = [Number(match[4]), Number(match[5])];
  if (hours > 23 || minutes > 59) return null;
  return new Date(startOfIndianDay(value.slice(0, 10)).getTime() + (hours * 60 + minutes) * 60_000);
}

/** A moment as a datetime-local field in India shows it. */
export function toIndianDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16);
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
  return DAY_MONTH.format(typeof date === "string" ? new Date(date) : date);
}

/** '1 December, 6:30 pm' in India (a scheduled post's time). */
export function formatLongDateTime(date: Date | string): string {
  return LONG_DATE_TIME.format(typeof date === "string" ? new Date(date) : date);
}

/** '3 Dec 2026, 4:05 pm' in India (when a post was published, when a contact's consent changed). */
export function formatDateTime(date: Date | string): string {
  return DATE_TIME_WITH_YEAR.format(typeof date === "string" ? new Date(date) : date);
}
