import type { LoaderFunctionArgs } from "@remix-run/node";

import { fileStorage } from "~/services/storage.server";
import { applySecurityHeaders } from "~/utils/security-headers.server";

/** Serves stored files. Keys never change content, so browsers may cache them for a year. */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = await fileStorage().get(params["*"] ?? "");
  if (!file) throw new Response("Not found", { status: 404 });
  const headers = new Headers({
    "Content-Type": file.contentType,
    "Content-Length": String(file.bytes.byteLength),
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  applySecurityHeaders(headers);
  return new Response(new Uint8Array(file.bytes), { headers });
}
