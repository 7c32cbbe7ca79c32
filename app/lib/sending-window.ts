/**
 * The hours of the day in India when promotional SMS may go out, and what the product says of them.
 * Beside india-time.ts, which says how dates look.
 */
import { startOfIndianDay } from "./india-days";
import { DAY_MS, HOUR_MS, IST_OFFSET_MS, indianDate } from "./india-time";

/** Hours of the day in India when something may happen: from startHour (inclusive) to endHour (exclusive); a start after the end spans midnight. */
export type DailyWindow = { startHour: number; endHour: number };

/** Promotional SMS reach phones in India only from 10 am to 9 pm (operators refuse the rest). */
export const SMS_SENDING_WINDOW: DailyWindow = { startHour: 10, endHour: 21 };

/** An hour of the day on a 24-hour clock: '10:00', '21:00'. */
export const hourInWords = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** A daily window as people read it: '10:00–21:00'. */
export function windowInWords(window: DailyWindow): string {
  return `${hourInWords(window.startHour)}–${hourInWords(window.endHour)}`;
}

/** Milliseconds since midnight in India. */
const indianTimeOfDay = (at: Date) => (((at.getTime() + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;

/** Whether a moment falls within the daily window in India (10:00 opens a 10-21 window, 21:00 has closed it). */
export function isWithinSendingWindow(at: Date, window: DailyWindow = SMS_SENDING_WINDOW): boolean {
  const time = indianTimeOfDay(at);
  const [start, end] = [window.startHour * HOUR_MS, window.endHour * HOUR_MS];
  return start <= end ? start <= time && time < end : start <= time || time < end;
}

/** The moment the daily window next opens in India: `at` itself when it is open, else today's opening or tomorrow's. */
export function nextWindowStart(at: Date, window: DailyWindow = SMS_SENDING_WINDOW): Date {
  if (isWithinSendingWindow(at, window)) return at;
  const todaysOpening = startOfIndianDay(indianDate(at)).getTime() + window.startHour * HOUR_MS;
  return new Date(todaysOpening > at.getTime() ? todaysOpening : todaysOpening + DAY_MS);
}

/**
 * What 'Send now' at `now` will really do, said before it is pressed: null inside the window,
 * else 'This will start at 10:00 today' (before the window opens) or '… tomorrow' (after it closed).
 */
export function sendNowNotice(now: Date, window: DailyWindow = SMS_SENDING_WINDOW): string | null {
  if (isWithinSendingWindow(now, window)) return null;
  const opens = nextWindowStart(now, window);
  const day = indianDate(opens) === indianDate(now) ? "today" : "tomorrow";
  return `This will start at ${hourInWords(window.startHour)} ${day}`;
}
