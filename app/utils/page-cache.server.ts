import { createHash } from "node:crypto";

import type { EntryContext } from "@remix-run/node";

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
const MAX_ENTRIES = 300;
const MAX_HTML_CHARS = 512 * 1024;
/** Data a route returns that only says when the page was drawn (see above). */
const TIME_ONLY_FIELDS: Record<string, string> = { root: "pageTime" };

/** The page as bytes, cut where its nonce stood: put together again around each answer's nonce. */
type KeptPage = { expiresAt: number; parts: Buffer[] };
const pages = new Map<string, KeptPage>();

/** The key of the page this request and data draw, or null when it must be drawn afresh. */
export function renderKey(request: Request, statusCode: number, context: EntryContext): string | null {
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (request.method !== "GET" || statusCode !== 200 || actionData || errors) return null;
  const data = Object.fromEntries(
    Object.entries(loaderData).map(([routeId, value]) => [routeId, withoutTimeField(value, TIME_ONLY_FIELDS[routeId])]),
  );
  const hash = createHash("sha256");
  hash.update(`${request.url}\n`);
  hash.update(JSON.stringify(data, typedValues));
  return hash.digest("base64url");
}

function withoutTimeField(value: unknown, field: string | undefined): unknown {
  if (!field || !value || typeof value !== "object" || !(field in value)) return value;
  const { [field]: _time, ...rest } = value as Record<string, unknown>;
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

/** The page kept for this key, with `nonce` in place of the one it was drawn with. */
export function keptPage(key: string, nonce: string): Uint8Array<ArrayBuffer> | null {
  const page = pages.get(key);
  if (!page) return null;
  if (page.expiresAt <= Date.now()) {
    pages.delete(key);
    return null;
  }
  const nonceBytes = Buffer.from(nonce);
  const pieces = page.parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part]));
  // Bytes, not a string: a Response made from a string of this size spends longer checking it than sending it.
  const body = new Uint8Array(pieces.reduce((total, piece) => total + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    body.set(piece, offset);
    offset += piece.length;
  }
  return body;
}

export function keepPage(key: string, html: string, nonce: string) {
  if (html.length > MAX_HTML_CHARS) return;
  pages.delete(key);
  pages.set(key, { expiresAt: Date.now() + RESPONSE_CACHE_TTL_MS, parts: html.split(nonce).map((part) => Buffer.from(part)) });
  if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
}

/** Forget every kept page (tests). */
export function clearPageCache() {
  pages.clear();
}
