import { StorageError } from "~/services/storage.server";

import { applySecurityHeaders } from "./security-headers.server";

/** A stored or rendered file. Its URL never changes content, so browsers may keep it a year. */
export function immutableFileResponse(bytes: Buffer, contentType: string): Response {
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Length": String(bytes.byteLength),
    "Cache-Control": "public, max-age=31536000, immutable",
  });
  applySecurityHeaders(headers);
  return new Response(new Uint8Array(bytes), { headers });
}

/**
 * A stored file's answer, or 503 with Retry-After when file storage failed within the visitor's
 * wait (StorageError): the browser or WhatsApp asks again later, and nothing is cached.
 */
export async function storedFileResponse(read: () => Promise<Response>): Promise<Response> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    console.error("[storage]", error);
    return new Response("File storage is not answering. Please try again in a minute.", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
    });
  }
}
