import { MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";

import { throttleUploads, storeImageUpload } from "~/models/uploads.server";
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, UploadError } from "~/services/image-upload.server";
import { requireApiUser } from "~/utils/api-auth.server";
import { apiError, apiJson, methods } from "~/utils/api.server";

const SEND_AS_FORM = "Send the image as multipart/form-data in a field named 'file'.";

/** POST /api/uploads: an image in the multipart field `file` → 201 {url, width, height}, re-encoded without its metadata. */
export const { loader, action } = methods({
  POST: async ({ request }) => {
    const user = await requireApiUser(request);
    const throttled = await throttleUploads(user.id);
    if (throttled) return apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
    if (!request.headers.get("Content-Type")?.startsWith("multipart/form-data")) {
      return apiError(400, SEND_AS_FORM);
    }
    let file: FormDataEntryValue | null;
    try {
      const handler = unstable_createMemoryUploadHandler({ maxPartSize: UPLOAD_LIMITS.bytes });
      file = (await unstable_parseMultipartFormData(request, handler)).get("file");
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) return apiError(413, UPLOAD_MESSAGES.tooLarge);
      throw error;
    }
    if (!(file instanceof Blob)) return apiError(400, SEND_AS_FORM);
    try {
      return apiJson(await storeImageUpload(user.id, new Uint8Array(await file.arrayBuffer())), { status: 201 });
    } catch (error) {
      if (error instanceof UploadError)
        return apiError(error.status, error.message, error.status === 503 ? { headers: { "Retry-After": "60" } } : undefined);
      throw error;
    }
  },
});
