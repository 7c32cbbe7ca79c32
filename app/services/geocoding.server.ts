import { isIP } from "node:net";

import { z } from "zod";

import { config, type Config } from "~/config.server";
import { distanceKm } from "~/lib/geo-grid";
import {
  buildGazetteerIndex,
  dedupePlaces,
  fromGazetteerRow,
  gazetteerLabel,
  joinLabelParts,
  normalizePlaceQuery,
  searchGazetteer,
  type GazetteerIndex,
} from "~/lib/place-search";

/**
 * Place search and IP location. The embedded default is the bundled gazetteer
 * (works offline, no IP location); real services are switched on by
 * GEOCODER_NOMINATIM_URL, GEOCODER_PHOTON_URL, GEOCODER_THIRD_URL and IP_LOCATION_URL.
 */

export type Place = { id: string; name: string; label: string; lat: number; lon: number; source: string };

export interface PlaceProvider {
  name: string;
  search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<Place[]>;
}

/** Each service is asked for up to 6 places; fewer than 3 so far asks the next; at most 8 are shown. */
export const PLACES_PER_PROVIDER = 6;
export const ENOUGH_PLACES = 3;
export const MAX_PLACES = 8;
const PROVIDER_TIMEOUT_MS = 4_000;
const IP_LOCATION_TIMEOUT_MS = 3_000;
/** One letter matches half of India; the search box waits for two. */
const MIN_QUERY_LENGTH = 2;

/** Public services (Nominatim's usage policy) require an identifying User-Agent with a contact. */
function userAgent(): string {
  return `iSent-Local/0.1 (hyperlocal business promotion; ${config.PUBLIC_URL ?? "self-hosted"})`;
}

/** `{base}/path`, keeping a path prefix the base URL may have (https://host/nominatim). */
function endpoint(baseUrl: string, path: string): URL {
  return new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
}

