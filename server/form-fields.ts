/**
 * Counts a form body's fields and files as its bytes stream past, so a form with too many is
 * refused before anything parses it into FormData. It never under-counts what the parsers behind
 * it (Remix's multipart parser, undici's request.formData()) will make of the same bytes:
 * - application/x-www-form-urlencoded: a field per `&`, plus one;
 * - multipart/form-data: a part at every `--boundary` not followed by `--` (Remix's parser splits
 *   there even without the CRLF the standard puts before it), a file when its headers name a
 *   `filename`. Where the two parsers read the boundary differently (a quoted one), both are counted.
 */

/** The most a request may carry: text fields (urlencoded pairs or multipart parts without a file name) and files. */
export type FormShapeLimits = { fields: number; files: number };

/** Which limit a body passed, or that its part headers never ended. */
export type FormShapeProblem = "fields" | "files" | "part-headers";

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

  constructor(boundary: string) {
    this.needle = Buffer.from(`--${boundary}`, "latin1");
  }

  /** Adds the parts this chunk completes to `counts`; "part-headers" when a part's headers run past their limit. */
  feed(chunk: Buffer, counts: Counts): "part-headers" | null {
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    for (;;) {
      if (this.inHeaders) {
        const end = data.indexOf(HEADERS_END, at);
        const next = data.indexOf(this.needle, at);
        if (end >= 0 && (next < 0 || end < next)) {
          if (FILE_NAME.test(data.toString("latin1", at, end))) counts.files++;
          else counts.fields++;
          this.inHeaders = false;
          at = end + HEADERS_END.length;
        } else if (next >= 0) {
          // Another boundary before these headers ended: a part of its own (the parsers refuse it; counting it is safe).
          counts.fields++;
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
      if (found < 0) {
        this.pending = data.subarray(Math.max(at, data.length - this.needle.length + 1));
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
    return {
      feed(chunk) {
        if (fields === 0 && chunk.length) fields = 1;
        for (let at = chunk.indexOf(AMPERSAND); at >= 0; at = chunk.indexOf(AMPERSAND, at + 1)) fields++;
        return fields > limits.fields ? "fields" : null;
      },
    };
  }
  if (type !== "multipart/form-data") return null;
  const counters = boundariesOf(contentType ?? "").map((boundary) => ({
    counter: new MultipartCounter(boundary),
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
