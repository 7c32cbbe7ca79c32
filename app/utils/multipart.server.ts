import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";

import { UPLOAD_LIMITS } from "~/services/image-upload.server";

/** A text field's most: a form's fields are short; a longer one is cut (and then refused by its schema's limit). */
const TEXT_FIELD_BYTES = 64 * 1024;

/** A file as it arrived in a form: its bytes, or only that it was over the upload limit (its bytes were drained). */
export type ArrivedFile = { tooLarge: false; bytes: Buffer<ArrayBuffer>; filename: string; contentType: string } | { tooLarge: true };

/**
 * A multipart form's parts as they stream in: text fields as strings, and each file of
 * `fileField` handed to `onFile` as soon as it has arrived, so memory holds one file (at most the
 * upload limit) at a time; what `onFile` returns is the field's value. Empty file inputs and other
 * files are dropped.
 */
export function streamingFormParts(fileField: string, onFile: (file: ArrivedFile) => Promise<string | File | undefined>): UploadHandler {
  return async ({ name, filename, contentType, data: chunks }) => {
    const limit = filename === undefined ? TEXT_FIELD_BYTES : UPLOAD_LIMITS.bytes;
    const kept: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size <= limit) kept.push(chunk);
    }
    if (filename === undefined) return new TextDecoder().decode(Buffer.concat(kept));
    if (name !== fileField || (filename === "" && size === 0)) return undefined;
    if (size > limit) return onFile({ tooLarge: true });
    return onFile({ tooLarge: false, bytes: Buffer.concat(kept), filename, contentType });
  };
}

export const SEND_AS_MULTIPART = "Send this form as multipart/form-data, as its page does.";

/**
 * A page's form that carries files, parsed part by part. A body of another type (the form posted
 * by hand, urlencoded) is a 415 with what to do, rather than the parser's TypeError (a 500).
 */
export function parseMultipartForm(request: Request, uploadHandler: UploadHandler): Promise<FormData> {
  // What Remix's parser needs before it starts: exactly this type, and a boundary.
  const [type, boundary] = (request.headers.get("Content-Type") ?? "").split(/\s*;\s*boundary=/);
  if (type !== "multipart/form-data" || !boundary) throw new Response(SEND_AS_MULTIPART, { status: 415 });
  return unstable_parseMultipartFormData(request, uploadHandler);
}
