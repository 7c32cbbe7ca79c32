import { describe, expect, it } from "vitest";

import {
  CHART_DAYS,
  CHART_HEIGHT,
  CHART_WIDTH,
  chartPeriod,
  engagementChartSvg,
  engagementDays,
  engagementSummary,
  type DailyEngagement,
} from "~/lib/engagement-chart";
import { shortDay } from "~/lib/india-time";
import sharp from "~/services/sharp.server";

type Bar = { x: number; bottom: number; height: number; width: number };

/** The bars of one series as drawn: a rectangle per day with any count, in the order of the days. */
function barsOf(svg: string, series: "views" | "likes"): Bar[] {
  const path = new RegExp(`<path data-series="${series}" fill="#[0-9a-f]{6}" d="([^"]*)"/>`).exec(svg);
  if (!path) return [];
  return [...path[1].matchAll(/M([\d.]+) ([\d.]+)v-([\d.]+)h([\d.]+)v([\d.]+)z/g)].map((match) => {
    expect(match[5]).toBe(match[3]);
    return { x: Number(match[1]), bottom: Number(match[2]), height: Number(match[3]), width: Number(match[4]) };
  });
}

const labelOf = (svg: string) => /aria-label="([^"]*)"/.exec(svg)?.[1];
const dayLabels = (svg: string) => [...svg.matchAll(/text-anchor="(?:start|middle|end)">([^<]*)</g)].map((match) => match[1]);

/** The drawing is well-formed SVG that renders: sharp (librsvg) refuses anything else. */
async function renders(svg: string) {
  const { info } = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([CHART_WIDTH, CHART_HEIGHT]);
}

const SIX_DAYS: DailyEngagement[] = [
  { day: "2026-03-05", views: 10, likes: 1 },
  { day: "2026-03-06", views: 20, likes: 4 },
  { day: "2026-03-08", views: 4, likes: 0 },
];

describe("the days a chart covers", () => {
  it("fills the days between with zeros, oldest first", () => {
    expect(engagementDays(SIX_DAYS, "2026-03-05", "2026-03-10")).toEqual([
      { day: "2026-03-05", views: 10, likes: 1 },
      { day: "2026-03-06", views: 20, likes: 4 },
      { day: "2026-03-07", views: 0, likes: 0 },
      { day: "2026-03-08", views: 4, likes: 0 },
      { day: "2026-03-09", views: 0, likes: 0 },
      { day: "2026-03-10", views: 0, likes: 0 },
    ]);
  });

  it("keeps the last 30 days of a long-running post, across months and years", () => {
    const days = engagementDays([{ day: "2026-12-31", views: 3, likes: 1 }], "2026-10-01", "2027-01-15");
    expect(days).toHaveLength(CHART_DAYS);
    expect(days[0].day).toBe("2026-12-17");
    expect(days.at(-1)!.day).toBe("2027-01-15");
    expect(days.find((day) => day.day === "2026-12-31")).toEqual({ day: "2026-12-31", views: 3, likes: 1 });
  });

  it("is one day for a post published today", () => {
    expect(engagementDays([], "2026-03-10", "2026-03-10")).toEqual([{ day: "2026-03-10", views: 0, likes: 0 }]);
  });

  it("runs from the day of publishing in India to today, or to the day an offer ended", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    // 19:00 UTC is 00:30 the next day in India.
    expect(chartPeriod({ kind: "update", validUntil: null, createdAt: "2026-03-01T19:00:00Z" }, now)).toEqual({
      from: "2026-03-02",
      to: "2026-03-10",
    });
    expect(
      chartPeriod({ kind: "offer", validUntil: new Date("2026-03-05T18:29:59Z"), createdAt: new Date("2026-03-01T05:00:00Z") }, now),
    ).toEqual({
      from: "2026-03-01",
      to: "2026-03-05",
    });
    expect(
      chartPeriod({ kind: "offer", validUntil: new Date("2026-03-20T18:29:59Z"), createdAt: new Date("2026-03-01T05:00:00Z") }, now),
    ).toEqual({
      from: "2026-03-01",
      to: "2026-03-10",
    });
  });
});

