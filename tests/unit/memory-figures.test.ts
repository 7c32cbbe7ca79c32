import { describe, expect, it } from "vitest";

import { entryTimeText, hitRatioText, uptimeText } from "~/lib/memory-figures";

describe("a memory's figures", () => {
  it("reads hits as a share of the asks", () => {
    expect(hitRatioText(0, 0)).toBe("none asked");
    expect(hitRatioText(92, 8)).toBe("92%");
    expect(hitRatioText(0, 5)).toBe("0.0%");
    expect(hitRatioText(1, 19)).toBe("5.0%");
    expect(hitRatioText(999, 1)).toBe("99.9%");
    expect(hitRatioText(5, 0)).toBe("100%");
  });

  it("reads an entry's time in seconds or minutes", () => {
    expect(entryTimeText(10_000)).toBe("10 s");
    expect(entryTimeText(1_000)).toBe("1 s");
    expect(entryTimeText(60_000)).toBe("1 min");
    expect(entryTimeText(90_000)).toBe("90 s");
    expect(entryTimeText(undefined)).toBe("each entry's own, or until forgotten");
  });

  it("reads a process's time up", () => {
    expect(uptimeText(40.7)).toBe("40 s");
    expect(uptimeText(12 * 60 + 5)).toBe("12 min");
    expect(uptimeText(3 * 3600 + 5 * 60 + 59)).toBe("3 h 5 min");
  });
});
