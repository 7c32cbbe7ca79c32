import { describe, expect, it } from "vitest";

import { feedUrl } from "~/lib/feed-url";
import { formatDistance } from "~/lib/distance";
import { MAX_RADIUS_KM } from "~/lib/feed-query";
import { cellOf, cellsWithin, distanceKm, flatCircle } from "~/lib/geo-grid";
import { formatIndianPhone } from "~/lib/phone";
import { likePattern, parseSearchTerms } from "~/lib/search-terms";
import { SHARE_TEXT_LIMIT, postPath, shareText, whatsappShareUrl } from "~/lib/share";

describe("search terms (split on spaces and commas; '#term' only hashtags)", () => {
  it("split on spaces and commas, lower-cased, without repeats", () => {
    expect(parseSearchTerms("Chai,  samosa ,, CHAI")).toEqual([
      { text: "chai", hashtagOnly: false },
      { text: "samosa", hashtagOnly: false },
    ]);
  });

  it("mark #terms as hashtag-only and drop a bare '#'", () => {
    expect(parseSearchTerms("#Diwali sale # ##offers")).toEqual([
      { text: "diwali", hashtagOnly: true },
      { text: "sale", hashtagOnly: false },
      { text: "offers", hashtagOnly: true },
    ]);
  });

  it("are empty for a blank query", () => {
    expect(parseSearchTerms("  , ")).toEqual([]);
    expect(parseSearchTerms(undefined)).toEqual([]);
  });

  it("escape LIKE wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("geo grid", () => {
  it("puts a point in the cell the SQL formula would", () => {
    expect(cellOf(12.9716, 77.5946)).toBe(Math.floor(102.9716 / 0.2) * 1800 + Math.floor(257.5946 / 0.2));
  });

  it("covers every cell a 25 km circle touches, and only nearby ones", () => {
    const cells = cellsWithin(12.9716, 77.5946, 25);
    expect(cells).toContain(cellOf(12.9716, 77.5946));
    expect(cells).toContain(cellOf(12.9716 + 0.22, 77.5946));
    expect(cells).toContain(cellOf(12.9716, 77.5946 - 0.23));
    expect(cells).not.toContain(cellOf(12.9716 + 0.6, 77.5946));
    expect(cells.length).toBeLessThanOrEqual(16);
  });

  it("has a flat-earth circle that keeps every point the database's distance test keeps, and drops far ones", () => {
    // earth_distance works on a sphere of 6,378.168 km; walk to points just inside the radius on it.
    const R = 6378.168;
    const rad = (degrees: number) => (degrees * Math.PI) / 180;
    const deg = (radians: number) => (radians * 180) / Math.PI;
    const passes = (lat: number, lon: number, radiusKm: number, pointLat: number, pointLon: number) => {
      const { lonScale, maxSquaredDegrees } = flatCircle(lat, lon, radiusKm);
      return (pointLat - lat) ** 2 + ((pointLon - lon) * lonScale) ** 2 <= maxSquaredDegrees;
    };
    for (const lat of [0, 8.5, 12.97, 28.6, 35, 60, -33.9]) {
      for (const radiusKm of [0.5, 5, 25, 100, MAX_RADIUS_KM]) {
        for (let bearing = 0; bearing < 360; bearing += 7.5) {
          const angle = (radiusKm * 0.9999) / R;
          const toLat = Math.asin(Math.sin(rad(lat)) * Math.cos(angle) + Math.cos(rad(lat)) * Math.sin(angle) * Math.cos(rad(bearing)));
          const toLon =
            rad(77.6) +
            Math.atan2(
              Math.sin(rad(bearing)) * Math.sin(angle) * Math.cos(rad(lat)),
              Math.cos(angle) - Math.sin(rad(lat)) * Math.sin(toLat),
            );
          expect(passes(lat, 77.6, radiusKm, deg(toLat), deg(toLon)), `${radiusKm} km at ${bearing}° from ${lat}`).toBe(true);
        }
        expect(passes(lat, 77.6, radiusKm, lat + (radiusKm * 1.2) / 111.32, 77.6)).toBe(false);
      }
    }
  });

  it("measures distances and words them for a card", () => {
    expect(distanceKm(12.9716, 77.5946, 19.076, 72.8777)).toBeCloseTo(845, -1);
    expect(formatDistance(0.34)).toBe("340 m");
    expect(formatDistance(0.001)).toBe("10 m");
    expect(formatDistance(4.26)).toBe("4.3 km");
    expect(formatDistance(18.4)).toBe("18 km");
  });
});

describe("sharing", () => {
  it(`cuts share text to ${SHARE_TEXT_LIMIT} characters`, () => {
    expect(shareText("short  text\nhere")).toBe("short text here");
    const long = shareText("x".repeat(150));
    expect(long).toHaveLength(SHARE_TEXT_LIMIT);
    expect(long.endsWith("…")).toBe(true);
  });

  it("links to the post on the home feed and to WhatsApp", () => {
    expect(postPath("abc")).toBe("/?post=abc");
    expect(whatsappShareUrl("Hi & bye", "https://x.in/?post=1")).toBe(
      "https://wa.me/?text=Hi%20%26%20bye%20https%3A%2F%2Fx.in%2F%3Fpost%3D1",
    );
  });
});

describe("feed URLs", () => {
  const state = { lat: 12.97, lon: 77.59, label: "Bengaluru", q: "chai", category: "Cafe" };

  it("carry the whole state", () => {
    expect(feedUrl(state)).toBe("/?lat=12.97&lon=77.59&label=Bengaluru&q=chai&category=Cafe");
  });

  it("apply changes, dropping empties, and add a cursor", () => {
    expect(feedUrl(state, { q: undefined, cursor: "c1" })).toBe("/?lat=12.97&lon=77.59&label=Bengaluru&category=Cafe&cursor=c1");
    expect(feedUrl({}, {})).toBe("/");
  });

  it("'Show all' drops the location", () => {
    expect(feedUrl(state, { all: true })).toBe("/?all=1&q=chai&category=Cafe");
  });
});

describe("phones (shown with +91)", () => {
  it.each([
    ["9845012345", "+91 98450 12345"],
    ["+91 98450 12345", "+91 98450 12345"],
    ["09845012345", "+91 98450 12345"],
    ["080 4000 1234", "+91 80400 01234"],
    ["12345", "+91 12345"],
  ])("%s → %s", (input, expected) => {
    expect(formatIndianPhone(input)).toBe(expected);
  });

  it("is null without a phone", () => {
    expect(formatIndianPhone(null)).toBeNull();
  });
});
