import type { LoaderFunctionArgs } from "@remix-run/node";

import { STORAGE_WINDOWS } from "~/lib/storage-retry";
import { fileStorage } from "~/services/storage.server";
import { immutableFileResponse, storedFileResponse } from "~/utils/file-response.server";

/** Serves stored files at their full size (the feed uses /img variants). */
export function loader({ params }: LoaderFunctionArgs) {
  return storedFileResponse(async () => {
    const file = await fileStorage().get(params["*"] ?? "", { withinMs: STORAGE_WINDOWS.waitedMs });
    if (!file) throw new Response("Not found", { status: 404 });
    return immutableFileResponse(file.bytes, file.contentType);
  });
}
