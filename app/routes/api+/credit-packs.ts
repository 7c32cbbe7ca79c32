import { listCreditPacks } from "~/models/pricing.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods } from "~/utils/api.server";

/** GET /api/credit-packs: the packs on sale → [{id, name, credits, pricePaise, gstRatePercent, gstPaise, totalPaise}] (paise; GST at the admin's rate, 18% by default). */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return apiJson(await listCreditPacks());
  },
});
