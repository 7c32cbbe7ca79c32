import type { LoaderFunctionArgs } from "@remix-run/node";

import { fileStorage } from "~/services/storage.server";
import { immutableFileResponse } from "~/utils/file-response.server";

/** Serves stored files at their full size (the feed uses /img variants). */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = await fileStorage().get(params["*"] ?? "");
  if (!file) throw new Response("Not found", { status: 404 });
  return immutableFileResponse(file.bytes, file.contentType);
}
