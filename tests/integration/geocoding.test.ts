import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { loader as ipLocationLoader } from "~/routes/api+/location.ip";
import { loader as placesLoader } from "~/routes/api+/places";
import {
  gazetteerProvider,
  ipapiLocator,
  nominatimProvider,
  photonProvider,
  placeProvidersFor,
  placeSearchChain,
} from "~/services/geocoding.server";

/** A local stand-in for an outside service: node:http on 127.0.0.1, a free port, every request recorded. */
type FakeService = { url: string; requests: { url: URL; headers: IncomingHttpHeaders }[] };
type Answer = (url: URL, response: ServerResponse) => void;

const servers: Server[] = [];

async function fakeService(answer: Answer): Promise<FakeService> {
  const requests: FakeService["requests"] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    requests.push({ url, headers: request.headers });
    answer(url, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

const answering =
  (body: unknown): Answer =>
  (_url, response) =>
    sendJson(response, 200, body);
const failing: Answer = (_url, response) => sendJson(response, 500, { error: "Internal Server Error" });
/** Never answers: only a timeout gets the caller out. */
const hanging: Answer = () => {};

function nominatimResult(name: string, lat: number, lon: number, osmId: number) {
  return {
    place_id: osmId + 100,
    osm_type: "node",
    osm_id: osmId,
    lat: String(lat),
    lon: String(lon),
    name,
    display_name: `${name}, Bengaluru East, Bengaluru, Karnataka, 560038, India`,
    address: { suburb: name, city: "Bengaluru", state: "Karnataka", postcode: "560038", country: "India", country_code: "in" },
  };
}

function photonFeature(name: string, lat: number, lon: number, osmId: number, countrycode = "IN") {
  return {
    type: "Feature",
    geometry: { type: "Point", coordinates: [lon, lat] },
    properties: { osm_type: "N", osm_id: osmId, name, countrycode, city: "Bengaluru", state: "Karnataka" },
  };
}

const BENGALURU_LOCALITIES: [string, number, number][] = [
  ["Indiranagar", 12.9784, 77.6408],
  ["Indiranagar Double Road", 12.9698, 77.6453],
  ["Indiranagar 100 Feet Road", 12.9719, 77.6412],
  ["HAL 2nd Stage", 12.9646, 77.6437],
  ["Indiranagar Metro", 12.9783, 77.6387],
  ["Defence Colony", 12.9735, 77.6452],
];

beforeEach(() => {
  // Skipped providers are logged; keep the test output readable.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

describe("place search chain against local fake services", () => {
  it("asks Nominatim for 6 Indian places and stops there when it answers enough", async () => {
    const nominatim = await fakeService(
      answering(BENGALURU_LOCALITIES.map(([name, lat, lon], index) => nominatimResult(name, lat, lon, index + 1))),
    );
    const photon = await fakeService(answering({ features: [] }));
    const search = placeSearchChain([nominatimProvider(nominatim.url), photonProvider(photon.url)]);

    const places = await search("Indiranagar");

    expect(places).toHaveLength(6);
    expect(places[0]).toEqual({
      id: "nominatim:N1",
      name: "Indiranagar",
      label: "Indiranagar, Bengaluru, Karnataka",
      lat: 12.9784,
      lon: 77.6408,
      source: "nominatim",
    });
    expect(photon.requests).toHaveLength(0);

    const [request] = nominatim.requests;
    expect(request.url.pathname).toBe("/search");
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      q: "Indiranagar",
      format: "jsonv2",
      countrycodes: "in",
      limit: "6",
      addressdetails: "1",
    });
    expect(request.headers["user-agent"]).toMatch(/^iSent-Local\//);
  });

  it("keeps a path prefix of the service URL", async () => {
    const nominatim = await fakeService(answering([]));
    await nominatimProvider(`${nominatim.url}/nominatim`).search("Pune", { limit: 6 });
    expect(nominatim.requests[0].url.pathname).toBe("/nominatim/search");
  });

  it("asks Photon when Nominatim finds fewer than 3, merging without duplicates or places abroad", async () => {
    const nominatim = await fakeService(
      answering([nominatimResult("Indiranagar", 12.9784, 77.6408, 1), nominatimResult("HAL 2nd Stage", 12.9646, 77.6437, 2)]),
    );
    const photon = await fakeService(
      answering({
        type: "FeatureCollection",
        features: [
          photonFeature("Indira Nagar", 12.9719, 77.6412, 11), // the same place as Nominatim's first, 700 m off
          photonFeature("Indiranagar", 26.8868, 80.9985, 12), // Lucknow: same name, another place
          photonFeature("Indrachowk", 27.7056, 85.3075, 13, "NP"), // Kathmandu
          photonFeature("Indiranagar Club", 12.9738, 77.6389, 14),
        ],
      }),
    );
    const search = placeSearchChain([nominatimProvider(nominatim.url), photonProvider(photon.url)]);

    const places = await search("Indiranagar");

    expect(places.map((place) => `${place.source}:${place.name}`)).toEqual([
      "nominatim:Indiranagar",
      "nominatim:HAL 2nd Stage",
      "photon:Indiranagar",
      "photon:Indiranagar Club",
    ]);
    expect(places[2]).toMatchObject({ id: "photon:N12", lat: 26.8868, lon: 80.9985 });
    expect(Object.fromEntries(photon.requests[0].url.searchParams)).toMatchObject({ q: "Indiranagar", limit: "6", lang: "en" });
    expect(photon.requests[0].url.pathname).toBe("/api");
  });

  it("skips a service that fails and one that hangs past the timeout, and goes on", async () => {
    const broken = await fakeService(failing);
    const stuck = await fakeService(hanging);
    const photon = await fakeService(
      answering({ features: BENGALURU_LOCALITIES.slice(0, 3).map(([name, lat, lon], index) => photonFeature(name, lat, lon, index)) }),
    );
    const search = placeSearchChain(
      [nominatimProvider(broken.url), nominatimProvider(stuck.url, { name: "nominatim-secondary" }), photonProvider(photon.url)],
      { timeoutMs: 200 },
    );

    // The stuck service never answers: only the chain's 200 ms timeout moves on to photon (else the test times out).
    const places = await search("Indiranagar");

    expect(places.map((place) => place.source)).toEqual(["photon", "photon", "photon"]);
    expect([broken, stuck, photon].map((service) => service.requests.length)).toEqual([1, 1, 1]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/nominatim skipped.*HTTP 500/));
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/nominatim-secondary skipped/));
  });

  it("ends with the offline gazetteer, so a visitor gets local places when every service is down", async () => {
    const broken = await fakeService(failing);
    const search = placeSearchChain([nominatimProvider(broken.url), gazetteerProvider()], { timeoutMs: 200 });

    const [first] = await search("Jaipur");

    expect(first).toMatchObject({ name: "Jaipur", label: "Jaipur, Rajasthan", source: "gazetteer" });
  });

  it("configures the services in order (Nominatim, Photon, a third), the gazetteer last, and only the gazetteer by default", () => {
    const names = (settings: Parameters<typeof placeProvidersFor>[0]) => placeProvidersFor(settings).map((provider) => provider.name);
    expect(
      names({
        GEOCODER_NOMINATIM_URL: "https://nominatim.example.in",
        GEOCODER_PHOTON_URL: "https://photon.example.in",
        GEOCODER_THIRD_URL: "https://geocoder.example.in",
      }),
    ).toEqual(["nominatim", "photon", "nominatim-secondary", "gazetteer"]);
    expect(names({ GEOCODER_NOMINATIM_URL: undefined, GEOCODER_PHOTON_URL: undefined, GEOCODER_THIRD_URL: undefined })).toEqual([
      "gazetteer",
    ]);
  });
});

