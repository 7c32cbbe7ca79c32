/**
 * The floors under the production server's cost per request, for bench/middleware.ts --floors: an
 * Express app on PORT that answers
 *
 * - `/bridge`: a Fetch API Request made by server/fetch-bridge.ts and a small JSON Response sent
 *   back through it, with no Remix at all: what speaking the Fetch API costs;
 * - anything else: the build's Remix request handler alone, through the same bridge, without
 *   entry.server's `serve` (no response cache, kept pages, request memo or security headers on the
 *   way), and with no background jobs or listeners: what Remix itself costs on /api/health.
 *
 * Started by the bench with the server's environment (DATA_DIR or DATABASE_URL); not a product server.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import express from "express";

import { fetchRequest, sendResponse } from "../server/fetch-bridge";

const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
installGlobals({ nativeFetch: true });
const handleRequest = createRequestHandler(build, "production");

const app = express();
app.disable("x-powered-by");
app.all("*", async (req, res, next) => {
  try {
    const request = fetchRequest(req, res, 0);
    const response =
      req.path === "/bridge"
        ? new Response(JSON.stringify({ status: "ok" }), { headers: { "Content-Type": "application/json; charset=utf-8" } })
        : await handleRequest(request);
    await sendResponse(response, res);
  } catch (error) {
    next(error);
  }
});
const server = app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log(`[floor] listening on ${process.env.PORT}`));
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
