import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { assetFiles, optimizeAsset } from "../../scripts/optimize-assets";
import { precompressed } from "../../server/precompressed";

const script = `
export function greet(name) {
  const greeting = "Hello, " + name;
  // a comment the minifier drops
  return greeting + "!";
}
export const unused = [1, 2, 3].map((value) => value * 2);
`;

let dir: string;
let base: string;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "precompressed-"));
  mkdirSync(path.join(dir, "_shared"));
  writeFileSync(path.join(dir, "_shared", "chunk.js"), script);
  writeFileSync(path.join(dir, "style.css"), "body { color: red; }\n".repeat(50));
  writeFileSync(path.join(dir, "notes.txt"), "not an asset");
  for (const file of await assetFiles(dir)) await optimizeAsset(file, path.join(dir, ".cache"));

  // The way server/static-files.ts mounts it: in front of express.static, under the public path.
  const app = express();
  const caching = { immutable: true, maxAge: "1y" };
  app.use("/build", precompressed(dir, caching));
  app.use("/build", express.static(dir, caching));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close?.();
  rmSync(dir, { recursive: true, force: true });
});

/** The response as sent: headers and the undecoded body. */
function request(urlPath: string, acceptEncoding?: string, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    get(`${base}${urlPath}`, { headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("the build step (scripts/optimize-assets.ts)", () => {
  it("minifies scripts without changing what they do, and leaves other files alone", async () => {
    const minified = readFileSync(path.join(dir, "_shared", "chunk.js"), "utf8");
    expect(minified.length).toBeLessThan(script.length);
    expect(minified).not.toContain("a comment");
    const module = await import(`data:text/javascript,${encodeURIComponent(minified)}`);
    expect(module.greet("Asha")).toBe("Hello, Asha!");
    expect(module.unused).toEqual([2, 4, 6]);
    expect(readFileSync(path.join(dir, "notes.txt"), "utf8")).toBe("not an asset");
    expect(() => readFileSync(path.join(dir, "notes.txt.gz"))).toThrow();
  });

  it("writes gzip and brotli copies that decode to the file itself", () => {
    for (const file of [path.join(dir, "_shared", "chunk.js"), path.join(dir, "style.css")]) {
      const content = readFileSync(file);
      expect(gunzipSync(readFileSync(`${file}.gz`))).toEqual(content);
      expect(brotliDecompressSync(readFileSync(`${file}.br`))).toEqual(content);
    }
  });
});

describe("serving the compressed copies (server/precompressed.ts)", () => {
  const raw = () => readFileSync(path.join(dir, "_shared", "chunk.js"));

  it("sends brotli to a browser that takes it, as the same type and cached for a year", async () => {
    const response = await request("/build/_shared/chunk.js", "gzip, deflate, br, zstd");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(response.headers["vary"]).toBe("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(response.body)).toEqual(raw());
  });

  it("sends gzip when brotli is not accepted, or is refused with q=0", async () => {
    for (const accept of ["gzip", "br;q=0, gzip"]) {
      const response = await request("/build/_shared/chunk.js", accept);
      expect(response.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(response.body)).toEqual(raw());
    }
    const css = await request("/build/style.css", "gzip");
    expect(css.headers["content-type"]).toMatch(/^text\/css/);
    expect(gunzipSync(css.body)).toEqual(readFileSync(path.join(dir, "style.css")));
  });

  it("sends the file itself to a client that takes no compression, still varying by encoding", async () => {
    for (const accept of [undefined, "identity"]) {
      const response = await request("/build/_shared/chunk.js", accept);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers["vary"]).toBe("Accept-Encoding");
      expect(response.body).toEqual(raw());
    }
  });

  it("answers only for files it found at start-up: other paths fall through to the next handler", async () => {
    expect((await request("/build/notes.txt", "br")).body.toString()).toBe("not an asset");
    expect((await request("/build/missing.js", "br")).status).toBe(404);
    expect((await request("/build/_shared/../_shared/chunk.js.br", "br")).headers["content-encoding"]).toBeUndefined();
    expect((await request("/build/%2e%2e/etc/passwd", "br")).status).toBe(404);
  });
});
