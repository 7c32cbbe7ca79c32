import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { setHearingChanges } from "~/memory/memory.server";
import { apiJson } from "~/utils/api.server";
import { RESPONSE_CACHE_TTL_MS, clearResponseCache, keptPublicJson, serveWithCache } from "~/utils/response-cache.server";
import { applySecurityHeaders, createNonce } from "~/utils/security-headers.server";
import { ensureAnonId } from "~/utils/visitor.server";

const ORIGIN = "http://localhost";

// How many visitor ids were issued.
const issued = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/models/visitors.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/visitors.server")>();
  return {
    ...actual,
    issueVisitorId: () => {
      issued.count += 1;
      return actual.issueVisitorId();
    },
  };
});

/** A stand-in for the Remix handler: a page like the real one (nonce in the CSP and in the scripts). */
function fakeApp(answer: (request: Request, call: number) => Promise<Response> = page) {
  let calls = 0;
  const render = vi.fn((request: Request) => answer(request, ++calls));
  return render;
}

async function page(request: Request, call: number): Promise<Response> {
  const nonce = createNonce();
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applySecurityHeaders(headers, nonce);
  const { setCookie } = await ensureAnonId(request);
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return new Response(`<html><script nonce="${nonce}">render ${call}</script><script nonce="${nonce}"></script></html>`, { headers });
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`${ORIGIN}${path}`, { headers });

function nonceOf(response: Response) {
  return /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
}

beforeEach(() => {
  // What is kept with the feed is kept only while the change feed is heard (the server listens at start).
  setHearingChanges(true);
  clearResponseCache();
  issued.count = 0;
});
afterEach(() => vi.useRealTimers());

describe("first-visit pages", () => {
  it("renders the home page once for visitors without cookies, with a fresh nonce and visitor id each", async () => {
    const render = fakeApp();
    const first = await serveWithCache(get("/?lat=12.97&lon=77.59"), render);
    const second = await serveWithCache(get("/?lat=12.97&lon=77.59"), render);
    expect(render).toHaveBeenCalledTimes(1);

    const [firstBody, secondBody] = [await first.text(), await second.text()];
    expect(secondBody).toContain("render 1");
    for (const [response, body] of [
      [first, firstBody],
      [second, secondBody],
    ] as const) {
      const nonce = nonceOf(response)!;
      expect(body.match(new RegExp(`nonce="${nonce.replace(/[+/=]/g, "\\$&")}"`, "g"))).toHaveLength(2);
      expect(response.headers.getSetCookie()).toHaveLength(1);
      expect(response.headers.getSetCookie()[0]).toMatch(/^anon_id=/);
    }
    expect(nonceOf(second)).not.toBe(nonceOf(first));
    expect(secondBody).not.toContain(nonceOf(first));
    expect(second.headers.getSetCookie()[0]).not.toBe(first.headers.getSetCookie()[0]);
    // One id issued per visitor: the first keeps the one its render issued.
    expect(issued.count).toBe(2);
  });

  it("shares one render among concurrent first visits", async () => {
    const render = fakeApp();
    const responses = await Promise.all(Array.from({ length: 5 }, () => serveWithCache(get("/"), render)));
    expect(render).toHaveBeenCalledTimes(1);
    expect(new Set(responses.map(nonceOf)).size).toBe(5);
  });

  it("keeps each URL apart and renders again after the feed cache's lifetime", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const render = fakeApp();
    await serveWithCache(get("/"), render);
    await serveWithCache(get("/?q=tea"), render);
    expect(render).toHaveBeenCalledTimes(2);
    vi.setSystemTime(Date.now() + RESPONSE_CACHE_TTL_MS + 1);
    expect(await (await serveWithCache(get("/"), render)).text()).toContain("render 3");
  });

  it("renders for themselves visitors with a cookie or credentials, and other pages and methods", async () => {
    const render = fakeApp();
    await serveWithCache(get("/"), render);
    const personal = [
      get("/", { Cookie: "anon_id=x" }),
      get("/", { Authorization: "Bearer token" }),
      get("/business/1"),
      new Request(`${ORIGIN}/`, { method: "POST" }),
    ];
    for (const request of personal) await serveWithCache(request, render);
    expect(render).toHaveBeenCalledTimes(1 + personal.length);
  });

  it("never keeps an error, a non-HTML answer or a page that sets another cookie", async () => {
    const answers = [
      () => new Response("Oops", { status: 500, headers: { "Content-Type": "text/html" } }),
      () => new Response(null, { status: 302, headers: { Location: "/auth" } }),
      async (request: Request, call: number) => {
        const response = await page(request, call);
        response.headers.append("Set-Cookie", "toast=abc; Path=/");
        return response;
      },
    ];
    for (const answer of answers) {
      clearResponseCache();
      const render = fakeApp(async (request, call) => answer(request, call));
      const first = await serveWithCache(get("/"), render);
      await serveWithCache(get("/"), render);
      expect(render).toHaveBeenCalledTimes(2);
      // The first asker still gets the app's own answer.
      expect(first.status).toBe((await answer(get("/"), 1)).status);
    }
  });
});

describe("public JSON", () => {
  const json = (cacheControl: string, status = 200) =>
    fakeApp(async (_request, call) => Response.json({ call }, { status, headers: { "Cache-Control": cacheControl } }));

  it("keeps an /api answer marked public for every asker of that URL, cookies or not", async () => {
    const render = json("public, max-age=120");
    const answers = [
      await serveWithCache(get("/api/feed?lat=1&lon=2"), render),
      await serveWithCache(get("/api/feed?lat=1&lon=2", { Cookie: "anon_id=x" }), render),
    ];
    expect(render).toHaveBeenCalledTimes(1);
    for (const answer of answers) {
      expect(await answer.json()).toEqual({ call: 1 });
      expect(answer.headers.get("Cache-Control")).toBe("public, max-age=120");
    }
    await serveWithCache(get("/api/feed?lat=1&lon=3"), render);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("hands the server a kept answer's bytes and headers only once it is kept, with every security header, and while it lasts", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const url = `${ORIGIN}/api/categories`;
    const render = fakeApp(async (_request, call) => apiJson({ call }, { headers: { "Cache-Control": "public, max-age=300" } }));
    expect(keptPublicJson(url)).toBeNull();
    const drawn = await serveWithCache(get("/api/categories"), render);
    const kept = keptPublicJson(url)!;
    expect(kept.status).toBe(200);
    expect(JSON.parse(kept.bytes.toString())).toEqual(await drawn.json());
    expect(Object.fromEntries(kept.headers)).toEqual(Object.fromEntries(drawn.headers));
    expect(Object.fromEntries(kept.headers)["x-content-type-options"]).toBe("nosniff");
    expect(keptPublicJson(`${ORIGIN}/api/categories?x=1`)).toBeNull();
    vi.advanceTimersByTime(RESPONSE_CACHE_TTL_MS + 1);
    expect(keptPublicJson(url)).toBeNull();

    // Kept without the security headers (not made by apiJson): it goes through serve(), which adds them.
    await serveWithCache(get("/api/feed"), json("public, max-age=120"));
    expect(keptPublicJson(`${ORIGIN}/api/feed`)).toBeNull();
  });

  it("never keeps a private, unmarked or failed answer", async () => {
    for (const render of [json("no-store"), json("private, max-age=60"), json("public, max-age=60", 404)]) {
      await serveWithCache(get("/api/user/me"), render);
      const second = await serveWithCache(get("/api/user/me"), render);
      expect(await second.json()).toEqual({ call: 2 });
    }
  });
});
