import { getPublicBusiness } from "~/models/business.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

export const { loader, action } = methods({
  GET: async ({ params }) => {
    const business = await getPublicBusiness(params.id ?? "");
    if (!business) return apiError(404, "Business not found");
    return apiJson(business, { headers: { "Cache-Control": "public, max-age=300" } });
  },
});
