/**
 * Sends the build's scripts and stylesheets in the compressed copies
 * scripts/optimize-assets.ts wrote beside them at build time: brotli when the
 * browser takes it, else zopfli's gzip, else the file itself (express.static,
 * next in line). Only files found at start-up are served this way, so a request
 * path never reaches the file system unchecked.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

import type { ServerResponse } from "node:http";

import type { RequestHandler } from "express";

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** URL path (from the mount point, "/"-separated) → file, for every file with both copies. */
function compressedFiles(root: string): Map<string, string> {
  const files = new Set(readdirSync(root, { recursive: true, encoding: "utf8" }));
  const found = new Map<string, string>();
  for (const file of files) {
    if (ENCODINGS.every(({ suffix }) => files.has(file + suffix))) {
      found.set(`/${file.split(path.sep).join("/")}`, path.resolve(root, file));
    }
  }
  return found;
}

/** Options as express.static takes them; setHeaders is called before a compressed copy is sent. */
type Options = { maxAge: string; immutable: boolean; setHeaders?: (res: ServerResponse) => void };

export function precompressed(root: string, { setHeaders, ...caching }: Options): RequestHandler {
  const files = compressedFiles(root);
  return (req, res, next) => {
    const file = (req.method === "GET" || req.method === "HEAD") && files.get(req.path);
    if (!file) return next();
    // Caches must keep one copy per encoding, whichever this answer is.
    res.vary("Accept-Encoding");
    const encoding = ENCODINGS.find(({ name }) => req.acceptsEncodings(name));
    if (!encoding) return next();
    res.type(path.extname(file));
    res.setHeader("Content-Encoding", encoding.name);
    setHeaders?.(res);
    res.sendFile(file + encoding.suffix, { ...caching, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
