import { describe, expect, it } from "vitest";

import { formatRelativeTime } from "~/lib/india-time";

const now = new Date("2026-11-22T12:00:00Z");
const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);
const MINUTE = 60_000;

describe("relative time ('Just now', minutes, hours, days, then a date)", () => {
  it.each([
    [0, "Just now"],
    [59_999, "Just now"],
    [MINUTE, "1m ago"],
    [59 * MINUTE, "59m ago"],
    [60 * MINUTE, "1h ago"],
    [23 * 60 * MINUTE + 59 * MINUTE, "23h ago"],
    [24 * 60 * MINUTE, "1d ago"],
    [6 * 24 * 60 * MINUTE, "6d ago"],
  ])("%i ms ago reads %s", (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it("shows a date from 7 days on", () => {
    expect(formatRelativeTime(new Date("2026-11-15T11:00:00Z"), now)).toBe("15 Nov 2026");
  });

  it("shows a time still to come (a scheduled post) as its day and time in India, never 'Just now'", () => {
    expect(formatRelativeTime(new Date("2026-11-23T03:30:00Z"), now)).toBe("23 Nov, 9:00 am");
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe("22 Nov, 5:35 pm");
    expect(formatRelativeTime(new Date(now.getTime() + 30_000), now)).toBe("Just now");
  });

  it("accepts ISO strings, as loaders send them", () => {
    expect(formatRelativeTime("2026-11-22T11:30:00Z", now)).toBe("30m ago");
  });
});
