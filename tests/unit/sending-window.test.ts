import { describe, expect, it } from "vitest";

import { isWithinSendingWindow, nextWindowStart, sendNowNotice } from "~/lib/sending-window";

const WINDOW = { startHour: 10, endHour: 21 };
/** A moment given as India's wall clock on 1 December 2026 (UTC+05:30). */
const india = (time: string, day = "2026-12-01") => new Date(`${day}T${time}:00+05:30`);

describe("the sending window (10:00–21:00 in India)", () => {
  it("is open from 10:00 up to, not including, 21:00 in India, whatever the server's zone", () => {
    expect(isWithinSendingWindow(india("09:59"), WINDOW)).toBe(false);
    expect(isWithinSendingWindow(india("10:00"), WINDOW)).toBe(true);
    expect(isWithinSendingWindow(india("20:59"), WINDOW)).toBe(true);
    expect(isWithinSendingWindow(india("21:00"), WINDOW)).toBe(false);
    expect(isWithinSendingWindow(india("02:00"), WINDOW)).toBe(false);
    expect(isWithinSendingWindow(india("00:00"), { startHour: 0, endHour: 24 })).toBe(true);
  });

  it("opens next at 10:00 the same day before it, the next day after it, and now inside it", () => {
    expect(nextWindowStart(india("22:00"), WINDOW)).toEqual(india("10:00", "2026-12-02"));
    expect(nextWindowStart(india("21:00"), WINDOW)).toEqual(india("10:00", "2026-12-02"));
    expect(nextWindowStart(india("07:30"), WINDOW)).toEqual(india("10:00"));
    // 23:30 on 31 December in India is the next year's morning that it waits for.
    expect(nextWindowStart(india("23:30", "2026-12-31"), WINDOW)).toEqual(india("10:00", "2027-01-01"));
    const inside = india("15:45");
    expect(nextWindowStart(inside, WINDOW)).toBe(inside);
  });

  it("says before 'Send now' when it will really start: today before the window opens, tomorrow after it closed, nothing inside it", () => {
    expect(sendNowNotice(india("07:30"), WINDOW)).toBe("This will start at 10:00 today");
    expect(sendNowNotice(india("00:00"), WINDOW)).toBe("This will start at 10:00 today");
    expect(sendNowNotice(india("09:59"), WINDOW)).toBe("This will start at 10:00 today");
    expect(sendNowNotice(india("10:00"), WINDOW)).toBeNull();
    expect(sendNowNotice(india("20:59"), WINDOW)).toBeNull();
    expect(sendNowNotice(india("21:00"), WINDOW)).toBe("This will start at 10:00 tomorrow");
    expect(sendNowNotice(india("23:59", "2026-12-31"), WINDOW)).toBe("This will start at 10:00 tomorrow");
    // The admin's window, not a fixed 10:00.
    expect(sendNowNotice(india("06:00"), { startHour: 8, endHour: 20 })).toBe("This will start at 08:00 today");
  });
});
