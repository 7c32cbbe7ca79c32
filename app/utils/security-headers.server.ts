import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

import { config } from "~/config.server";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * An enforced policy: scripts run only from this origin or with this response's
 * nonce, nothing may frame the product, and forms post only to this origin.
 */
export function contentSecurityPolicy(nonce: string): string {
  const development = config.NODE_ENV === "development";
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws://localhost:*"] : ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Only an https site may tell browsers never to use plain http with it. */
const HTTPS_ONLY = Boolean(config.PUBLIC_URL?.startsWith("https:"));

/** The policy of anything that is not a page: it runs and loads nothing, and nothing frames it. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries besides its policy, HTML or JSON. */
const COMPANION_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=(self)"],
  ...(HTTPS_ONLY ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as const] : []),
];

/** Every header a response that is not a page carries, as pairs a Response can be made with. */
export const NON_PAGE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Content-Security-Policy", NON_PAGE_POLICY],
  ...COMPANION_HEADERS,
];

/** Responses made with all of them already (`secured`): withSecurityHeaders leaves these alone. */
const securedResponses = new WeakSet<Response>();

/** This response was made with every security header (NON_PAGE_HEADERS or applySecurityHeaders). */
export function secured(response: Response): Response {
  securedResponses.add(response);
  return response;
}

/** Whether `secured` marked this response. */
export function isSecured(response: Response): boolean {
  return securedResponses.has(response);
}

/** Headers every response carries, HTML or JSON. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  else if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", NON_PAGE_POLICY);
  for (const [name, value] of COMPANION_HEADERS) headers.set(name, value);
}

/**
 * How long a browser may keep an answer made for a session that does not say (every signed-in and
 * admin page, its `.data` and `?_data=` payloads, redirects): not at all, neither on disk nor for
 * Back, so what the account saw is not shown again once it logs out.
 */
export const SESSION_CACHE_CONTROL = "private, no-store";

/**
 * The response with the headers every response carries, whatever made it: a page keeps its
 * nonce policy, and anything without a policy of its own (a download, an image, a resource
 * route's JSON or text, a redirect) gets one that lets it run and load nothing. Made for a
 * session (`forSession`), an answer that names no Cache-Control of its own gets
 * SESSION_CACHE_CONTROL; one that names it (a public image, the feed's `private, no-cache`) keeps
 * it. Headers a Response was made with immutably (Response.redirect, fetch) are copied into a new
 * one. A response made with them all (`secured`: every /api answer, whose Cache-Control apiJson
 * always sets) is passed on as it is.
 */
export function withSecurityHeaders(response: Response, forSession = false): Response {
  if (isSecured(response)) return response;
  const apply = (headers: Headers) => {
    applySecurityHeaders(headers);
    if (forSession && !headers.has("Cache-Control")) headers.set("Cache-Control", SESSION_CACHE_CONTROL);
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    apply(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * The same headers on a response the server answers itself (a static file, a refused
 * body): those it is given (its own Content-Security-Policy) and the rest.
 */
export function setSecurityHeaders(res: ServerResponse, headers = new Headers()) {
  applySecurityHeaders(headers);
  for (const [name, value] of headers) res.setHeader(name, value);
}
