import { z } from "zod";

import { distanceKm } from "./geo-grid";
import { noControlCharacters } from "./schemas/text";

/**
 * Place search that runs anywhere (server, browser, build script): query
 * normalisation, ranking over the bundled gazetteer, and de-duplication of
 * places that come from several providers.
 */

export const PLACE_QUERY_MAX_LENGTH = 100;

/** The `q` of a place search: 'Enter a place to search for' when blank, at most 100 characters. */
export const placeQuerySchema = noControlCharacters(
  z
    .string({ required_error: "Enter a place to search for" })
    .trim()
    .min(1, "Enter a place to search for")
    .max(PLACE_QUERY_MAX_LENGTH, `Enter at most ${PLACE_QUERY_MAX_LENGTH} characters`),
);

export type PlaceKind = "city" | "town" | "locality";

/** One place of app/data/gazetteer-in.json, as used in code. */
export type GazetteerPlace = {
  id: string;
  name: string;
  /** The city a locality belongs to ("Bengaluru" for Indiranagar); null for cities and towns. */
  parent: string | null;
  state: string;
  lat: number;
  lon: number;
  /** GeoNames population; 0 when unknown (curated localities). */
  population: number;
  kind: PlaceKind;
  /** Other spellings people search for ("Halasuru" for Ulsoor). */
  alsoKnownAs: string[];
};

/** The compact row stored in the JSON file: [id, name, parent, state, lat, lon, population, kind, alsoKnownAs]. */
export type GazetteerRow = [string, string, string, string, number, number, number, PlaceKind, string[]];

const PLACE_KINDS: readonly PlaceKind[] = ["city", "town", "locality"];

export function toGazetteerRow(place: GazetteerPlace): GazetteerRow {
  return [place.id, place.name, place.parent ?? "", place.state, place.lat, place.lon, place.population, place.kind, place.alsoKnownAs];
}

/** Reads one stored row, refusing anything malformed so a bad data file fails loudly at load. */
export function fromGazetteerRow(row: unknown): GazetteerPlace {
  if (!Array.isArray(row) || row.length !== 9) throw new Error(`Malformed gazetteer row: ${JSON.stringify(row)}`);
  const [id, name, parent, state, lat, lon, population, kind, alsoKnownAs] = row as unknown[];
  const valid =
    typeof id === "string" &&
    typeof name === "string" &&
    typeof parent === "string" &&
    typeof state === "string" &&
    typeof lat === "number" &&
    typeof lon === "number" &&
    typeof population === "number" &&
    PLACE_KINDS.includes(kind as PlaceKind) &&
    Array.isArray(alsoKnownAs) &&
    alsoKnownAs.every((alias) => typeof alias === "string");
  if (!valid) throw new Error(`Malformed gazetteer row: ${JSON.stringify(row)}`);
  return { id, name, parent: parent || null, state, lat, lon, population, kind: kind as PlaceKind, alsoKnownAs };
}

/**
 * Current and former names of Indian cities; the first of each group is the
 * name the gazetteer shows. Searching any of them finds the place, and two
 * providers answering "Bangalore" and "Bengaluru" are the same place.
 */
export const PLACE_NAME_ALIASES: readonly (readonly string[])[] = [
  ["Bengaluru", "Bangalore"],
  ["Mumbai", "Bombay"],
  ["Chennai", "Madras"],
  ["Kolkata", "Calcutta"],
  ["Gurugram", "Gurgaon"],
  ["Thiruvananthapuram", "Trivandrum"],
  ["Kochi", "Cochin"],
  ["Pune", "Poona"],
  ["Mysuru", "Mysore"],
  ["Vadodara", "Baroda"],
  ["Howrah", "Haora"],
  ["Dehradun", "Dehra Dun"],
  ["Bhubaneswar", "Bhubaneshwar"],
  ["Prayagraj", "Allahabad"],
  ["Mangaluru", "Mangalore"],
  ["Belagavi", "Belgaum"],
  ["Hubballi", "Hubli"],
  ["Kalaburagi", "Gulbarga"],
  ["Ballari", "Bellary"],
  ["Shivamogga", "Shimoga"],
  ["Tumakuru", "Tumkur"],
  ["Thanjavur", "Tanjore"],
  ["Puducherry", "Pondicherry"],
  ["Visakhapatnam", "Vizag"],
  ["Varanasi", "Benares", "Banaras"],
  ["Kozhikode", "Calicut"],
  ["Thrissur", "Trichur"],
  ["Kollam", "Quilon"],
  ["Alappuzha", "Alleppey"],
  ["Tiruchirappalli", "Trichy"],
  ["Shimla", "Simla"],
  ["Guwahati", "Gauhati"],
  ["Ooty", "Udhagamandalam", "Ootacamund"],
  ["Dum Dum", "Dam Dam"],
  ["Aluva", "Alwaye"],
  ["Panaji", "Panjim"],
  ["Madgaon", "Margao"],
];

