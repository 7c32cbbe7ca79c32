import { createHash } from "node:crypto";

import type { EntryContext } from "@remix-run/node";

import { escapeRegExp } from "~/lib/escape-regexp";
import { defineMemory } from "~/memory/memory.server";

import { RESPONSE_CACHE_TTL_MS } from "./response-cache.server";

/**
 * Seconds of memory for drawn pages, keyed by everything a page is drawn from: its address, its
 * status and the data every loader returned for this request. React draws a page from nothing else
 * (no component sees the request), so two requests with the same key get the same HTML, and the
 * second is spared the drawing: a returning visitor reloading the feed, fifty visitors of one area
 * with no likes of their own, a business going back to its contacts. A visitor's likes, place,
 * session, toast or form nonce are in the loaders' data, so someone else's page has another key.
 *
 * The page's time (root's pageTime, which relative times count from) is the one thing left out of
 * the key: a kept page keeps its own time along with what was drawn from it, so it is the page as
 * drawn up to RESPONSE_CACHE_TTL_MS ago, the same freshness as the first-visit pages and the feed's
 * cache. Only whole pages without errors or an action's data are kept; the CSP nonce is made afresh
 * for each answer.
 */
const MAX_HTML_CHARS = 512 * 1024;
/** Data a route returns that only says when the page was drawn (see above). */
const TIME_ONLY_FIELDS: Record<string, string> = { root: "pageTime" };
/**
 * Data made afresh for every answer, so that each form drawn is told apart (a retried purchase or
 * post charges once): left out of the key, and in a kept page replaced by this answer's own, as
 * the nonce is. Random ids only, so that the page holds them nowhere else.
 */
const PER_ANSWER_FIELD = "idempotencyKey";
const RANDOM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What makes a page, and the values of this answer that the page holds but its key leaves out. */
export type PageKey = { key: string; perAnswer: string[] };

/** The page as bytes, cut where its nonce and per-answer values stood, and which stood at each cut. */
type KeptPage = { parts: Buffer[]; cuts: number[] };
const pages = defineMemory<KeptPage>({
  name: "drawn-pages",
  purpose: "drawn HTML by everything a page is drawn from (address, status, every loader's data)",
  max: 300,
  ttlMs: RESPONSE_CACHE_TTL_MS,
});

/** The key of the page this request and data draw, or null when it must be drawn afresh. */
export function renderKey(request: Request, statusCode: number, context: EntryContext): PageKey | null {
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (request.method !== "GET" || statusCode !== 200 || actionData || errors) return null;
  const perAnswer: string[] = [];
  const data = Object.fromEntries(
    Object.entries(loaderData).map(([routeId, value]) => {
      const fresh = fieldOf(value, PER_ANSWER_FIELD);
      const isFresh = typeof fresh === "string" && RANDOM_ID.test(fresh);
      if (isFresh) perAnswer.push(fresh);
      return [routeId, without(without(value, TIME_ONLY_FIELDS[routeId]), isFresh ? PER_ANSWER_FIELD : undefined)];
    }),
  );
  const hash = createHash("sha256");
  hash.update(`${request.url}\n`);
  hash.update(JSON.stringify(data, typedValues));
  return { key: hash.digest("base64url"), perAnswer };
}

const fieldOf = (value: unknown, field: string) =>
  value && typeof value === "object" ? (value as Record<string, unknown>)[field] : undefined;

function without(value: unknown, field: string | undefined): unknown {
  if (!field || !value || typeof value !== "object" || !(field in value)) return value;
  const { [field]: _left, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** JSON that tells apart what turbo-stream (the page's data) tells apart: dates, maps, sets, big numbers, undefined. */
function typedValues(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key];
  if (original instanceof Date) return { $date: value };
  if (original instanceof Map) return { $map: [...original] };
  if (original instanceof Set) return { $set: [...original] };
  if (typeof original === "bigint") return { $bigint: original.toString() };
  if (original === undefined && key !== "") return { $undefined: true };
  return value;
}

/** The page kept for this key, with this answer's nonce and per-answer values where the drawn one's stood. */
export function keptPage({ key, perAnswer }: PageKey, nonce: string): Uint8Array<ArrayBuffer> | null {
  const page = pages.recall(key);
  if (!page) return null;
  const fills = [nonce, ...perAnswer].map((value) => Buffer.from(value));
  if (page.cuts.some((cut) => cut >= fills.length)) return null;
  const pieces = page.parts.flatMap((part, index) => (index === 0 ? [part] : [fills[page.cuts[index - 1]], part]));
  // Bytes, not a string: a Response made from a string of this size spends longer checking it than sending it.
  const body = new Uint8Array(pieces.reduce((total, piece) => total + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    body.set(piece, offset);
    offset += piece.length;
  }
  return body;
}

export function keepPage({ key, perAnswer }: PageKey, html: string, nonce: string) {
  if (html.length > MAX_HTML_CHARS) return;
  const values = [nonce, ...perAnswer];
  const parts: Buffer[] = [];
  const cuts: number[] = [];
  let from = 0;
  for (const match of html.matchAll(new RegExp(values.map(escapeRegExp).join("|"), "g"))) {
    parts.push(Buffer.from(html.slice(from, match.index)));
    cuts.push(values.indexOf(match[0]));
    from = match.index + match[0].length;
  }
  parts.push(Buffer.from(html.slice(from)));
  pages.keep(key, { parts, cuts });
}

/** Forget every kept page (tests). */
export function clearPageCache() {
  pages.clear();
}
