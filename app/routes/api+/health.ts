import { checkDatabase } from "~/models/health.server";
import { apiError, apiJson, apiRoute } from "~/utils/api.server";

export const loader = apiRoute(async () => {
  const status = await checkDatabase();
  if (!status.ok) return apiError(503, status.message);
  return apiJson({ status: "ok" });
});
