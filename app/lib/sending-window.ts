/**
 * The daily window promotional SMS may go out in, in India (10:00 to 21:00 by default): TRAI's
 * rule for promotional messages. India keeps UTC+05:30 all year, so an hour of the day in India is
 * plain arithmetic. (To be folded into app/lib/india-time.ts under the same names.)
 */
export type SendingWindow = { startHour: number; endHour: number };

const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds since midnight in India. */
function indianTimeOfDay(at: Date): number {
  return (((at.getTime() + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
}

/** Whether a moment is inside the window (its start included, its end not). */
export function isWithinSendingWindow(at: Date, window: SendingWindow): boolean {
  const time = indianTimeOfDay(at);
  return time >= window.startHour * HOUR_MS && time < window.endHour * HOUR_MS;
}

/** The window's next opening at or after a moment (the moment itself when it is inside). */
export function nextWindowStart(at: Date, window: SendingWindow): Date {
  if (isWithinSendingWindow(at, window)) return at;
  const time = indianTimeOfDay(at);
  const midnight = at.getTime() - time;
  const todayStart = midnight + window.startHour * HOUR_MS;
  return new Date(time < window.startHour * HOUR_MS ? todayStart : todayStart + DAY_MS);
}
