import { listCreditPacks } from "~/models/pricing.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiJson, methods } from "~/utils/api.server";

/** GET /api/credit-packs: the packs on sale → [{id, name, credits, pricePaise, gstPaise, totalPaise}] (paise, GST 18%). */
export const { loader, action } = methods({
  GET: async ({ request }) => {
    await requireApiUser(request);
    return apiJson(await listCreditPacks());
  },
});