describe("IP location against a local fake ipapi", () => {
  const answers: Record<string, unknown> = {
    "49.207.0.1": { ip: "49.207.0.1", city: "Bengaluru", region: "Karnataka", country_code: "IN", latitude: 12.9719, longitude: 77.5937 },
    "49.207.0.2": { ip: "49.207.0.2", city: null, region: "Kerala", country_code: "IN", latitude: 10.5, longitude: 76.2 },
    "8.8.8.8": { ip: "8.8.8.8", city: "Mountain View", region: "California", country_code: "US", latitude: 37.4, longitude: -122.1 },
    "1.1.1.1": { ip: "1.1.1.1", error: true, reason: "RateLimited" },
  };
  const ipapi: Answer = (url, response) => {
    const ip = decodeURIComponent(url.pathname.split("/")[1]);
    if (ip === "203.0.113.9") return sendJson(response, 500, { error: true });
    if (ip === "203.0.113.10") return; // hangs
    sendJson(response, 200, answers[ip] ?? { error: true, reason: "Invalid IP Address" });
  };

  it("locates an Indian address to its city", async () => {
    const service = await fakeService(ipapi);
    const location = await ipapiLocator(service.url).locate("49.207.0.1");
    expect(location).toEqual({ lat: 12.9719, lon: 77.5937, label: "Bengaluru, Karnataka", accuracyMeters: 25_000 });
    expect(service.requests[0].url.pathname).toBe("/49.207.0.1/json");
  });

  it("falls back to the state, with a wider accuracy, when the service knows no city", async () => {
    const service = await fakeService(ipapi);
    expect(await ipapiLocator(service.url).locate("49.207.0.2")).toEqual({
      lat: 10.5,
      lon: 76.2,
      label: "Kerala",
      accuracyMeters: 150_000,
    });
  });

  it("answers null outside India, on errors and on timeouts", async () => {
    const service = await fakeService(ipapi);
    const locator = ipapiLocator(service.url, { timeoutMs: 200 });
    expect(await locator.locate("8.8.8.8")).toBeNull();
    expect(await locator.locate("1.1.1.1")).toBeNull();
    expect(await locator.locate("203.0.113.9")).toBeNull();
    expect(await locator.locate("203.0.113.10")).toBeNull();
    expect(service.requests).toHaveLength(4);
  });

  it("never asks about private, loopback or malformed addresses", async () => {
    const service = await fakeService(ipapi);
    const locator = ipapiLocator(service.url);
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "192.168.1.5",
      "172.20.0.1",
      "100.64.0.1",
      "169.254.1.1",
      "::1",
      "fd00::1",
      "fe80::1",
      "::ffff:192.168.0.1",
      "../admin",
      "",
    ]) {
      expect(await locator.locate(ip), ip).toBeNull();
    }
    expect(service.requests).toHaveLength(0);
  });
});

