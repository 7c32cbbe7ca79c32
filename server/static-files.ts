/**
 * The files served from disk, as remix-serve serves them: the build's assets (their
 * precompressed copies where there are some) cached for a year, public/ for an hour.
 * Each carries the security headers Remix's responses carry, with a policy that lets
 * nothing run or load (none of these files is a page; one added to public/ would need its own).
 */
import type { ServerResponse } from "node:http";

import express from "express";

import { setSecurityHeaders } from "~/utils/security-headers.server";

import { precompressed } from "./precompressed";

const setHeaders = (res: ServerResponse) => setSecurityHeaders(res);

export function staticFiles(build: { publicPath: string; assetsBuildDirectory: string }, publicDirectory = "public") {
  const router = express.Router();
  const buildAssets = { immutable: true, maxAge: "1y", setHeaders };
  router.use(build.publicPath, precompressed(build.assetsBuildDirectory, buildAssets));
  router.use(build.publicPath, express.static(build.assetsBuildDirectory, buildAssets));
  router.use(express.static(publicDirectory, { maxAge: "1h", setHeaders }));
  return router;
}
