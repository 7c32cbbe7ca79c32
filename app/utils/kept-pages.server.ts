import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

import { defineMemory } from "~/memory/memory.server";
import { hearingSettingsChanges, settingsGeneration } from "~/models/kept-settings.server";

import { SESSION_COOKIE_NAME } from "./cookies.server";
import { countMemoryLookup } from "./metrics.server";
import { keptPage } from "./page-cache.server";
import { RESPONSE_CACHE_TTL_MS } from "./response-cache.server";
import { contentSecurityPolicy, createNonce } from "./security-headers.server";
import { getCurrentSession } from "./session.server";
import { VISITOR_COOKIE_NAMES } from "./visitor.server";

/**
 * Seconds of memory for the pages of the people who come back, in front of the loaders: a returning
 * visitor's feed (their likes, their place, the current counts) and a signed-in business's own
 * workspace screens. The page kept by its data (page-cache.server.ts) spares React the drawing; this
 * spares the loaders their queries too, for as long as nothing the page shows can have changed. A
 * page takes part by saying so from its loaders (`pageShowsPosts`, `pageShowsOwnData`,
 * `pageKeptUntil`); a page that says nothing is never kept here.
 *
 * - Whose: the key is the address and the whole Cookie header, and only requests whose cookies are
 *   all a visitor's own (id, place, intro seen, likes changed: VISITOR_COOKIE_NAMES), plus at most
 *   the session, take part; a toast, a kept draft or any other cookie is drawn afresh. Another
 *   visitor has another id cookie, another device another session.
 * - A visitor's likes: a like or unlike sets a new `likes_changed` cookie, so the visitor's next
 *   page has another key, on whichever process or instance it lands.
 * - Everyone's counts and what is live: every change of a post (a like, a view, hidden, removed,
 *   ended, deleted) or of an account's status is told by the database (NOTIFY isent_posts_changed,
 *   from a trigger, migration 0029) to every process, which forgets the pages showing that post
 *   (`forgetPagesShowing`); the feed's own changes forget them all (forgetCachedFeed).
 * - A business's own screens (`pageShowsOwnData`: drawn from its own rows and the admin's settings
 *   only): kept with the account's `pages_version`, which the database raises in the same
 *   transaction as any change to what they show (migration 0032), and which comes with the session
 *   lookup every signed-in request makes anyway; and with this process's settings generation (the
 *   admin's prices, packs, categories, designs and templates: NOTIFY isent_settings_changed). A page
 *   is answered from memory only while both are the ones it was drawn at, so a business sees its own
 *   change on its very next page, on any process; an ended session is no session, so no page.
 * - Time: never kept past the feed page or menu it was drawn from, an offer's end, or
 *   RESPONSE_CACHE_TTL_MS (relative times, such as '5 minutes ago', are as drawn up to then).
 */
type Shown = { postIds: Set<string>; ownData: boolean; until: number; pageKey?: string; perAnswer: number };
type KeptAnswer = {
  pageKey: string;
  perAnswer: number;
  /** The account's pages version and the settings generation it was drawn at; null for a visitor's page. */
  version: string | null;
  headers: [string, string][];
};

type Asker = { key: string; signedIn: boolean };

const drawing = new AsyncLocalStorage<Shown>();
const drawsUnderWay = new Map<string, Promise<Response>>();
/** Each kept until its `until`, tagged with the posts it shows (`post:<id>`). */
const keptAnswers = defineMemory<KeptAnswer>({
  name: "returning-pages",
  purpose: "returning visitors' and businesses' own pages, by address and Cookie header, until what they show changes",
  max: 2_000,
});
const postTag = (postId: string) => `post:${postId}`;

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

/**
 * A signed-in business's loader's word that its page is drawn only from the business's own rows
 * covered by users.pages_version (migration 0032) and from the admin's settings: a new kind of row
 * it shows needs its triggers there first.
 */
export function pageShowsOwnData() {
  const shown = drawing.getStore();
  if (shown) shown.ownData = true;
}

/** A loader's word that what its page shows holds until `time` (ms) at the latest. */
export function pageKeptUntil(time: number) {
  const shown = drawing.getStore();
  if (shown) shown.until = Math.min(shown.until, time);
}

/** The drawn page's key in the page cache (entry.server) and how many per-answer values (a form's key) it holds. */
export function noteDrawnPage(pageKey: string, perAnswer = 0) {
  const shown = drawing.getStore();
  if (shown) {
    shown.pageKey = pageKey;
    shown.perAnswer = perAnswer;
  }
}