async function fetchJson(url: URL, signal: AbortSignal | undefined): Promise<unknown> {
  const response = await fetch(url, { signal, headers: { Accept: "application/json", "User-Agent": userAgent() } });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url.origin} answered HTTP ${response.status}`);
  }
  return response.json();
}

/** Keeps the well-formed items of a list answer; one odd item must not cost the others. */
function wellFormedItems<T>(items: unknown, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T[] {
  if (!Array.isArray(items)) throw new Error("the answer is not a list");
  return items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);
const optionalText = z.string().trim().min(1).optional().catch(undefined);
const osmId = z.union([z.number(), z.string()]).optional();

const nominatimResultSchema = z.object({
  osm_type: z.string().optional(),
  osm_id: osmId,
  place_id: osmId,
  lat: latitude,
  lon: longitude,
  name: optionalText,
  display_name: z.string().trim().min(1),
  address: z.record(z.unknown()).optional(),
});

function addressText(address: Record<string, unknown> | undefined, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = address?.[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return undefined;
}

/** "Indiranagar, Bengaluru, Karnataka" rather than Nominatim's long display_name with ward, district and PIN. */
function nominatimPlace(source: string, result: z.infer<typeof nominatimResultSchema>): Place {
  const name = result.name ?? result.display_name.split(",")[0].trim();
  const town = addressText(result.address, "city", "town", "village", "municipality", "county", "state_district");
  const state = addressText(result.address, "state");
  const label =
    town || state
      ? joinLabelParts([name, town, state])
      : joinLabelParts(result.display_name.split(",").filter((part) => !/^\s*(\d{6}|India)\s*$/.test(part)));
  const osmKey = result.osm_type && result.osm_id !== undefined ? `${result.osm_type[0].toUpperCase()}${result.osm_id}` : null;
  return {
    id: `${source}:${osmKey ?? result.place_id ?? `${result.lat},${result.lon}`}`,
    name,
    label,
    lat: result.lat,
    lon: result.lon,
    source,
  };
}

/** Any Nominatim-compatible service: GET {baseUrl}/search?format=jsonv2&countrycodes=in. */
export function nominatimProvider(baseUrl: string, options: { name?: string } = {}): PlaceProvider {
  const name = options.name ?? "nominatim";
  return {
    name,
    async search(query, { limit, signal }) {
      const url = endpoint(baseUrl, "search");
      url.search = new URLSearchParams({
        q: query,
        format: "jsonv2",
        countrycodes: "in",
        limit: String(limit),
        addressdetails: "1",
        "accept-language": "en",
      }).toString();
      const results = wellFormedItems(await fetchJson(url, signal), nominatimResultSchema);
      return results
        .filter((result) => (addressText(result.address, "country_code") ?? "in").toLowerCase() === "in")
        .slice(0, limit)
        .map((result) => nominatimPlace(name, result));
    },
  };
}

const photonFeatureSchema = z.object({
  geometry: z.object({ coordinates: z.tuple([longitude, latitude]).rest(z.unknown()) }),
  properties: z.object({
    osm_type: z.string().optional(),
    osm_id: osmId,
    name: z.string().trim().min(1),
    countrycode: z.string(),
    city: optionalText,
    district: optionalText,
    county: optionalText,
    state: optionalText,
  }),
});

const photonAnswerSchema = z.object({ features: z.array(z.unknown()) });

/** Photon has no country filter, only a box: this one holds India (and bits of its neighbours, dropped below). */
const INDIA_BBOX = "68.1,6.5,97.5,35.7";

/** Any Photon-compatible service: GET {baseUrl}/api?q=&limit=&lang=en, GeoJSON; only Indian features are kept. */
export function photonProvider(baseUrl: string): PlaceProvider {
  return {
    name: "photon",
    async search(query, { limit, signal }) {
      const url = endpoint(baseUrl, "api");
      url.search = new URLSearchParams({ q: query, limit: String(limit), lang: "en", bbox: INDIA_BBOX }).toString();
      const answer = photonAnswerSchema.parse(await fetchJson(url, signal));
      return wellFormedItems(answer.features, photonFeatureSchema)
        .filter((feature) => feature.properties.countrycode.toUpperCase() === "IN")
        .slice(0, limit)
        .map(({ geometry, properties }): Place => {
          const [lon, lat] = geometry.coordinates;
          const osmKey =
            properties.osm_type && properties.osm_id !== undefined ? `${properties.osm_type}${properties.osm_id}` : `${lat},${lon}`;
          return {
            id: `photon:${osmKey}`,
            name: properties.name,
            label: joinLabelParts([properties.name, properties.city ?? properties.district ?? properties.county, properties.state]),
            lat,
            lon,
            source: "photon",
          };
        });
    },
  };
}

let gazetteerIndex: Promise<GazetteerIndex> | undefined;

/** Parsed and indexed on first use only: most requests never search places. */
function loadGazetteer(): Promise<GazetteerIndex> {
  gazetteerIndex ??= import("../data/gazetteer-in.json").then((data) =>
    buildGazetteerIndex((data.default as unknown[]).map(fromGazetteerRow)),
  );
  return gazetteerIndex;
}

/** Beyond this, a position is in no place the gazetteer knows (at sea, or outside India). */
const NEAREST_PLACE_MAX_KM = 60;

/**
 * The gazetteer's city or town nearest a position (localities give their city), for the city and
 * state of a business that chose its place on a map, by an online geocoder or by GPS; null when
 * none is within 60 km.
 */
export async function nearestGazetteerPlace(lat: number, lon: number): Promise<{ city: string; state: string; km: number } | null> {
  const index = await loadGazetteer();
  let best: { city: string; state: string; km: number } | null = null;
  for (const { place } of index.entries) {
    const km = distanceKm(lat, lon, place.lat, place.lon);
    if (km <= NEAREST_PLACE_MAX_KM && (!best || km < best.km))
      best = { city: place.kind === "locality" && place.parent ? place.parent : place.name, state: place.state, km };
  }
  return best;
}

/** The offline default: ~3,700 Indian cities, towns and metro localities bundled with the app. */
export function gazetteerProvider(): PlaceProvider {
  return {
    name: "gazetteer",
    async search(query, { limit }) {
      const index = await loadGazetteer();
      return searchGazetteer(index, query, limit).map((place) => ({
        id: `gazetteer:${place.id}`,
        name: place.name,
        label: gazetteerLabel(place),
        lat: place.lat,
        lon: place.lon,
        source: "gazetteer",
      }));
    },
  };
}

/** Settles with the work, or rejects when the signal aborts, even if the work ignores the signal. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function askProvider(provider: PlaceProvider, query: string, timeoutMs: number): Promise<Place[]> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return await unlessAborted(provider.search(query, { limit: PLACES_PER_PROVIDER, signal }), signal);
  } catch (error) {
    // A failing service only costs its own answers; the next one (finally the gazetteer) still answers.
    console.warn(`[geocoding] ${provider.name} skipped for this search: ${reasonOf(error)}`);
    return [];
  }
}

/**
 * The place search chain: ask each provider in turn (up to 6 each) while fewer than 3
 * distinct places are known; a provider that fails or takes longer than
 * timeoutMs is skipped. Returns at most 8 places, duplicates removed.
 */
export function placeSearchChain(
  providers: readonly PlaceProvider[],
  options: { timeoutMs?: number } = {},
): (query: string) => Promise<Place[]> {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  return async (query) => {
    let places: Place[] = [];
    for (const provider of providers) {
      if (places.length >= ENOUGH_PLACES) break;
      places = dedupePlaces([...places, ...(await askProvider(provider, query, timeoutMs))], MAX_PLACES);
    }
    return places;
  };
}

type GeocoderSettings = Pick<Config, "GEOCODER_NOMINATIM_URL" | "GEOCODER_PHOTON_URL" | "GEOCODER_THIRD_URL">;

/** The configured online services in order (Nominatim, Photon, a third Nominatim-style service), then the offline gazetteer. */
export function placeProvidersFor(settings: GeocoderSettings): PlaceProvider[] {
  const online: PlaceProvider[] = [];
  if (settings.GEOCODER_NOMINATIM_URL) online.push(nominatimProvider(settings.GEOCODER_NOMINATIM_URL));
  if (settings.GEOCODER_PHOTON_URL) online.push(photonProvider(settings.GEOCODER_PHOTON_URL));
  if (settings.GEOCODER_THIRD_URL) online.push(nominatimProvider(settings.GEOCODER_THIRD_URL, { name: "nominatim-secondary" }));
  return [...online, gazetteerProvider()];
}

/** True when answers come from the bundled gazetteer alone, so they are the same for everyone, every day. */
export function isOfflinePlaceSearch(): boolean {
  return placeProvidersFor(config).length === 1;
}

let configuredSearch: ((query: string) => Promise<Place[]>) | undefined;

export async function searchPlaces(query: string): Promise<Place[]> {
  const trimmed = query.trim();
  if (normalizePlaceQuery(trimmed).replace(/ /g, "").length < MIN_QUERY_LENGTH) return [];
  configuredSearch ??= placeSearchChain(placeProvidersFor(config));
  return configuredSearch(trimmed);
}

export type IpLocation = { lat: number; lon: number; label: string; accuracyMeters: number };

export interface IpLocator {
  locate(ip: string): Promise<IpLocation | null>;
}

function isPublicIpv4(ip: string): boolean {
  const [a, b] = ip.split(".").map(Number);
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false; // this network, private, loopback, multicast/reserved
  if (a === 100 && b >= 64 && b <= 127) return false; // carrier-grade NAT
  if (a === 169 && b === 254) return false; // link-local
  if (a === 172 && b >= 16 && b <= 31) return false; // private
  if (a === 192 && b === 168) return false; // private
  return true;
}

/** Only an address on the public internet can be located; anything else (or not an IP at all) is not worth a request. */
export function isPublicIpAddress(ip: string): boolean {
  const version = isIP(ip);
  if (version === 4) return isPublicIpv4(ip);
  if (version !== 6) return false;
  const lower = ip.toLowerCase();
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mappedIpv4) return isPublicIpv4(mappedIpv4[1]);
  // Global unicast is 2000::/3; loopback, link-local, unique-local and the rest are not.
  return /^[23][0-9a-f]{3}:/.test(lower);
}

const ipapiAnswerSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  city: optionalText,
  region: optionalText,
  country_code: optionalText,
});

/** IP location is a city at best, a state when the service knows no city. */
const CITY_ACCURACY_METERS = 25_000;
const REGION_ACCURACY_METERS = 150_000;

/** An ipapi-compatible service: GET {baseUrl}/{ip}/json; only places in India are accepted. */
export function ipapiLocator(baseUrl: string, options: { timeoutMs?: number } = {}): IpLocator {
  const timeoutMs = options.timeoutMs ?? IP_LOCATION_TIMEOUT_MS;
  return {
    async locate(ip) {
      if (!isPublicIpAddress(ip)) return null;
      try {
        const answer = ipapiAnswerSchema.safeParse(
          await fetchJson(endpoint(baseUrl, `${encodeURIComponent(ip)}/json`), AbortSignal.timeout(timeoutMs)),
        );
        // ipapi answers 200 {error: true, reason} for addresses it cannot place: no coordinates, no location.
        if (!answer.success || answer.data.country_code?.toUpperCase() !== "IN") return null;
        const { latitude: lat, longitude: lon, city, region } = answer.data;
        return {
          lat,
          lon,
          label: joinLabelParts([city, region]) || "India",
          accuracyMeters: city ? CITY_ACCURACY_METERS : REGION_ACCURACY_METERS,
        };
      } catch (error) {
        console.warn(`[geocoding] IP location failed: ${reasonOf(error)}`);
        return null;
      }
    },
  };
}

/** The embedded default: no IP database ships with the app, so no location. */
const offlineIpLocator: IpLocator = { locate: async () => null };

export function ipLocatorFor(settings: Pick<Config, "IP_LOCATION_URL">): IpLocator {
  return settings.IP_LOCATION_URL ? ipapiLocator(settings.IP_LOCATION_URL) : offlineIpLocator;
}

export async function locateByIp(ip: string | null): Promise<IpLocation | null> {
  if (!ip || !isPublicIpAddress(ip)) return null;
  return ipLocatorFor(config).locate(ip);
}

/** Whether a new visitor's first feed can be placed by their address (IP_LOCATION_URL is set). */
export function estimatesPlaceByIp(): boolean {
  return Boolean(config.IP_LOCATION_URL);
}

/** A new visitor's first feed waits this long at most for the estimate, then shows everywhere and asks. */
const FIRST_SCREEN_IP_TIMEOUT_MS = 800;

/** The place a new visitor's first feed opens at: their address's estimate, or null (no service, no answer in time). */
export async function estimateFirstPlace(ip: string | null): Promise<IpLocation | null> {
  if (!config.IP_LOCATION_URL || !ip || !isPublicIpAddress(ip)) return null;
  return ipapiLocator(config.IP_LOCATION_URL, { timeoutMs: FIRST_SCREEN_IP_TIMEOUT_MS }).locate(ip);
}
