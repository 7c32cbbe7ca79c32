import { describe, expect, it } from "vitest";

import { formFieldCounter, type FormShapeLimits } from "../../server/form-fields";

const LIMITS: FormShapeLimits = { fields: 200, files: 1, fieldBytes: 64 * 1024 };

/** A form as fetch encodes it (multipart by FormData, urlencoded by URLSearchParams): its Content-Type and bytes. */
async function encoded(body: FormData | URLSearchParams) {
  const response = new Response(body);
  return { type: response.headers.get("Content-Type")!, bytes: Buffer.from(await response.arrayBuffer()) };
}

function form(fields: number, files = 0) {
  const data = new FormData();
  for (let index = 0; index < fields; index++) data.append(`field${index}`, `value ${index}`);
  for (let index = 0; index < files; index++) data.append("file", new File(["a,b\n1,2\n"], `list${index}.csv`, { type: "text/csv" }));
  return data;
}

/** What the counter says of a body fed in pieces of `size` bytes: the first problem, or null. */
function count(type: string, bytes: Buffer, size: number, limits = LIMITS) {
  const counter = formFieldCounter(type, limits);
  if (!counter) return "not a form";
  for (let at = 0; at < bytes.length; at += size) {
    const problem = counter.feed(bytes.subarray(at, at + size));
    if (problem) return problem;
  }
  return null;
}

describe("counting a form's fields as it streams (server/form-fields.ts)", () => {
  it("lets 200 fields and a file through, and refuses the 201st field or the 2nd file, however the bytes are cut", async () => {
    const ok = await encoded(form(200, 1));
    const manyFields = await encoded(form(201, 1));
    const manyFiles = await encoded(form(10, 2));
    for (const size of [1, 7, 64, 65_536]) {
      expect(count(ok.type, ok.bytes, size), `pieces of ${size}`).toBeNull();
      expect(count(manyFields.type, manyFields.bytes, size), `pieces of ${size}`).toBe("fields");
      expect(count(manyFiles.type, manyFiles.bytes, size), `pieces of ${size}`).toBe("files");
    }
  });

  it("counts urlencoded fields by their separators", async () => {
    const fields = (n: number) => new URLSearchParams(Array.from({ length: n }, (_, index) => [`f${index}`, "x"]));
    const ok = await encoded(fields(200));
    const tooMany = await encoded(fields(201));
    for (const size of [1, 100, 65_536]) {
      expect(count(ok.type, ok.bytes, size)).toBeNull();
      expect(count(tooMany.type, tooMany.bytes, size)).toBe("fields");
    }
    expect(count("application/x-www-form-urlencoded;charset=UTF-8", Buffer.from("&".repeat(10_000)), 4096)).toBe("fields");
  });

  it("refuses any file where a route takes none, even an empty file input", () => {
    // As a browser sends a file input left empty.
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nAsha\r\n' +
        '--b\r\nContent-Disposition: form-data; name="photo"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n',
    );
    expect(count("multipart/form-data; boundary=b", body, 65_536, { ...LIMITS, files: 0 })).toBe("files");
    expect(count("multipart/form-data; boundary=b", body, 65_536, LIMITS)).toBeNull();
  });

  it("counts parts the way the most lenient parser splits them: a boundary without its CRLF, and a quoted boundary both ways", () => {
    const parts = (separator: string, n: number) =>
      Buffer.from(
        Array.from({ length: n }, (_, index) => `${separator}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\nv`).join("") +
          `${separator}--\r\n`,
      );
    // Remix's parser splits at '--b' alone; the standard wants '\r\n--b'.
    expect(count("multipart/form-data; boundary=b", parts("--b", 201), 10)).toBe("fields");
    expect(count("multipart/form-data; boundary=b", parts("--b", 200), 10)).toBeNull();
    // Remix reads the quotes as part of the boundary, undici does not: either way the parts are counted.
    expect(count('multipart/form-data; boundary="b"', parts("--b", 201), 10)).toBe("fields");
    expect(count('multipart/form-data; boundary="b"', parts('--"b"', 201), 10)).toBe("fields");
  });

  it("measures each text field: 64 KB passes, a byte more is refused in either encoding; a file's bytes are not a field's", async () => {
    const text = (bytes: number) => {
      const data = new FormData();
      data.append("name", "Asha");
      data.append("notes", "n".repeat(bytes));
      return data;
    };
    const fits = await encoded(text(64 * 1024));
    const over = await encoded(text(64 * 1024 + 1));
    const urlencoded = (bytes: number) => encoded(new URLSearchParams({ name: "Asha", notes: "n".repeat(bytes - "notes=".length) }));
    const fitsUrl = await urlencoded(64 * 1024);
    const overUrl = await urlencoded(64 * 1024 + 1);
    const bigFile = new FormData();
    bigFile.append("file", new File(["x".repeat(1024 * 1024)], "list.csv"));
    const file = await encoded(bigFile);
    for (const size of [1, 1000, 65_536]) {
      expect(count(fits.type, fits.bytes, size), `pieces of ${size}`).toBeNull();
      expect(count(over.type, over.bytes, size), `pieces of ${size}`).toBe("field-bytes");
      expect(count(fitsUrl.type, fitsUrl.bytes, size), `pieces of ${size}`).toBeNull();
      expect(count(overUrl.type, overUrl.bytes, size), `pieces of ${size}`).toBe("field-bytes");
      expect(count(file.type, file.bytes, size), `pieces of ${size}`).toBeNull();
    }
  });

  it("refuses part headers that never end, and ignores bodies that are not forms", () => {
    const endless = Buffer.from(`--b\r\nContent-Disposition: form-data; name="${"x".repeat(20_000)}"`);
    expect(count("multipart/form-data; boundary=b", endless, 1024)).toBe("part-headers");
    expect(count("application/json", Buffer.from("{}"), 10)).toBe("not a form");
    expect(count("text/csv", Buffer.from("a,b"), 10)).toBe("not a form");
  });
});
