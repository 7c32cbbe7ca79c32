import { changeTag, defineMemory } from "~/memory/memory.server";
import { estimatesPlaceByIp } from "~/services/geocoding.server";

import { countMemoryLookup } from "./metrics.server";
import { contentSecurityPolicy, createNonce, isSecured, secured } from "./security-headers.server";
import { isAnonIdCookie, newAnonIdCookie } from "./visitor.server";

/**
 * Seconds of memory in front of the app, for two kinds of answers that are the
 * same for many askers (kept as long as the feed cache keeps its data, and forgotten with it when
 * what is in the feed changes: the change feed's `feed` tag):
 *
 * - Public JSON: an /api answer the app marks `Cache-Control: public` does not
 *   depend on who asks, so any asker of that URL may get it.
 * - First-visit pages: a request with no cookies and no credentials comes from a
 *   visitor the product knows nothing about yet (a shared link opened for the
 *   first time, a crawler), so every such visitor of a public page sees the same
 *   page for the same URL. Only the CSP nonce and the new visitor's anonymous id
 *   differ, and both are made afresh for each response. Anyone with a cookie
 *   (likes, a location, a session, a toast) is rendered for themselves.
 */
export const RESPONSE_CACHE_TTL_MS = 10_000;
const MAX_BODY_CHARS = 256 * 1024;
/** Public pages whose first-visit version is the same for everyone. */
const FIRST_VISIT_PAGES = new Set(["/"]);

/** `bytes`: a public JSON body as written to the socket, made at its first use there (keptPublicJson). */
type Kept = { status: number; headers: [string, string][]; body: string; nonce?: string; secured?: boolean; bytes?: Buffer };
/** `settled`: the answer once it is there, for askers that cannot wait on a promise (keptPublicJson). */
type Entry = { answer: Promise<Kept | null>; settled?: Kept };
const kept = defineMemory<Entry>({
  name: "same-for-everyone",
  purpose: "public JSON and first-visit pages, the same for every asker of the address",
  max: 200,
  ttlMs: RESPONSE_CACHE_TTL_MS,
  dependsOn: ["feed"],
});

/** A public JSON answer as the server writes it to the socket: bytes and every header it carries. */
export type KeptJson = { status: number; headers: [string, string][]; bytes: Buffer };

type Render = (request: Request) => Promise<Response>;

/** Answers a request through `render` (the Remix handler), or with what was kept for it. */
export async function serveWithCache(request: Request, render: Render): Promise<Response> {
  if (request.method !== "GET") return render(request);
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return servePublicJson(`json ${url.href}`, request, render);
  const anonymous = !request.headers.has("Cookie") && !request.headers.has("Authorization");
  // Where a first visit's place is estimated from its address, the page is the asker's own.
  if (anonymous && FIRST_VISIT_PAGES.has(url.pathname) && !estimatesPlaceByIp())
    return serveFirstVisitPage(`page ${url.href}`, request, render);
  return render(request);
}

async function servePublicJson(key: string, request: Request, render: Render): Promise<Response> {
  const hit = await lookUp(key);
  countMemoryLookup("public_json", hit !== null);
  if (hit) {
    const answer = new Response(hit.body, { status: hit.status, headers: hit.headers });
    return hit.secured ? secured(answer) : answer;
  }
  const response = await render(request);
  if (response.status !== 200 || !/^public\b/.test(response.headers.get("Cache-Control") ?? "")) return response;
  const body = await response.text();
  if (body.length <= MAX_BODY_CHARS)
    keep(key, Promise.resolve({ status: 200, headers: [...response.headers], body, secured: isSecured(response) }));
  return new Response(body, { status: 200, headers: response.headers });
}

/** Concurrent first visits of one URL share a single render. */
async function serveFirstVisitPage(key: string, request: Request, render: Render): Promise<Response> {
  // Looked up and kept without an await in between, so concurrent askers find the render under way.
  const pending = lookUp(key);
  if (pending) {
    const hit = await pending;
    countMemoryLookup("first_visit_page", hit !== null);
    if (hit) return personalise(hit);
  } else countMemoryLookup("first_visit_page", false);
  const response = render(request);
  const rendered = response.then(keepablePage);
  keep(
    key,
    rendered.then((page) => (page instanceof Response ? null : page)),
  );
  const page = await rendered;
  // The asker who rendered keeps the visitor id its render issued.
  return page instanceof Response ? page : personalise(page, (await response).headers.getSetCookie());
}

/** Only a whole page whose sole cookie is the new visitor's id is the same for everyone; else the response as it is. */
async function keepablePage(response: Response): Promise<Kept | Response> {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  const html = response.headers.get("Content-Type")?.startsWith("text/html");
  if (response.status !== 200 || !html || !nonce || !response.headers.getSetCookie().every(isAnonIdCookie)) return response;
  const headers = [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "content-security-policy");
  return { status: response.status, headers, body: await response.text(), nonce };
}

/**
 * The public JSON kept for this address (`url` as a Request's `url` would be), when it is there and
 * carries every security header: the server answers it before it makes a Fetch API Request at all.
 * Else null, and the request goes through `serve` as any other.
 */
export function keptPublicJson(url: string): KeptJson | null {
  const answer = kept.recall(`json ${url}`)?.settled;
  if (!answer?.secured) return null;
  // Only hits here: a miss goes on to serveWithCache, which counts it.
  countMemoryLookup("public_json", true);
  answer.bytes ??= Buffer.from(answer.body);
  return { status: answer.status, headers: answer.headers, bytes: answer.bytes };
}

function lookUp(key: string): Promise<Kept | null> | null {
  return kept.recall(key)?.answer ?? null;
}

function keep(key: string, answer: Promise<Kept | null>) {
  const entry: Entry = { answer };
  kept.keep(key, entry, { tags: [changeTag.feed] });
  // What cannot be kept is forgotten at once, so the next asker renders again.
  answer.then(
    (value) => (value ? (entry.settled = value) : kept.forget(key)),
    () => kept.forget(key),
  );
}

/** The kept page with a fresh nonce, and the visitor id cookie `issued` for this asker or else a new one. */
async function personalise(page: Kept, issued?: string[]): Promise<Response> {
  const nonce = createNonce();
  const headers = new Headers(page.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  for (const setCookie of issued ?? [await newAnonIdCookie()]) headers.append("Set-Cookie", setCookie);
  return new Response(page.body.replaceAll(page.nonce!, nonce), { status: page.status, headers });
}

/** Forget everything kept (tests). */
export function clearResponseCache() {
  kept.clear();
}
