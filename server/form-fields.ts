/**
 * Counts a form body's fields and files as its bytes stream past, and measures each text field,
 * so a form with too many, or too long a field, is refused before anything parses it into
 * FormData. It never under-counts what the parsers behind it (Remix's multipart parser, undici's
 * request.formData()) will make of the same bytes:
 * - application/x-www-form-urlencoded: a field per `&`, plus one, as long as its bytes between them;
 * - multipart/form-data: a part at every `--boundary` not followed by `--` (Remix's parser splits
 *   there even without the CRLF the standard puts before it), a file when its headers name a
 *   `filename`. Where the two parsers read the boundary differently (a quoted one), both are counted.
 */

/**
 * The most a request may carry: text fields (urlencoded pairs or multipart parts without a file
 * name), files, and bytes in one text field (as sent: percent-encoded, or a part's content).
 */
export type FormShapeLimits = { fields: number; files: number; fieldBytes: number };

/** Which limit a body passed, or that its part headers never ended. */
export type FormShapeProblem = "fields" | "files" | "field-bytes" | "part-headers";

/** Bytes of one part's headers at most (a name and a file name take a few hundred). */
export const PART_HEADERS_MAX_BYTES = 16 * 1024;

const AMPERSAND = 0x26;
const DASH = 0x2d;
const HEADERS_END = Buffer.from("\r\n\r\n");
const FILE_NAME = /;\s*filename\*?\s*=/i;

type Counts = { fields: number; files: number };

/** A multipart body's parts, counted at each occurrence of one boundary. */
class MultipartCounter {
  private readonly needle: Buffer;
  /** Bytes of the last chunk not decided on yet: a boundary's start, or a part's headers so far. */
  private pending: Buffer = Buffer.alloc(0);
  private inHeaders = false;
  /** Bytes so far of the text part being read; null in a file's part, or before the first part. */
  private textBytes: number | null = null;

  constructor(
    boundary: string,
    private readonly fieldBytes: number,
  ) {
    this.needle = Buffer.from(`--${boundary}`, "latin1");
  }

  /**
   * Adds the parts this chunk starts to `counts`; "field-bytes" when a text part passes the limit
   * on its bytes, "part-headers" when a part's headers run past theirs.
   */
  feed(chunk: Buffer, counts: Counts): "field-bytes" | "part-headers" | null {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    for (;;) {
      if (this.inHeaders) {
        const end = data.indexOf(HEADERS_END, at);
        const next = data.indexOf(this.needle, at);
        if (end >= 0 && (next < 0 || end < next)) {
          const isFile = FILE_NAME.test(data.toString("latin1", at, end));
          if (isFile) counts.files++;
          else counts.fields++;
          this.textBytes = isFile ? null : 0;
          this.inHeaders = false;
          at = end + HEADERS_END.length;
        } else if (next >= 0) {
          // Another boundary before these headers ended: a part of its own (the parsers refuse it; counting it is safe).
          counts.fields++;
          this.textBytes = null;
          this.inHeaders = false;
          at = next;
        } else {
          if (data.length - at > PART_HEADERS_MAX_BYTES) return "part-headers";
          this.pending = data.subarray(at);
          return null;
        }
        continue;
      }
      const found = data.indexOf(this.needle, at);
      // The part's bytes up to the boundary, or up to what is kept for the next chunk (counted then).
      const partEnd = found >= 0 ? found : Math.max(at, data.length - this.needle.length + 1);
      if (this.textBytes !== null) {
        this.textBytes += partEnd - at;
        // The CRLF before a boundary is the delimiter's, not the field's.
        if (this.textBytes > this.fieldBytes + 2) return "field-bytes";
      }
      if (found < 0) {
        this.pending = data.subarray(partEnd);
        return null;
      }
      const after = found + this.needle.length;
      if (data.length - after < 2) {
        // Whether `--` (the end) follows is in the next chunk.
        this.pending = data.subarray(found);
        return null;
      }
      if (data[after] === DASH && data[after + 1] === DASH) at = after + 2;
      else {
        this.inHeaders = true;
        at = after;
      }
    }
  }
}

/** The boundary as Remix reads it (everything after `boundary=`) and as the standard does (a token or a quoted string). */
function boundariesOf(contentType: string): string[] {
  const remix = contentType.split(/\s*;\s*boundary=/)[1];
  const standard = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(contentType);
  const parsed = standard ? (standard[1]?.replace(/\\(.)/g, "$1") ?? standard[2]) : undefined;
  return [...new Set([remix, parsed].filter((boundary): boundary is string => Boolean(boundary)))];
}

export type FormFieldCounter = {
  /** Counts a chunk; the limit it passed, or null while the body is within them. */
  feed(chunk: Buffer): FormShapeProblem | null;
};

/** A counter for a body of this Content-Type, or null when the body is not a form (JSON, CSV, …). */
export function formFieldCounter(contentType: string | undefined, limits: FormShapeLimits): FormFieldCounter | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") {
    let fields = 0;
    let fieldBytes = 0;
    return {
      feed(chunk) {
        if (fields === 0 && chunk.length) fields = 1;
        let from = 0;
        for (let at = chunk.indexOf(AMPERSAND); at >= 0; at = chunk.indexOf(AMPERSAND, at + 1)) {
          if (fieldBytes + at - from > limits.fieldBytes) return "field-bytes";
          fieldBytes = 0;
          from = at + 1;
          if (++fields > limits.fields) return "fields";
        }
        fieldBytes += chunk.length - from;
        return fieldBytes > limits.fieldBytes ? "field-bytes" : null;
      },
    };
  }
  if (type !== "multipart/form-data") return null;
  const counters = boundariesOf(contentType ?? "").map((boundary) => ({
    counter: new MultipartCounter(boundary, limits.fieldBytes),
    counts: { fields: 0, files: 0 },
  }));
  return {
    feed(chunk) {
      for (const { counter, counts } of counters) {
        const problem = counter.feed(chunk, counts);
        if (problem) return problem;
        if (counts.files > limits.files) return "files";
        if (counts.fields > limits.fields) return "fields";
      }
      return null;
    },
  };
}
