import { config } from "~/config.server";

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

const refusal = () => new Response("This form was sent from another site and was refused.", { status: 403 });

export function assertSameOrigin(request: Request) {
  if (!isSameOriginRequest(request)) throw refusal();
}

/**
 * The answer to a cross-site form post, given before Remix sees it (Remix's own
 * check would answer 500). /api answers its own refusal, as JSON.
 */
export function crossSiteRefusal(request: Request): Response | null {
  if (isSameOriginRequest(request) || new URL(request.url).pathname.startsWith("/api/")) return null;
  return refusal();
}
