import type { UploadHandler } from "@remix-run/node";

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
