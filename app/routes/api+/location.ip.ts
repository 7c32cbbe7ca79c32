import { locateByIp } from "~/services/geocoding.server";
import { apiError, apiJson, methods } from "~/utils/api.server";
import { clientIp } from "~/utils/client-ip.server";

/** GET /api/location/ip → the approximate location of the visitor's network: the fallback for "Use my location". */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    const location = await locateByIp(clientIp(request));
    if (!location) return apiError(404, "Could not determine your location from your network");
    return apiJson({ ...location, source: "ip" });
  },
});
