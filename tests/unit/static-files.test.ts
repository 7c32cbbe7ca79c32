import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { optimizeAsset } from "../../scripts/optimize-assets";
import { expectSecurityHeadersOfNonPage } from "../support/security-headers";

let dir: string;
let close: (() => void) | undefined;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "static-files-"));
  mkdirSync(path.join(dir, "public", "build"), { recursive: true });
  writeFileSync(path.join(dir, "public", "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    path.join(dir, "public", "build", "entry.js"),
    `export const greet = (name) => "Hello, " + name;\n${"// a comment\n".repeat(40)}`,
  );
  writeFileSync(path.join(dir, "public", "build", "plain.txt"), "no compressed copies");
  await optimizeAsset(path.join(dir, "public", "build", "entry.js"), path.join(dir, ".cache"));
});

afterEach(() => {
  close?.();
  vi.unstubAllEnvs();
  vi.resetModules();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The server's static files, mounted as server/web-server.ts mounts them, with this PUBLIC_URL. */
async function start(publicUrl?: string) {
  vi.stubEnv("PUBLIC_URL", publicUrl);
  vi.resetModules();
  const { staticFiles } = await import("../../server/static-files");
  const app = express();
  app.use(staticFiles({ publicPath: "/build/", assetsBuildDirectory: path.join(dir, "public", "build") }, path.join(dir, "public")));
  app.use((_req, res) => res.status(404).send("not a file"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// One per way a file is served: public/, a build asset in its brotli copy, a build asset as it is.
const FILES = [
  ["/favicon.svg", {}],
  ["/build/entry.js", { "Accept-Encoding": "br" }],
  ["/build/plain.txt", {}],
] as const;

describe("static files (server/static-files.ts)", () => {
  it("carry the security headers every response carries, with a policy that lets them run nothing", async () => {
    const base = await start();
    for (const [file, headers] of FILES) {
      const response = await fetch(`${base}${file}`, { headers });
      expect(response.status, file).toBe(200);
      expectSecurityHeadersOfNonPage(response, file);
      expect(response.headers.has("Strict-Transport-Security"), file).toBe(false);
    }
    const brotli = await fetch(`${base}/build/entry.js`, { headers: { "Accept-Encoding": "br" } });
    expect(brotli.headers.get("Content-Encoding")).toBe("br");
  });

  it("tell browsers to keep to https when the site is served over https", async () => {
    const base = await start("https://isent.example.in");
    for (const [file, headers] of FILES) {
      const response = await fetch(`${base}${file}`, { headers });
      expect(response.headers.get("Strict-Transport-Security"), file).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("look for no file on disk for a page or /api, only for names public/ has", async () => {
    const base = await start();
    const stat = vi.spyOn(fs, "stat");
    for (const pathname of ["/", "/api/health", "/contacts", "/favicon.svg.txt", "/%E0%A4"]) {
      const response = await fetch(`${base}${pathname}`);
      expect(response.status, pathname).toBe(404);
    }
    expect(stat).not.toHaveBeenCalled();
    expect((await fetch(`${base}/favicon.svg`)).status).toBe(200);
    expect(stat).toHaveBeenCalled();
  });
});