/** Answers a known visitor's or business's page from memory when nothing on it changed, else through `render` (and keeps it). */
export async function serveFromKeptPages(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
  const asker = hearing ? whoAsks(request) : null;
  if (!asker) return render(request);
  const recall = async () => {
    const kept = keptAnswers.recall(asker.key);
    // Only a page kept for this key costs a session lookup here (the loaders share it when the page is drawn).
    return kept ? answerFromMemory(asker.key, kept, await versionOf(request, asker.signedIn)) : null;
  };
  const hit = await recall();
  if (hit) {
    countMemoryLookup("kept_answer", true);
    return hit;
  }
  // Asked again while it is being drawn (all of a phone's reloads when it expired): one draw, the others wait for it.
  const underWay = drawsUnderWay.get(asker.key);
  if (underWay) {
    await underWay.catch(() => {});
    const drawn = await recall();
    countMemoryLookup("kept_answer", drawn !== null);
    if (drawn) return drawn;
  } else countMemoryLookup("kept_answer", false);
  const draw = drawAndKeep(request, asker, render);
  drawsUnderWay.set(asker.key, draw);
  try {
    return await draw;
  } finally {
    if (drawsUnderWay.get(asker.key) === draw) drawsUnderWay.delete(asker.key);
  }
}

async function drawAndKeep(request: Request, asker: Asker, render: (request: Request) => Promise<Response>): Promise<Response> {
  const generation = settingsGeneration();
  const shown: Shown = { postIds: new Set(), ownData: false, until: Date.now() + RESPONSE_CACHE_TTL_MS, perAnswer: 0 };
  const response = await drawing.run(shown, () => render(request));
  const takesPart = asker.signedIn ? shown.ownData : shown.postIds.size > 0;
  if (
    takesPart &&
    response.status === 200 &&
    shown.pageKey &&
    shown.until > Date.now() &&
    response.headers.get("Content-Type")?.startsWith("text/html") &&
    !response.headers.has("Set-Cookie")
  ) {
    // The session its loaders looked up first (before reading what they show), and the settings as they began.
    const version = await versionOf(request, asker.signedIn, generation);
    if (version === undefined) return response;
    const headers = [...response.headers].filter(([name]) => name !== "content-security-policy");
    const ttlMs = shown.until - Date.now();
    if (ttlMs > 0)
      keptAnswers.keep(
        asker.key,
        { pageKey: shown.pageKey, perAnswer: shown.perAnswer, version, headers },
        { ttlMs, tags: [...shown.postIds].map(postTag) },
      );
  }
  return response;
}

/** The key of a GET whose cookies are all a visitor's own, with at most a session besides; else null. */
function whoAsks(request: Request): Asker | null {
  if (request.method !== "GET" || request.headers.has("Authorization")) return null;
  const cookie = request.headers.get("Cookie");
  if (!cookie) return null;
  let signedIn = false;
  for (const pair of cookie.split(";")) {
    const equals = pair.indexOf("=");
    const name = equals < 0 ? null : pair.slice(0, equals).trim();
    if (name === SESSION_COOKIE_NAME && !signedIn) signedIn = true;
    else if (name === null || !VISITOR_COOKIE_NAMES.has(name)) return null;
  }
  return { key: `${request.url}\n${cookie}`, signedIn };
}

/**
 * What a page for this request is kept by: nothing for a visitor (null); for a session, its account's
 * pages version and the settings generation (undefined, keep nothing, when the session has ended or
 * this process does not hear of the admin's changes).
 */
async function versionOf(request: Request, signedIn: boolean, generation = settingsGeneration()): Promise<string | null | undefined> {
  if (!signedIn) return null;
  if (!hearingSettingsChanges()) return undefined;
  const session = await getCurrentSession(request);
  return session ? `${session.pagesVersion} ${generation}` : undefined;
}

function answerFromMemory(key: string, answer: KeptAnswer, version: string | null | undefined): Response | null {
  // Another version: left for the draw that replaces it (a request that read an older one may still be waiting).
  if (version === undefined || answer.version !== version) return null;
  const nonce = createNonce();
  // Each form drawn gets a key of its own, as when it is drawn (a retried purchase or post charges once).
  const perAnswer = Array.from({ length: answer.perAnswer }, () => randomUUID());
  const body = keptPage({ key: answer.pageKey, perAnswer }, nonce);
  if (!body) {
    keptAnswers.forget(key);
    return null;
  }
  const headers = new Headers(answer.headers);
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return new Response(body, { status: 200, headers });
}

/** Forgets the kept pages that show any of these posts; all of them for "*". */
export function forgetPagesShowing(postIds: string[] | "*") {
  if (postIds === "*") {
    keptAnswers.clear();
    return;
  }
  keptAnswers.forgetTagged(postIds.map(postTag));
}
