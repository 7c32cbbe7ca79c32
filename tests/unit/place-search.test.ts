import { describe, expect, it } from "vitest";

import gazetteerRows from "~/data/gazetteer-in.json";
import {
  buildGazetteerIndex,
  canonicalPlaceKey,
  dedupePlaces,
  fromGazetteerRow,
  gazetteerLabel,
  MatchTier,
  normalizePlaceQuery,
  placeQuerySchema,
  scorePlaceName,
  searchGazetteer,
  toGazetteerRow,
  type GazetteerPlace,
} from "~/lib/place-search";

const gazetteer = buildGazetteerIndex((gazetteerRows as unknown[]).map(fromGazetteerRow));
const labelsFor = (query: string, limit = 6) => searchGazetteer(gazetteer, query, limit).map(gazetteerLabel);

function place(name: string, overrides: Partial<GazetteerPlace> = {}): GazetteerPlace {
  return {
    id: name.toLowerCase(),
    name,
    parent: null,
    state: "Karnataka",
    lat: 12.97,
    lon: 77.59,
    population: 1000,
    kind: "town",
    alsoKnownAs: [],
    ...overrides,
  };
}

describe("normalizePlaceQuery", () => {
  it("lower-cases, drops accents and punctuation, collapses spaces", () => {
    expect(normalizePlaceQuery("  Sūrat ")).toBe("surat");
    expect(normalizePlaceQuery("J.P. Nagar")).toBe("jp nagar");
    expect(normalizePlaceQuery("Koramangala,   Bengaluru-560034")).toBe("koramangala bengaluru 560034");
  });

  it("keeps Indic scripts intact", () => {
    expect(normalizePlaceQuery("बेंगलुरु")).toBe("बेंगलुरु");
  });
});

describe("scorePlaceName", () => {
  it("ranks exact > prefix > word prefix > substring", () => {
    expect(scorePlaceName("pune", "Pune")).toBe(MatchTier.exact);
    expect(scorePlaceName("indira nagar", "Indiranagar")).toBe(MatchTier.exact);
    expect(scorePlaceName("beng", "Bengaluru")).toBe(MatchTier.prefix);
    expect(scorePlaceName("layout", "HSR Layout")).toBe(MatchTier.wordPrefix);
    expect(scorePlaceName("galur", "Bengaluru")).toBe(MatchTier.substring);
    expect(scorePlaceName("ga", "Bengaluru")).toBeNull();
    expect(scorePlaceName("mysore", "Pune")).toBeNull();
  });
});

describe("searchGazetteer over the bundled gazetteer", () => {
  it("finds Bengaluru first for 'beng' and for its old name 'bangalore'", () => {
    expect(labelsFor("beng")[0]).toBe("Bengaluru, Karnataka");
    expect(labelsFor("bangalore")[0]).toBe("Bengaluru, Karnataka");
    expect(labelsFor("Bangalore")[0]).toBe("Bengaluru, Karnataka");
  });

  it("finds metro localities labelled with their city", () => {
    expect(labelsFor("indira")[0]).toBe("Indiranagar, Bengaluru, Karnataka");
    expect(labelsFor("hsr")[0]).toBe("HSR Layout, Bengaluru, Karnataka");
    expect(labelsFor("J.P. Nagar")[0]).toBe("JP Nagar, Bengaluru, Karnataka");
    expect(labelsFor("andheri")[0]).toBe("Andheri, Mumbai, Maharashtra");
  });

  it("puts the exact city first", () => {
    expect(labelsFor("pune")[0]).toBe("Pune, Maharashtra");
    expect(labelsFor("jaipur")[0]).toBe("Jaipur, Rajasthan");
    expect(labelsFor("delhi")[0]).toBe("Delhi");
  });

  it("knows former names in both directions", () => {
    for (const [old, current] of [
      ["bombay", "Mumbai, Maharashtra"],
      ["madras", "Chennai, Tamil Nadu"],
      ["calcutta", "Kolkata, West Bengal"],
      ["gurgaon", "Gurugram, Haryana"],
      ["trivandrum", "Thiruvananthapuram, Kerala"],
      ["cochin", "Kochi, Kerala"],
      ["poona", "Pune, Maharashtra"],
      ["mysore", "Mysuru, Karnataka"],
      ["baroda", "Vadodara, Gujarat"],
    ]) {
      expect(labelsFor(old)[0], old).toBe(current);
    }
  });

  it("reads a trailing city as context", () => {
    expect(labelsFor("koramangala, bangalore")).toEqual(["Koramangala, Bengaluru, Karnataka"]);
    expect(labelsFor("shivajinagar pune")).toEqual(["Shivajinagar, Pune, Maharashtra"]);
  });

  it("returns nothing for blank or unknown queries, and respects the limit", () => {
    expect(labelsFor("   ")).toEqual([]);
    expect(labelsFor("qqxqq")).toEqual([]);
    expect(labelsFor("nagar", 3)).toHaveLength(3);
  });

  it("ranks an exact small place above a prefix match of a big one", () => {
    const index = buildGazetteerIndex([
      place("Punganur", { population: 5_000_000 }),
      place("Pung", { population: 2_000 }),
      place("Old Pung Road", { population: 9_000_000 }),
    ]);
    expect(searchGazetteer(index, "pung", 3).map((found) => found.name)).toEqual(["Pung", "Punganur", "Old Pung Road"]);
  });

  it("breaks ties by population, and ranks localities by their city", () => {
    const index = buildGazetteerIndex([
      place("Koppal", { population: 70_000 }),
      place("Kolar", { population: 140_000 }),
      place("Bengaluru", { population: 5_000_000, kind: "city" }),
      place("Koramangala", { parent: "Bengaluru", population: 0, kind: "locality" }),
    ]);
    expect(searchGazetteer(index, "ko", 3).map(gazetteerLabel)).toEqual([
      "Koramangala, Bengaluru, Karnataka",
      "Kolar, Karnataka",
      "Koppal, Karnataka",
    ]);
  });
});

