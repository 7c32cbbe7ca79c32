import { locateByIp } from "~/services/geocoding.server";
import { apiError, apiJson, apiRoute } from "~/utils/api.server";

/**
 * The visitor's address as the reverse proxy saw it. Remix loaders do not see
 * the socket, so only the proxy headers are available; without them, no IP.
 */
function clientIp(request: Request): string | null {
  const forwardedFor = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  const realIp = request.headers.get("X-Real-IP")?.trim();
  return forwardedFor || realIp || null;
}

/** GET /api/location/ip → the approximate location of the visitor's network: the fallback for "Use my location". */
export const loader = apiRoute(async ({ request }) => {
  const location = await locateByIp(clientIp(request));
  if (!location) return apiError(404, "Could not determine your location from your network");
  return apiJson({ ...location, source: "ip" });
});