describe("the chart", () => {
  it("draws each day's bar in proportion to its count, each series on its own scale", async () => {
    const svg = engagementChartSvg({ daily: SIX_DAYS, from: "2026-03-05", to: "2026-03-10" });
    const views = barsOf(svg, "views");
    const likes = barsOf(svg, "likes");
    expect(views).toHaveLength(3);
    expect(likes).toHaveLength(2);
    // The busiest day fills its band; the others are as tall as their share of it.
    expect(views[1].height / views[0].height).toBeCloseTo(2, 1);
    expect(views[2].height / views[1].height).toBeCloseTo(0.2, 1);
    expect(likes[0].height / likes[1].height).toBeCloseTo(0.25, 1);
    // Days are evenly spaced left to right: the 8th is three slots after the 5th.
    const slot = views[1].x - views[0].x;
    expect(views[2].x - views[0].x).toBeCloseTo(3 * slot, 0);
    expect(likes.map((bar) => bar.x)).toEqual(views.slice(0, 2).map((bar) => bar.x));
    for (const bar of [...views, ...likes]) expect(bar.x + bar.width).toBeLessThanOrEqual(CHART_WIDTH);
    expect(Math.max(...views.map((bar) => bar.bottom))).toBeLessThan(Math.min(...likes.map((bar) => bar.bottom)));
    expect(dayLabels(svg)).toEqual(["5 Mar", "10 Mar"]);
    expect(labelOf(svg)).toBe("Views and likes per day: 34 views and 5 likes in 6 days");
    expect(svg).toContain("<title>Views and likes per day: 34 views and 5 likes in 6 days</title>");
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 300 80"[^>]*role="img"/);
    await renders(svg);
  });

  it("keeps a day of 1 visible beside a day of 1,000", () => {
    const svg = engagementChartSvg({
      daily: [
        { day: "2026-03-05", views: 1000, likes: 0 },
        { day: "2026-03-06", views: 1, likes: 0 },
      ],
      from: "2026-03-05",
      to: "2026-03-06",
    });
    const [big, small] = barsOf(svg, "views");
    expect(small.height).toBeGreaterThanOrEqual(1.5);
    expect(small.height).toBeLessThan(big.height / 10);
  });

  it("draws one day as one bar with one date under it", async () => {
    const svg = engagementChartSvg({ daily: [{ day: "2026-03-10", views: 1, likes: 1 }], from: "2026-03-10", to: "2026-03-10" });
    expect(barsOf(svg, "views")).toHaveLength(1);
    expect(barsOf(svg, "views")[0].width).toBeLessThanOrEqual(16);
    expect(dayLabels(svg)).toEqual(["10 Mar"]);
    expect(labelOf(svg)).toBe("Views and likes per day: 1 view and 1 like in 1 day");
    await renders(svg);
  });

  it("draws no bars, only the empty bands, for a post nobody has seen yet", async () => {
    const svg = engagementChartSvg({ daily: [], from: "2026-03-08", to: "2026-03-10" });
    expect(barsOf(svg, "views")).toEqual([]);
    expect(barsOf(svg, "likes")).toEqual([]);
    expect(svg).not.toContain("NaN");
    expect(labelOf(svg)).toBe("Views and likes per day: 0 views and 0 likes in 3 days");
    await renders(svg);
  });

  it("says 'the last 30 days' for a long-running post, and draws only those", async () => {
    const daily = Array.from({ length: 90 }, (_, index) => ({
      day: new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10),
      views: 1,
      likes: 0,
    }));
    const svg = engagementChartSvg({ daily, from: "2026-01-01", to: "2026-03-31" });
    expect(barsOf(svg, "views")).toHaveLength(30);
    expect(dayLabels(svg)).toEqual(["2 Mar", "31 Mar"]);
    expect(labelOf(svg)).toBe("Views and likes per day: 30 views and 0 likes in the last 30 days");
    await renders(svg);
  });

  it("holds no markup but its own: one svg of titles, texts and paths, nothing that runs or loads", () => {
    const svg = engagementChartSvg({ daily: SIX_DAYS, from: "2026-03-05", to: "2026-03-10" });
    expect(new Set(svg.match(/<[a-z]+/g))).toEqual(new Set(["<svg", "<title", "<text", "<path"]));
    expect(svg.match(/<svg/g)).toHaveLength(1);
    expect(svg).not.toMatch(/\son[a-z]+=|href|style=/i);
    expect(shortDay("2026-12-31")).toBe("31 Dec");
    expect(engagementSummary([{ day: "2026-03-05", views: 2, likes: 1 }])).toBe("Views and likes per day: 2 views and 1 like in 1 day");
  });
});
