/**
 * The visitor's address. Remix loaders see no socket: the production server
 * (server/web-server.ts, through server/fetch-bridge.ts) writes the address it worked out into X-Forwarded-For,
 * replacing whatever the client sent.
 */
export function clientIp(request: Request): string | null {
  return request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() || null;
}
