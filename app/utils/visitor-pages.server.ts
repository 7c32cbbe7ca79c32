import { AsyncLocalStorage } from "node:async_hooks";

import { keptPage } from "./page-cache.server";
import { RESPONSE_CACHE_TTL_MS } from "./response-cache.server";
import { contentSecurityPolicy, createNonce } from "./security-headers.server";
import { VISITOR_COOKIE_NAMES } from "./visitor.server";

/**
 * Seconds of memory for a returning visitor's own page, in front of the loaders: the feed with
 * their likes, their place and the current counts. The page kept by its data (page-cache.server.ts)
 * spares React the drawing; this spares the loaders their lookups too, for as long as nothing the
 * page shows can have changed. A page takes part by saying, from its loaders, what it shows
 * (`pageShowsPosts`, `pageKeptUntil`); a page that says nothing is never kept here.
 *
 * - Whose: the key is the address and the whole Cookie header, and only visitors whose cookies are
 *   all a visitor's own (id, place, intro seen, likes changed: VISITOR_COOKIE_NAMES) take part; a
 *   session, a toast or any other cookie is drawn afresh. Another visitor has another id cookie.
 * - Their likes: a like or unlike sets a new `likes_changed` cookie, so the visitor's next page has
 *   another key, on whichever process or instance it lands.
 * - Everyone's counts and what is live: every change of a post (a like, a view, hidden, removed,
 *   ended, deleted) or of an account's status is told by the database (NOTIFY isent_posts_changed,
 *   from a trigger, migration 0029) to every process, which forgets the pages showing that post
 *   (`forgetPagesShowing`); the feed's own changes forget them all (forgetCachedFeed).
 * - Time: never kept past the feed page or menu it was drawn from, an offer's end, or
 *   RESPONSE_CACHE_TTL_MS.
 */
const MAX_ENTRIES = 2_000;

type Shown = { postIds: Set<string>; until: number; pageKey?: string };
type VisitorPage = { expiresAt: number; pageKey: string; postIds: Set<string>; headers: [string, string][] };

const drawing = new AsyncLocalStorage<Shown>();
const visitorPages = new Map<string, VisitorPage>();

/** Pages are kept only once this process hears of changed posts (listenForPostChanges): one that cannot listen draws every page. */
let hearing = false;

export function hearingPostChanges() {
  hearing = true;
}

/** A loader's word that its page shows these posts (their counts, whether they are live and liked). */
export function pageShowsPosts(postIds: Iterable<string>) {
  const shown = drawing.getStore();
  if (shown) for (const id of postIds) shown.postIds.add(id);
}

/** A loader's word that what its page shows holds until `time` (ms) at the latest. */
export function pageKeptUntil(time: number) {
  const shown = drawing.getStore();
  if (shown) shown.until = Math.min(shown.until, time);
}

/** The drawn page's key in the page cache (entry.server), when the page has no per-answer values. */
export function noteDrawnPage(pageKey: string) {
  const shown = drawing.getStore();
  if (shown) shown.pageKey = pageKey;
}

/** Answers a known visitor's page from memory when nothing on it changed, else through `render` (and keeps it). */
export async function serveKnownVisitor(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
  const key = hearing ? visitorKey(request) : null;
  if (!key) return render(request);
  const hit = answerFromMemory(key);
  if (hit) return hit;
  const shown: Shown = { postIds: new Set(), until: Date.now() + RESPONSE_CACHE_TTL_MS };
  const response = await drawing.run(shown, () => render(request));
  if (
    response.status === 200 &&
    shown.pageKey &&
    shown.postIds.size > 0 &&
    shown.until > Date.now() &&
    response.headers.get("Content-Type")?.startsWith("text/html") &&
    !response.headers.has("Set-Cookie")
  ) {
    const headers = [...response.headers].filter(([name]) => name !== "content-security-policy");
    visitorPages.delete(key);
    visitorPages.set(key, { expiresAt: shown.until, pageKey: shown.pageKey, postIds: shown.postIds, headers });
    if (visitorPages.size > MAX_ENTRIES) visitorPages.delete(visitorPages.keys().next().value!);
  }
  return response;
}

/** The key of a GET from a visitor with only a visitor's own cookies (none signed in), else null. */
function visitorKey(request: Request): string | null {
  if (request.method !== "GET" || request.headers.has("Authorization")) return null;
  const cookie = request.headers.get("Cookie");
  if (!cookie) return null;
  for (const pair of cookie.split(";")) {
    const equals = pair.indexOf("=");
    if (equals < 0 || !VISITOR_COOKIE_NAMES.has(pair.slice(0, equals).trim())) return null;
  }
  return `${request.url}\n${cookie}`;
}

function answerFromMemory(key: string): Response | null {
  const page = visitorPages.get(key);
  if (!page) return null;
  const nonce = createNonce();
  const body = page.expiresAt > Date.now() ? keptPage({ key: page.pageKey, perAnswer: [] }, nonce) : null;
  if (!body) {
    visitorPages.delete(key);
    return null;
  }
  const headers = new Headers(page.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return new Response(body, { status: 200, headers });
}

/** Forgets the kept visitor pages that show any of these posts; all of them for "*". */
export function forgetPagesShowing(postIds: string[] | "*") {
  if (postIds === "*") {
    visitorPages.clear();
    return;
  }
  for (const [key, page] of visitorPages) if (postIds.some((id) => page.postIds.has(id))) visitorPages.delete(key);
}
