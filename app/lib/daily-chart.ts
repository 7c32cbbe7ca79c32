import { formatCount } from "./format-count";
import { shortDay } from "./india-time";

/**
 * Small bar charts of counts per day, drawn as SVG text on the server: a page inlines them, so a
 * chart needs no JavaScript and no chart library reaches the browser. Each series has its own band,
 * scaled to its own highest day, with its label and total on the left; the first and last days
 * are under the plot. Days are dates in India ('YYYY-MM-DD').
 */
export type ChartSeries = { key: string; label: string; colour: string; values: readonly number[]; bandHeight?: number };

export const DAILY_CHART_WIDTH = 300;
const PLOT_LEFT = 44;
const PLOT_WIDTH = DAILY_CHART_WIDTH - PLOT_LEFT;
const FIRST_BAND_TOP = 4;
const BAND_GAP = 6;
const DEFAULT_BAND_HEIGHT = 30;
const AXIS_BELOW_LAST_BAND = 14;
const MAX_BAR_WIDTH = 16;
/** A day with any count stays visible beside a much bigger day. */
const MIN_BAR_HEIGHT = 1.5;

export const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** One decimal place is finer than any screen shows the chart. */
const round = (value: number) => String(Math.round(value * 10) / 10);

type Band = { top: number; bottom: number };

/** Where each band sits, top to bottom, and the height of the whole chart. */
function layout(series: readonly ChartSeries[]): { bands: Band[]; axisBaseline: number; height: number } {
  const bands: Band[] = [];
  let top = FIRST_BAND_TOP;
  for (const entry of series) {
    const bottom = top + (entry.bandHeight ?? DEFAULT_BAND_HEIGHT);
    bands.push({ top, bottom });
    top = bottom + BAND_GAP;
  }
  const axisBaseline = (bands.at(-1)?.bottom ?? FIRST_BAND_TOP) + AXIS_BELOW_LAST_BAND;
  return { bands, axisBaseline, height: axisBaseline + 4 };
}

/** A series' bars as a single path (a rectangle per day with any count), small enough to inline many times. */
function barsPath(values: readonly number[], band: Band): string {
  const highest = Math.max(0, ...values);
  if (highest === 0) return "";
  const slot = PLOT_WIDTH / values.length;
  const width = Math.min(slot * 0.7, MAX_BAR_WIDTH);
  const height = band.bottom - band.top;
  return values
    .map((value, index) => {
      if (value === 0) return "";
      const barHeight = Math.max(MIN_BAR_HEIGHT, (value / highest) * height);
      const x = PLOT_LEFT + slot * index + (slot - width) / 2;
      return `M${round(x)} ${band.bottom}v-${round(barHeight)}h${round(width)}v${round(barHeight)}z`;
    })
    .join("");
}

function bandSvg(series: ChartSeries, band: Band): string {
  const total = series.values.reduce((sum, value) => sum + value, 0);
  const path = barsPath(series.values, band);
  return (
    `<text x="0" y="${band.top + 11}" font-size="10" fill="#475569">${escapeXml(series.label)}</text>` +
    `<text x="0" y="${band.top + 24}" font-size="11" font-weight="600" fill="#0f172a">${escapeXml(formatCount(total))}</text>` +
    `<path d="M${PLOT_LEFT} ${band.bottom}H${DAILY_CHART_WIDTH}" stroke="#e2e8f0"/>` +
    (path ? `<path data-series="${escapeXml(series.key)}" fill="${series.colour}" d="${path}"/>` : "")
  );
}

/** The first and last days under the plot (one label, centred, for a single day). */
function dayAxis(days: readonly string[], baseline: number): string {
  const text = (x: number, anchor: string, day: string) =>
    `<text x="${round(x)}" y="${baseline}" font-size="10" fill="#475569" text-anchor="${anchor}">${escapeXml(shortDay(day))}</text>`;
  if (days.length === 0) return "";
  if (days.length === 1) return text(PLOT_LEFT + PLOT_WIDTH / 2, "middle", days[0]);
  return text(PLOT_LEFT, "start", days[0]) + text(DAILY_CHART_WIDTH, "end", days[days.length - 1]);
}

/** The chart's height for these series (its width is always DAILY_CHART_WIDTH). */
export function dailyChartHeight(series: readonly ChartSeries[]): number {
  return layout(series).height;
}

/**
 * The chart: `days` in order and, per series, one value per day. A view box that scales to its
 * container's width; role img with a title and an aria-label saying `summary` (the totals in words).
 */
export function dailyChartSvg({
  days,
  series,
  summary,
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
  summary: string;
}): string {
  const { bands, axisBaseline, height } = layout(series);
  const label = escapeXml(summary);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${DAILY_CHART_WIDTH} ${height}" width="${DAILY_CHART_WIDTH}" height="${height}" role="img" aria-label="${label}" font-family="system-ui, sans-serif">` +
    `<title>${label}</title>` +
    series.map((entry, index) => bandSvg(entry, bands[index])).join("") +
    dayAxis(days, axisBaseline) +
    `</svg>`
  );
}
