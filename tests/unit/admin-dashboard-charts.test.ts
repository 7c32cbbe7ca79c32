import { describe, expect, it } from "vitest";

import { dashboardCharts } from "~/lib/admin-dashboard-charts";

const days = ["2026-11-24", "2026-11-25", "2026-11-26"];

describe("the admin dashboard's charts", () => {
  it("draws each chart's series in its own band, with totals in words and no script", () => {
    const charts = dashboardCharts({ days, values: { posts: [1, 0, 4], offers: [0, 2, 0], businesses: [3, 0, 0] } });
    expect(charts.map((chart) => chart.id)).toEqual(["businesses", "posts", "engagement", "sms", "credits"]);
    const posts = charts.find((chart) => chart.id === "posts")!;
    expect(posts.svg).toContain('aria-label="Posts and offers: Posts 5, Offers 2 in the last 3 days"');
    // One rectangle per day with any count: two days of posts, one of offers.
    expect(posts.svg.match(/data-series="posts"[^>]*d="([^"]*)"/)![1].match(/M/g)).toHaveLength(2);
    expect(posts.svg.match(/data-series="offers"[^>]*d="([^"]*)"/)![1].match(/M/g)).toHaveLength(1);
    expect(posts.svg).toContain(">24 Nov<");
    expect(posts.svg).toContain(">26 Nov<");
    expect(posts.svg).not.toMatch(/<script|on\w+=/i);
  });

  it("draws an empty period as empty bands, saying the totals are zero", () => {
    const [businesses] = dashboardCharts({ days, values: {} });
    expect(businesses.svg).toContain("New businesses: Joined 0 in the last 3 days");
    expect(businesses.svg).not.toContain("data-series");
  });
});
