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

/** Headers every response carries, HTML or JSON. */
export function applySecurityHeaders(headers: Headers, nonce?: string) {
  if (nonce) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  else if (!headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  if (HTTPS_ONLY) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * The response with the headers every response carries, whatever made it: a page keeps its
 * nonce policy, and anything without a policy of its own (a download, an image, a resource
 * route's JSON or text, a redirect) gets one that lets it run and load nothing. Headers a
 * Response was made with immutably (Response.redirect, fetch) are copied into a new one.
 */
export function withSecurityHeaders(response: Response): Response {
  try {
    applySecurityHeaders(response.headers);
    return response;
  } catch {
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers);
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
