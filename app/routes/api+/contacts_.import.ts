import { ImportFileError, importContactsNow, throttleContactImport } from "~/models/contact-import.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

/**
 * POST /api/contacts/import: a CSV body (text/csv; or a form with a `file` part), its columns
 * found by their header names, imported before the answer: {imported, updated, skipped, errors,
 * warnings}, the last two as [{line, message}] (rows rejected; optional cells left out of a row imported).
 */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const throttled = await throttleContactImport(user.id);
    if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
    const { name, bytes } = await uploadedCsv(request);
    try {
      return apiJson(await importContactsNow(user.id, name, bytes));
    } catch (error) {
      if (error instanceof ImportFileError) return apiError(400, error.message);
      throw error;
    }
  },
});

async function uploadedCsv(request: Request): Promise<{ name: string; bytes: Uint8Array }> {
  if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
    return { name: "API import", bytes: new Uint8Array(await request.arrayBuffer()) };
  }
  const file = (await request.formData()).get("file");
  if (!(file instanceof Blob))
    throw apiError(400, "Send the CSV as the request body (Content-Type: text/csv) or as a form field named 'file'.");
  return { name: file instanceof File && file.name ? file.name : "API import", bytes: new Uint8Array(await file.arrayBuffer()) };
}
