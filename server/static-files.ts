/**
 * The files served from disk, as remix-serve serves them: the build's assets (their
 * precompressed copies where there are some) cached for a year, public/ for an hour.
 * Each carries the security headers Remix's responses carry, with a policy that lets
 * nothing run or load (none of these files is a page; one added to public/ would need its own).
 */
import { readdirSync } from "node:fs";
import type { ServerResponse } from "node:http";

import compression from "compression";
import express, { type RequestHandler } from "express";

import { setSecurityHeaders } from "~/utils/security-headers.server";

import { precompressed } from "./precompressed";

const setHeaders = (res: ServerResponse) => setSecurityHeaders(res);

export function staticFiles(build: { publicPath: string; assetsBuildDirectory: string }, publicDirectory = "public") {
  const router = express.Router();
  const buildAssets = { immutable: true, maxAge: "1y", setHeaders };
  // Compressed as they are sent, those without precompressed copies (an icon sprite, a map file).
  const compress = compression();
  router.use(build.publicPath, precompressed(build.assetsBuildDirectory, buildAssets));
  router.use(build.publicPath, compress, express.static(build.assetsBuildDirectory, buildAssets));
  const publicFiles = express.static(publicDirectory, { maxAge: "1h", setHeaders });
  router.use(onlyUnder(publicDirectory, (req, res, next) => compress(req, res, () => publicFiles(req, res, next))));
  return router;
}

/**
 * `serve` for the paths that start with a name in `directory` (as it is at start-up, with the build
 * in it): every other request (pages, /api) goes on at once rather than after a failed stat.
 */
function onlyUnder(directory: string, serve: RequestHandler): RequestHandler {
  const names = new Set(readdirSync(directory));
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1];
    let name: string;
    try {
      name = decodeURIComponent(first);
    } catch {
      // Not a name at all: express.static answers it as it would have.
      return serve(req, res, next);
    }
    return names.has(name) ? serve(req, res, next) : next();
  };
}
