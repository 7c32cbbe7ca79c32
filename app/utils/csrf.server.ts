import { config } from "~/config.server";

import { securityEvent } from "./security-log.server";

/**
 * Cross-site form posts are refused: a browser always names the page a POST
 * came from (Origin, else Referer), and it must be this site. Clients that are
 * not browsers send neither and authenticate with a bearer token instead.
 */
export function isSameOriginRequest(request: Request): boolean {
  if (request.method === "GET" || request.method === "HEAD") return true;
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!source || source === "null") return !source;
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    return false;
  }
  const allowed = new Set([new URL(request.url).origin]);
  if (config.PUBLIC_URL) allowed.add(new URL(config.PUBLIC_URL).origin);
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  if (host) allowed.add(`${request.headers.get("X-Forwarded-Proto") ?? new URL(request.url).protocol.replace(":", "")}://${host}`);
  return allowed.has(origin);
}

/**
 * Whether this request is refused as another site's; a refused one is logged (`cross_site_refused`)
 * with the other site's origin only: a Referer's path and query may hold anything.
 */
export function refusedAsCrossSite(request: Request): boolean {
  if (isSameOriginRequest(request)) return false;
  const source = request.headers.get("Origin") ?? request.headers.get("Referer") ?? "";
  let origin = "unreadable";
  try {
    origin = source === "null" ? "null" : new URL(source).origin;
  } catch {
    // Not an address: said so, not repeated.
  }
  securityEvent(request, { event: "cross_site_refused", outcome: "failure", origin });
  return true;
}

const refusal = () => new Response("This form was sent from another site and was refused.", { status: 403 });

export function assertSameOrigin(request: Request) {
  if (refusedAsCrossSite(request)) throw refusal();
}

/**
 * The answer to a cross-site form post, given before Remix sees it (Remix's own
 * check would answer 500). /api answers its own refusal, as JSON.
 */
export function crossSiteRefusal(request: Request): Response | null {
  if (new URL(request.url).pathname.startsWith("/api/") || !refusedAsCrossSite(request)) return null;
  return refusal();
}