function get(url: string, headers: Record<string, string> = {}) {
  return { request: new Request(url, { headers }), params: {}, context: {} };
}

describe("GET /api/places", () => {
  it("answers 400 {message} for a missing, blank or too long query", async () => {
    for (const query of ["", "?q=", "?q=%20%20", `?q=${"a".repeat(101)}`]) {
      const response = await placesLoader(get(`http://localhost/api/places${query}`));
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Content-Type")).toContain("application/json");
    }
    const blank = await placesLoader(get("http://localhost/api/places?q=+"));
    expect(await blank.json()).toEqual({ message: "Enter a place to search for" });
  });

  it("answers the gazetteer's places for Jaipur, cacheable for a day", async () => {
    const response = await placesLoader(get("http://localhost/api/places?q=Jaipur"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const places = (await response.json()) as { name: string; label: string; source: string }[];
    expect(places.length).toBeGreaterThan(0);
    expect(places.length).toBeLessThanOrEqual(8);
    expect(places[0]).toMatchObject({ name: "Jaipur", label: "Jaipur, Rajasthan", source: "gazetteer" });
  });

  it("answers an empty list for a one-letter query", async () => {
    const response = await placesLoader(get("http://localhost/api/places?q=J"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});

describe("GET /api/location/ip", () => {
  it("answers 404 {message} without a usable client address (offline default)", async () => {
    const headerSets: Record<string, string>[] = [
      {},
      { "X-Forwarded-For": "10.0.0.7, 49.207.0.1" },
      { "X-Real-IP": "127.0.0.1" },
      { "X-Forwarded-For": "49.207.0.1" },
    ];
    for (const headers of headerSets) {
      const response = await ipLocationLoader(get("http://localhost/api/location/ip", headers));
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Could not determine your location from your network" });
    }
  });
});

describe("services chosen by environment variables", () => {
  it("uses GEOCODER_NOMINATIM_URL and IP_LOCATION_URL when set", async () => {
    const nominatim = await fakeService(
      answering(BENGALURU_LOCALITIES.slice(0, 3).map(([name, lat, lon], index) => nominatimResult(name, lat, lon, index + 1))),
    );
    const ipapi = await fakeService(
      answering({ city: "Bengaluru", region: "Karnataka", country_code: "IN", latitude: 12.9719, longitude: 77.5937 }),
    );
    vi.stubEnv("GEOCODER_NOMINATIM_URL", nominatim.url);
    vi.stubEnv("IP_LOCATION_URL", ipapi.url);
    vi.resetModules();
    const { loader: onlinePlacesLoader } = await import("~/routes/api+/places");
    const { loader: onlineIpLoader } = await import("~/routes/api+/location.ip");

    const placesResponse = await onlinePlacesLoader(get("http://localhost/api/places?q=Indiranagar"));
    expect(placesResponse.headers.get("Cache-Control")).toBe("no-store");
    expect(((await placesResponse.json()) as { source: string }[]).map((place) => place.source)).toEqual([
      "nominatim",
      "nominatim",
      "nominatim",
    ]);

    const ipResponse = await onlineIpLoader(get("http://localhost/api/location/ip", { "X-Forwarded-For": "49.207.0.1, 10.0.0.1" }));
    expect(ipResponse.status).toBe(200);
    expect(await ipResponse.json()).toEqual({
      lat: 12.9719,
      lon: 77.5937,
      label: "Bengaluru, Karnataka",
      accuracyMeters: 25_000,
      source: "ip",
    });
    expect(ipapi.requests[0].url.pathname).toBe("/49.207.0.1/json");
  });
});
