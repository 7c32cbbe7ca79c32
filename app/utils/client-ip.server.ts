/** The visitor's address as the proxy in front of the app reports it (Remix loaders see no socket). */
export function clientIp(request: Request): string | null {
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("X-Real-IP")?.trim() || null;
}
