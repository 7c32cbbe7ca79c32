import { describe, expect, it } from "vitest";

import {
  formatDateTime,
  formatDayMonth,
  formatLongDate,
  formatLongDateTime,
  formatRelativeTime,
  formatShortDate,
  formatTime,
} from "~/lib/india-time";

/** What ICU's en-IN says in India, as the server's Node formats it; 'Sept' is spelt 'Sep' as the charts spell it. */
const icu = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat("en-IN", { ...options, timeZone: "Asia/Kolkata" });
  return (date: Date) =>
    format
      .format(date)
      .replace(/\s+/g, " ")
      .replace(/\bSept\b/, "Sep")
      .replace(/\b(AM|PM)\b/, (half) => half.toLowerCase());
};

// Every hour and minute shape across a year: midnight, noon, single-digit days, each month, around the IST date line.
const moments = Array.from({ length: 400 }, (_, index) => new Date(Date.UTC(2026, 0, 1) + index * 22 * 3_600_000 + index * 7 * 60_000));

describe("dates in India without Intl", () => {
  it.each([
    ["formatDayMonth", formatDayMonth, icu({ day: "numeric", month: "short" })],
    ["formatShortDate", formatShortDate, icu({ day: "numeric", month: "short", year: "numeric" })],
    ["formatLongDate", formatLongDate, icu({ day: "numeric", month: "long", year: "numeric" })],
    ["formatDateTime", formatDateTime, icu({ day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" })],
    ["formatLongDateTime", formatLongDateTime, icu({ day: "numeric", month: "long", hour: "numeric", minute: "2-digit" })],
    ["formatTime", formatTime, icu({ hour: "numeric", minute: "2-digit" })],
  ] as const)("%s spells every moment as ICU's en-IN does", (_, ours, theirs) => {
    for (const moment of moments) expect([moment.toISOString(), ours(moment)]).toEqual([moment.toISOString(), theirs(moment)]);
  });

  it("takes the date as an ISO string too, and midnight and noon on a 12-hour clock", () => {
    expect(formatTime("2026-03-01T18:30:00Z")).toBe("12:00 am");
    expect(formatTime("2026-03-01T06:30:00Z")).toBe("12:00 pm");
    expect(formatDayMonth("2026-09-01T00:00:00Z")).toBe("1 Sep");
  });

  it("says a time to come as its day and time, and an old one as its date", () => {
    const now = new Date("2026-11-28T06:00:00Z");
    expect(formatRelativeTime(new Date("2026-11-29T03:30:00Z"), now)).toBe("29 Nov, 9:00 am");
    expect(formatRelativeTime(new Date("2026-11-28T05:00:00Z"), now)).toBe("1h ago");
    expect(formatRelativeTime(new Date("2026-11-01T05:00:00Z"), now)).toBe("1 Nov 2026");
  });
});
