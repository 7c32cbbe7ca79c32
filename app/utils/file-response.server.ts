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