/** Lower case, Latin accents dropped ("Sūrat" → "surat"), "J.P." → "jp", other punctuation → one space. */
export function normalizePlaceQuery(query: string): string {
  return (
    query
      .normalize("NFD")
      // Only the Latin combining block: Indic vowel signs are marks too and must stay.
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[.'’`]/g, "")
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, " ")
      .trim()
  );
}

const compact = (normalized: string) => normalized.replace(/ /g, "");

const aliasGroupByCompactName = new Map<string, readonly string[]>();
for (const group of PLACE_NAME_ALIASES) {
  for (const name of group) aliasGroupByCompactName.set(compact(normalizePlaceQuery(name)), group);
}

/** The name and all its known other names ("Bangalore" → Bengaluru, Bangalore). */
function namesWithAliases(name: string): readonly string[] {
  return aliasGroupByCompactName.get(compact(normalizePlaceQuery(name))) ?? [name];
}

/** Equal for two spellings of one place: "Indira Nagar" / "Indiranagar", "Bangalore" / "Bengaluru". */
export function canonicalPlaceKey(name: string): string {
  return compact(normalizePlaceQuery(namesWithAliases(name)[0]));
}

/** "Indiranagar, Bengaluru, Karnataka" from its parts, skipping blanks and repeats ("Delhi, Delhi"). */
export function joinLabelParts(parts: readonly (string | null | undefined)[]): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    kept.push(text);
  }
  return kept.join(", ");
}

export function gazetteerLabel(place: Pick<GazetteerPlace, "name" | "parent" | "state">): string {
  return joinLabelParts([place.name, place.parent, place.state]);
}

/** How well a query matches a name; lower is better. */
export const MatchTier = { exact: 0, prefix: 1, wordPrefix: 2, substring: 3 } as const;
type Tier = (typeof MatchTier)[keyof typeof MatchTier];

/** Below this length a substring match is noise ("ko" is inside hundreds of names). */
const MIN_SUBSTRING_QUERY_LENGTH = 3;

/** A name or query, normalised once: "hsr layout", "hsrlayout", and " hsr layout" for word-start search. */
type SearchText = { spaced: string; compact: string; atWordStart: string };

function searchText(name: string): SearchText {
  const spaced = normalizePlaceQuery(name);
  return { spaced, compact: compact(spaced), atWordStart: ` ${spaced}` };
}

function matchTier(query: SearchText, name: SearchText): Tier | null {
  if (!query.compact) return null;
  if (name.spaced === query.spaced || name.compact === query.compact) return MatchTier.exact;
  if (name.spaced.startsWith(query.spaced) || name.compact.startsWith(query.compact)) return MatchTier.prefix;
  if (name.spaced.includes(query.atWordStart)) return MatchTier.wordPrefix;
  if (query.compact.length >= MIN_SUBSTRING_QUERY_LENGTH && name.compact.includes(query.compact)) return MatchTier.substring;
  return null;
}

/** Tier of a query against a name, e.g. scorePlaceName("beng", "Bengaluru") === MatchTier.prefix. */
export function scorePlaceName(query: string, name: string): Tier | null {
  return matchTier(searchText(query), searchText(name));
}

type IndexedPlace = {
  place: GazetteerPlace;
  names: SearchText[];
  /** Words of the parent city and state, for "Koramangala, Bangalore". */
  contextWords: string[];
  weight: number;
  label: string;
};

export type GazetteerIndex = { entries: IndexedPlace[] };

/**
 * A curated locality has no population of its own; it ranks like a tenth of its
 * city, so Indiranagar (Bengaluru) sits with towns of ~500,000 rather than last.
 */
const LOCALITY_SHARE_OF_CITY = 0.1;

