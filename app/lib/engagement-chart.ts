import { DAILY_CHART_WIDTH, dailyChartHeight, dailyChartSvg } from "./daily-chart";
import { addDays } from "./india-days";
import { daysBetween, indianDate } from "./india-time";
import { hasEnded, type StatusFields } from "./post-status";

/**
 * A post's views and likes per day as a small SVG drawn on the server: the history page inlines
 * it, so the chart needs no JavaScript and no chart library reaches the browser. Days are dates
 * in India ('YYYY-MM-DD', reckoned by ~/lib/india-time).
 */
export type DailyEngagement = { day: string; views: number; likes: number };

/** A chart shows at most this many days: the last ones of a long-running post. */
export const CHART_DAYS = 30;

/** Views in a taller band than likes: there are more of them. */
const SERIES = {
  views: { label: "Views", colour: "#2563eb", bandHeight: 30 },
  likes: { label: "Likes", colour: "#e11d48", bandHeight: 22 },
} as const;

export const CHART_WIDTH = DAILY_CHART_WIDTH;
export const CHART_HEIGHT = dailyChartHeight(Object.values(SERIES).map((series) => ({ ...series, key: "", values: [] })));

/**
 * Every day from `from` to `to` (inclusive; `to` before `from` is the one day `to`), at most the
 * last CHART_DAYS of them, with the counts of the days that had any and 0 for the rest.
 */
export function engagementDays(daily: readonly DailyEngagement[], from: string, to: string): DailyEngagement[] {
  const span = Math.max(0, daysBetween(from, to)) + 1;
  const shown = Math.min(span, CHART_DAYS);
  const byDay = new Map(daily.map((entry) => [entry.day, entry]));
  return Array.from({ length: shown }, (_, index) => {
    const day = addDays(to, index - shown + 1);
    const entry = byDay.get(day);
    return { day, views: entry?.views ?? 0, likes: entry?.likes ?? 0 };
  });
}

/**
 * The days a post's chart covers: from the day it was published to today, or to the day an offer
 * ended (nobody can see it after, so later days would only be empty).
 */
export function chartPeriod(
  post: Pick<StatusFields, "kind" | "validUntil"> & { createdAt: Date | string },
  now: Date = new Date(),
): { from: string; to: string } {
  const from = indianDate(new Date(post.createdAt));
  const today = indianDate(now);
  const to = hasEnded(post, now) && post.validUntil ? indianDate(new Date(post.validUntil)) : today;
  return { from, to: to < from ? from : to };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What the chart says to a screen reader: 'Views and likes per day: 34 views and 5 likes in 6 days'. */
export function engagementSummary(days: readonly DailyEngagement[], { clipped = false } = {}): string {
  const views = days.reduce((sum, day) => sum + day.views, 0);
  const likes = days.reduce((sum, day) => sum + day.likes, 0);
  const period = clipped ? `the last ${days.length} days` : plural(days.length, "day", "days");
  return `Views and likes per day: ${plural(views, "view", "views")} and ${plural(likes, "like", "likes")} in ${period}`;
}

/**
 * The chart of a post's views and likes per day from `from` (the day it was published) to `to`
 * (today, or the day an offer ended), the last CHART_DAYS days of a longer run. A 300 x 80 view box
 * that scales to its container's width; role img with a title and an aria-label that say the totals.
 */
export function engagementChartSvg({ daily, from, to }: { daily: readonly DailyEngagement[]; from: string; to: string }): string {
  const days = engagementDays(daily, from, to);
  const clipped = daysBetween(from, to) + 1 > days.length;
  return dailyChartSvg({
    days: days.map((day) => day.day),
    series: (["views", "likes"] as const).map((key) => ({ key, ...SERIES[key], values: days.map((day) => day[key]) })),
    summary: engagementSummary(days, { clipped }),
  });
}
