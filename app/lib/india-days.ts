/**
 * A day in India as forms, filters and queries take it: 'YYYY-MM-DD', a datetime-local field's
 * value, and the first and last moments of a day (an offer valid until a day lasts to its end).
 * Beside india-time.ts, which says how dates look.
 */
import { DAY_MS, IST_OFFSET_MS, indianDate } from "./india-time";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A date 'YYYY-MM-DD' moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether 'YYYY-MM-DD' is a real calendar date (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/**
 * The days a date filter may name: from 2000-01-01 (the product keeps nothing older) to a year from
 * today in India. A calendar date such as 0001-01-01 starts at a moment PostgreSQL refuses.
 */
export function filterDayRange(now: Date = new Date()): { first: string; last: string } {
  return { first: "2000-01-01", last: addDays(indianDate(now), 365) };
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