export function buildGazetteerIndex(places: readonly GazetteerPlace[]): GazetteerIndex {
  const cityPopulation = new Map<string, number>();
  for (const place of places) {
    if (place.kind !== "locality") cityPopulation.set(`${place.name}|${place.state}`, place.population);
  }
  const entries = places.map((place): IndexedPlace => {
    const parentPopulation = place.parent ? (cityPopulation.get(`${place.parent}|${place.state}`) ?? 0) : 0;
    const contextNames = [...(place.parent ? namesWithAliases(place.parent) : []), place.state];
    return {
      place,
      names: [...namesWithAliases(place.name), ...place.alsoKnownAs].map(searchText),
      contextWords: contextNames.flatMap((name) => normalizePlaceQuery(name).split(" ")),
      weight: place.population > 0 ? place.population : parentPopulation * LOCALITY_SHARE_OF_CITY,
      label: gazetteerLabel(place),
    };
  });
  return { entries };
}

/** One way to read a query: the place's name, and words that must match its city or state. */
type QueryReading = { name: SearchText; context: string[] };

/** A query of more words is read as a plain name only. */
const MAX_CONTEXT_WORDS = 3;

/**
 * "Koramangala, Bangalore" and "koramangala bangalore" both mean "Koramangala
 * in Bangalore": besides the whole query, trailing words may name the city or state.
 */
function readPlaceQuery(query: string): QueryReading[] {
  const commaAt = query.indexOf(",");
  if (commaAt > 0) {
    const name = searchText(query.slice(0, commaAt));
    const context = normalizePlaceQuery(query.slice(commaAt + 1))
      .split(" ")
      .filter(Boolean);
    if (name.compact && context.length > 0) return [{ name, context: context.slice(0, MAX_CONTEXT_WORDS) }];
  }
  const whole = searchText(query);
  if (!whole.compact) return [];
  const words = whole.spaced.split(" ");
  const readings: QueryReading[] = [{ name: whole, context: [] }];
  for (let split = words.length - 1; split >= Math.max(1, words.length - MAX_CONTEXT_WORDS); split--) {
    readings.push({ name: searchText(words.slice(0, split).join(" ")), context: words.slice(split) });
  }
  return readings;
}

function matchesContext(context: readonly string[], contextWords: readonly string[]): boolean {
  return context.every((word) => contextWords.some((candidate) => candidate.startsWith(word)));
}

function bestTier(reading: QueryReading, entry: IndexedPlace): Tier | null {
  let best: Tier | null = null;
  for (const name of entry.names) {
    const tier = matchTier(reading.name, name);
    if (tier !== null && (best === null || tier < best)) best = tier;
  }
  if (best === null || reading.context.length === 0) return best;
  // A city given alongside only confirms a real name match, never a stray substring.
  return best < MatchTier.substring && matchesContext(reading.context, entry.contextWords) ? best : null;
}

/**
 * The best gazetteer places for a query: exact name > prefix > word prefix >
 * substring; within a tier the bigger place first (localities by their city).
 */
export function searchGazetteer(index: GazetteerIndex, query: string, limit: number): GazetteerPlace[] {
  const readings = readPlaceQuery(query);
  if (readings.length === 0 || limit <= 0) return [];
  const hits: { entry: IndexedPlace; tier: Tier }[] = [];
  for (const entry of index.entries) {
    let best: Tier | null = null;
    for (const reading of readings) {
      const tier = bestTier(reading, entry);
      if (tier !== null && (best === null || tier < best)) best = tier;
    }
    if (best !== null) hits.push({ entry, tier: best });
  }
  hits.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.entry.weight - a.entry.weight ||
      a.entry.place.name.length - b.entry.place.name.length ||
      a.entry.label.localeCompare(b.entry.label),
  );
  return hits.slice(0, limit).map((hit) => hit.entry.place);
}

/** Two answers closer than this with the same name are one place seen by two providers. */
export const SAME_PLACE_RADIUS_KM = 2;

/** Drops later repeats of a place (same name or alias within ~2 km), keeping order; at most max. */
export function dedupePlaces<T extends { name: string; lat: number; lon: number }>(places: readonly T[], max: number): T[] {
  const kept: { place: T; key: string }[] = [];
  for (const place of places) {
    if (kept.length >= max) break;
    const key = canonicalPlaceKey(place.name);
    const repeat = kept.some(
      (earlier) => earlier.key === key && distanceKm(earlier.place.lat, earlier.place.lon, place.lat, place.lon) <= SAME_PLACE_RADIUS_KM,
    );
    if (!repeat) kept.push({ place, key });
  }
  return kept.map((entry) => entry.place);
}
