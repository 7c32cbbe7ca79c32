import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { config } from "~/config.server";
import { loader as homeLoader } from "~/routes/_index/route";
import { serveWithCache } from "~/utils/response-cache.server";
import { newAnonIdCookie } from "~/utils/visitor.server";

import { setupTestDatabase } from "../support/database";
import { call, cookiePair, getRequest, setCookie } from "../support/http";

setupTestDatabase();

/** A public address in India: the only kind the IP service is asked about. */
const VISITOR_IP = "49.207.0.1";
type HomeData = { location: { label: string; source: string } | null; hasLocation: boolean };

/** A local ipapi: answers Bengaluru, or only after `delayMs` (longer than the first screen waits). */
let delayMs = 0;
let asked: string[] = [];
let answered = 0;
let ipapi: Server;

beforeAll(async () => {
  ipapi = createServer((request, response) => {
    asked.push(request.url ?? "");
    setTimeout(() => {
      answered += 1;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ city: "Bengaluru", region: "Karnataka", country_code: "IN", latitude: 12.9719, longitude: 77.5937 }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => ipapi.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  ipapi.closeAllConnections();
  await new Promise((resolve) => ipapi.close(resolve));
});

function withIpService() {
  Object.assign(config, { IP_LOCATION_URL: `http://127.0.0.1:${(ipapi.address() as AddressInfo).port}` });
}

afterEach(() => {
  Object.assign(config, { IP_LOCATION_URL: undefined });
  delayMs = 0;
  asked = [];
  answered = 0;
  vi.restoreAllMocks();
});

describe("a new visitor's first feed", () => {
  it("opens at the place their address is estimated at, and remembers it like a chosen one", async () => {
    withIpService();
    const reply = await call<HomeData>(homeLoader, getRequest("/", { ip: VISITOR_IP }));
    expect(reply.status).toBe(200);
    expect(reply.data.location).toMatchObject({ label: "Bengaluru, Karnataka", source: "ip" });
    expect(asked).toEqual([`/${VISITOR_IP}/json`]);

    // The next page reads the place from the cookie: the service is not asked again.
    const remembered = cookiePair(setCookie(reply, "feed_location"));
    const again = await call<HomeData>(homeLoader, getRequest("/", { ip: VISITOR_IP, cookie: remembered }));
    expect(again.data.location).toMatchObject({ label: "Bengaluru, Karnataka", source: "ip" });
    expect(asked).toHaveLength(1);
  });

  it("is not estimated for a returning visitor, a link with its own place, or 'Show all'", async () => {
    withIpService();
    const returning = cookiePair(await newAnonIdCookie());
    for (const [path, cookie] of [
      ["/", returning],
      ["/?lat=28.61&lon=77.2&label=Delhi", undefined],
      ["/?all=1", undefined],
    ] as const) {
      const reply = await call<HomeData>(homeLoader, getRequest(path, { ip: VISITOR_IP, cookie }));
      expect(reply.data.location?.source ?? null).not.toBe("ip");
      expect(setCookie(reply, "feed_location")).toBeUndefined();
    }
    expect(asked).toEqual([]);
  });

  it("shows everywhere, and asks for the place, when the service is unset or slower than the first screen waits", async () => {
    const unset = await call<HomeData>(homeLoader, getRequest("/", { ip: VISITOR_IP }));
    expect(unset.data.hasLocation).toBe(false);

    withIpService();
    delayMs = 2_000;
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const slow = await call<HomeData>(homeLoader, getRequest("/", { ip: VISITOR_IP }));
    expect(slow.data.hasLocation).toBe(false);
    // The page was made without waiting for the estimate.
    expect(asked).toHaveLength(1);
    expect(answered).toBe(0);
  });

  it("is never one visitor's page kept for the next while the place is estimated", async () => {
    const page = () =>
      new Response("<html>page</html>", {
        headers: { "Content-Type": "text/html", "Content-Security-Policy": "script-src 'nonce-abc'" },
      });
    const firstVisit = (query: string) => new Request(`http://localhost/?${query}`, { headers: { "X-Forwarded-For": VISITOR_IP } });
    // Without the service, concurrent and later first visits of one address share one render...
    const shared = vi.fn(async () => page());
    await serveWithCache(firstVisit("shared"), shared);
    await serveWithCache(firstVisit("shared"), shared);
    expect(shared).toHaveBeenCalledTimes(1);
    // ...with it, each visitor's page is rendered for their own address.
    withIpService();
    const own = vi.fn(async () => page());
    await serveWithCache(firstVisit("own"), own);
    await serveWithCache(firstVisit("own"), own);
    expect(own).toHaveBeenCalledTimes(2);
  });
});
