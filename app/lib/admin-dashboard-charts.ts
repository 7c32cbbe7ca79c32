import { dailyChartSvg } from "./daily-chart";
import { formatCount } from "./format-count";

/** The admin dashboard's charts: which daily series each draws, in which colours. */
const CHARTS = [
  { id: "businesses", title: "New businesses", series: [{ key: "businesses", label: "Joined", colour: "#0f766e" }] },
  {
    id: "posts",
    title: "Posts and offers",
    series: [
      { key: "posts", label: "Posts", colour: "#2563eb" },
      { key: "offers", label: "Offers", colour: "#9333ea" },
    ],
  },
  {
    id: "engagement",
    title: "Likes and views",
    series: [
      { key: "views", label: "Views", colour: "#2563eb" },
      { key: "likes", label: "Likes", colour: "#e11d48" },
    ],
  },
  {
    id: "sms",
    title: "SMS sent and delivered",
    series: [
      { key: "smsSent", label: "Sent", colour: "#0369a1" },
      { key: "smsDelivered", label: "Delivered", colour: "#15803d" },
    ],
  },
  {
    id: "credits",
    title: "Credits sold and spent",
    series: [
      { key: "creditsSold", label: "Sold", colour: "#15803d" },
      { key: "creditsSpent", label: "Spent", colour: "#b45309" },
    ],
  },
] as const;

export type DashboardChart = { id: string; title: string; svg: string };

/** Each chart as SVG text, with a summary in words ('Posts 12, Offers 3 in the last 30 days') for screen readers. */
export function dashboardCharts(daily: { days: readonly string[]; values: Record<string, readonly number[]> }): DashboardChart[] {
  return CHARTS.map((chart) => {
    const series = chart.series.map((entry) => ({ ...entry, values: daily.values[entry.key] ?? [] }));
    const totals = series.map((entry) => `${entry.label} ${formatCount(entry.values.reduce((sum, value) => sum + value, 0))}`);
    const summary = `${chart.title}: ${totals.join(", ")} in the last ${daily.days.length} days`;
    return { id: chart.id, title: chart.title, svg: dailyChartSvg({ days: daily.days, series, summary }) };
  });
}
