import { IMPORT_NOT_FINISHED, applyImportUpdates } from "~/models/contact-import.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

/**
 * POST /api/contacts/import/{id}/apply: the changes the import proposed to names, emails and notes
 * (its `proposedUpdates`), made once (the same model function as the report's 'Apply these updates').
 */
export const { loader, action } = methods({
  POST: async ({ request, params }) => {
    const user = await requireApiUser(request);
    const outcome = await applyImportUpdates(user.id, params.id ?? "");
    if (outcome === null) return apiError(404, "Import not found");
    if (outcome === IMPORT_NOT_FINISHED) return apiError(409, outcome);
    return apiJson(outcome);
  },
});
