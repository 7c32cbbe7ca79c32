import { checkDatabase } from "~/models/health.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

export const { loader, action } = methods({
  GET: async () => {
    const status = await checkDatabase();
    if (!status.ok) return apiError(503, status.message);
    return apiJson({ status: "ok" });
  },
});
