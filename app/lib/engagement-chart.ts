import { addDays, daysBetween, indianDate, shortDay } from "./india-time";
import { hasEnded, type StatusFields } from "./post-status";

/**
 * A post's views and likes per day as a small SVG drawn on the server: the history page inlines
 * it, so the chart needs no JavaScript and no chart library reaches the browser. Days are dates
 * in India ('YYYY-MM-DD', reckoned by ~/lib/india-time).
 */
export type DailyEngagement = { day: string; views: number; likes: number };

/** A chart shows at most this many days: the last ones of a long-running post. */
export const CHART_DAYS = 30;

export const CHART_WIDTH = 300;
export const CHART_HEIGHT = 80;

/** The label column on the left, then the plot; a band per series, each scaled to its own highest day. */
const PLOT_LEFT = 44;
const PLOT_WIDTH = CHART_WIDTH - PLOT_LEFT;
const BANDS = {
  views: { top: 4, bottom: 34, colour: "#2563eb", label: "Views" },
  likes: { top: 40, bottom: 62, colour: "#e11d48", label: "Likes" },
} as const;
type Series = keyof typeof BANDS;
const AXIS_BASELINE = 76;
const MAX_BAR_WIDTH = 16;
/** A day with any engagement stays visible beside a much bigger day. */
const MIN_BAR_HEIGHT = 1.5;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** One decimal place is finer than any screen shows the chart. */
const round = (value: number) => String(Math.round(value * 10) / 10);

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

/** One series' bars as a single path (a rectangle per day with any count), small enough to inline twenty times. */
function barsPath(days: readonly DailyEngagement[], series: Series): string {
  const band = BANDS[series];
  const height = band.bottom - band.top;
  const highest = Math.max(...days.map((day) => day[series]));
  if (highest === 0) return "";
  const slot = PLOT_WIDTH / days.length;
  const width = Math.min(slot * 0.7, MAX_BAR_WIDTH);
  return days
    .map((day, index) => {
      if (day[series] === 0) return "";
      const barHeight = Math.max(MIN_BAR_HEIGHT, (day[series] / highest) * height);
      const x = PLOT_LEFT + slot * index + (slot - width) / 2;
      return `M${round(x)} ${band.bottom}v-${round(barHeight)}h${round(width)}v${round(barHeight)}z`;
    })
    .join("");
}

function band(days: readonly DailyEngagement[], series: Series): string {
  const { top, bottom, colour, label } = BANDS[series];
  const total = days.reduce((sum, day) => sum + day[series], 0);
  const path = barsPath(days, series);
  return (
    `<text x="0" y="${top + 11}" font-size="10" fill="#475569">${escapeXml(label)}</text>` +
    `<text x="0" y="${top + 24}" font-size="11" font-weight="600" fill="#0f172a">${escapeXml(String(total))}</text>` +
    `<path d="M${PLOT_LEFT} ${bottom}H${CHART_WIDTH}" stroke="#e2e8f0"/>` +
    (path ? `<path data-series="${series}" fill="${colour}" d="${path}"/>` : "")
  );
}

/** The first and last days under the plot (one label, centred, for a single day). */
function dayAxis(days: readonly DailyEngagement[]): string {
  const text = (x: number, anchor: string, day: string) =>
    `<text x="${round(x)}" y="${AXIS_BASELINE}" font-size="10" fill="#475569" text-anchor="${anchor}">${escapeXml(shortDay(day))}</text>`;
  if (days.length === 1) return text(PLOT_LEFT + PLOT_WIDTH / 2, "middle", days[0].day);
  return text(PLOT_LEFT, "start", days[0].day) + text(CHART_WIDTH, "end", days[days.length - 1].day);
}

/**
 * The chart of a post's views and likes per day from `from` (the day it was published) to `to`
 * (today, or the day an offer ended), the last CHART_DAYS days of a longer run. A 300 x 80 view box
 * that scales to its container's width; role img with a title and an aria-label that say the totals.
 */
export function engagementChartSvg({ daily, from, to }: { daily: readonly DailyEngagement[]; from: string; to: string }): string {
  const days = engagementDays(daily, from, to);
  const clipped = daysBetween(from, to) + 1 > days.length;
  const summary = escapeXml(engagementSummary(days, { clipped }));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" role="img" aria-label="${summary}" font-family="system-ui, sans-serif">` +
    `<title>${summary}</title>` +
    band(days, "views") +
    band(days, "likes") +
    dayAxis(days) +
    `</svg>`
  );
}