describe("gazetteer rows", () => {
  it("round-trip and refuse malformed rows", () => {
    const indiranagar = place("Indiranagar", { parent: "Bengaluru", kind: "locality", alsoKnownAs: ["Indira Nagar"] });
    expect(fromGazetteerRow(toGazetteerRow(indiranagar))).toEqual(indiranagar);
    expect(() => fromGazetteerRow(["1", "X"])).toThrow(/Malformed/);
    expect(() => fromGazetteerRow(["1", "X", "", "S", 1, 2, 3, "village", []])).toThrow(/Malformed/);
  });

  it("cover every state with 5-decimal coordinates inside India", () => {
    const places = (gazetteerRows as unknown[]).map(fromGazetteerRow);
    expect(places.length).toBeGreaterThan(3000);
    expect(new Set(places.map((found) => found.state)).size).toBeGreaterThanOrEqual(35);
    const misplaced = places.filter(
      (found) =>
        !(found.lat > 6 && found.lat < 37 && found.lon > 68 && found.lon < 98) ||
        Math.round(found.lat * 1e5) / 1e5 !== found.lat ||
        Math.round(found.lon * 1e5) / 1e5 !== found.lon,
    );
    expect(misplaced).toEqual([]);
  });
});

describe("dedupePlaces", () => {
  const at = (name: string, lat: number, lon: number, source = "a") => ({ name, lat, lon, source });

  it("keeps the first of the same name within ~2 km, whatever the spelling", () => {
    const places = [
      at("Indiranagar", 12.9784, 77.6408, "nominatim"),
      at("Indira Nagar", 12.9719, 77.6412, "photon"),
      at("Bangalore", 12.9716, 77.5946, "photon"),
      at("Bengaluru", 12.9719, 77.5937, "gazetteer"),
    ];
    expect(dedupePlaces(places, 8)).toEqual([places[0], places[2]]);
    expect(canonicalPlaceKey("Bangalore")).toBe(canonicalPlaceKey("Bengaluru"));
  });

  it("keeps places of the same name that are far apart, and different names close together", () => {
    const udaipurRajasthan = at("Udaipur", 24.5854, 73.7125);
    const udaipurTripura = at("Udaipur", 23.5333, 91.4833);
    const koramangala = at("Koramangala", 12.9352, 77.6245);
    const stJohns = at("St. John's", 12.9306, 77.6224);
    expect(dedupePlaces([udaipurRajasthan, udaipurTripura, koramangala, stJohns], 8)).toHaveLength(4);
  });

  it("returns at most max places", () => {
    const places = Array.from({ length: 12 }, (_, index) => at(`Place ${index}`, 20 + index, 77));
    expect(dedupePlaces(places, 8)).toEqual(places.slice(0, 8));
    expect(dedupePlaces(places, 0)).toEqual([]);
  });
});

describe("placeQuerySchema", () => {
  it("asks for a place when blank and limits the length", () => {
    expect(placeQuerySchema.safeParse("  ").error?.issues[0].message).toBe("Enter a place to search for");
    expect(placeQuerySchema.safeParse("x".repeat(101)).success).toBe(false);
    expect(placeQuerySchema.parse("  Jaipur ")).toBe("Jaipur");
  });
});
