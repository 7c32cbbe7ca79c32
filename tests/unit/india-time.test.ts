import { describe, expect, it } from "vitest";

import { filterDayRange } from "~/lib/india-days";
import { formatLongDate, formatTime, shortDay } from "~/lib/india-time";
import { isWithinSendingWindow, nextWindowStart } from "~/lib/sending-window";

/** A moment given as India's wall-clock time (UTC+05:30). */
const inIndia = (dateTime: string) => new Date(`${dateTime}+05:30`);

describe("the sending window, in India", () => {
  it.each([
    ["2026-11-26T09:59:59", false],
    ["2026-11-26T10:00:00", true],
    ["2026-11-26T15:30:00", true],
    ["2026-11-26T20:59:59", true],
    ["2026-11-26T21:00:00", false],
    ["2026-11-26T23:30:00", false],
    ["2026-11-27T00:15:00", false],
  ])("at %s India time is open: %s (10 am to 9 pm)", (at, open) => {
    expect(isWithinSendingWindow(inIndia(at))).toBe(open);
  });

  it("reads the hours in India whatever the moment's UTC date: 04:30 UTC is 10 am there, 15:30 UTC is 9 pm", () => {
    expect(isWithinSendingWindow(new Date("2026-11-26T04:30:00Z"))).toBe(true);
    expect(isWithinSendingWindow(new Date("2026-11-26T04:29:00Z"))).toBe(false);
    expect(isWithinSendingWindow(new Date("2026-11-26T15:30:00Z"))).toBe(false);
  });

  it("takes another window, one across midnight too", () => {
    const morning = { startHour: 9, endHour: 12 };
    expect(isWithinSendingWindow(inIndia("2026-11-26T09:00:00"), morning)).toBe(true);
    expect(isWithinSendingWindow(inIndia("2026-11-26T12:00:00"), morning)).toBe(false);
    const night = { startHour: 22, endHour: 6 };
    expect(isWithinSendingWindow(inIndia("2026-11-26T23:00:00"), night)).toBe(true);
    expect(isWithinSendingWindow(inIndia("2026-11-27T05:59:00"), night)).toBe(true);
    expect(isWithinSendingWindow(inIndia("2026-11-27T06:00:00"), night)).toBe(false);
  });

  it("opens next at the moment itself inside, at 10 am the same day before it, at 10 am the next day after it", () => {
    const inside = inIndia("2026-11-26T13:45:10");
    expect(nextWindowStart(inside)).toBe(inside);
    expect(nextWindowStart(inIndia("2026-11-26T07:00:00"))).toEqual(inIndia("2026-11-26T10:00:00"));
    expect(nextWindowStart(inIndia("2026-11-26T21:00:00"))).toEqual(inIndia("2026-11-27T10:00:00"));
    // 01:00 in India is still the evening before in UTC: the window opens that Indian morning.
    expect(nextWindowStart(inIndia("2026-11-27T01:00:00"))).toEqual(inIndia("2026-11-27T10:00:00"));
    expect(nextWindowStart(inIndia("2026-12-31T22:00:00"))).toEqual(inIndia("2027-01-01T10:00:00"));
  });

  it("opens next at another window's start", () => {
    const night = { startHour: 22, endHour: 6 };
    expect(nextWindowStart(inIndia("2026-11-26T08:00:00"), night)).toEqual(inIndia("2026-11-26T22:00:00"));
    expect(nextWindowStart(inIndia("2026-11-26T03:00:00"), night)).toEqual(inIndia("2026-11-26T03:00:00"));
  });
});

describe("times and dates as India reads them", () => {
  it("shows a time of day in India, 'am' and 'pm' in small letters", () => {
    expect(formatTime(inIndia("2026-11-26T10:00:00"))).toBe("10:00 am");
    expect(formatTime("2026-11-26T15:35:00Z")).toBe("9:05 pm");
    expect(formatTime(inIndia("2026-11-26T00:30:00"))).toBe("12:30 am");
  });

  it("dates a page's update by India's calendar, whatever the server's zone", () => {
    expect(formatLongDate("2026-11-21T20:00:00Z")).toBe("22 November 2026");
  });

  it("labels a chart's day with the month's three letters", () => {
    expect(shortDay("2026-09-07")).toBe("7 Sep");
  });
});

describe("the days a date filter may name", () => {
  it("run from 2000-01-01 to a year from today in India (already tomorrow there at 20:00 UTC)", () => {
    expect(filterDayRange(new Date("2026-11-26T20:00:00Z"))).toEqual({ first: "2000-01-01", last: "2027-11-27" });
    expect(filterDayRange(new Date("2026-11-26T10:00:00Z"))).toEqual({ first: "2000-01-01", last: "2027-11-26" });
  });
});
