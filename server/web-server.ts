/**
 * The production server: Express in front of the Remix build, serving what
 * remix-serve serves (gzip, build assets cached for a year, public files; the
 * build's scripts and styles in their precompressed brotli or zopfli copies), plus
 * what remix-serve cannot do: the visitor's address comes from the socket (or
 * from the TRUST_PROXY proxies in front), request bodies over their limit get a 413
 * before Remix reads them (server/body-limit.ts), every file carries the security
 * headers, cross-site form posts get a 403 rather than Remix's 500, and first-time
 * visitors of public pages and public JSON are answered from memory
 * (app/utils/response-cache.server.ts).
 */
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { watch } from "node:fs";

import { broadcastDevReady, createRequestHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import express from "express";

import type { Config } from "~/config.server";
import type * as entry from "~/entry.server";

import { metricsEndpoint } from "./metrics-endpoint";
import { observeRequests, observedRequest } from "./observe";

type Build = ServerBuild & { entry: { module: typeof entry } };

const BUILD_PATH = path.resolve("build/index.js");

/**
 * Loads each new build the dev compiler writes (it writes build/version.txt last), as a module of its
 * own: what the app keeps for the whole process (the database, the job workers) lives on globalThis,
 * so the new modules reuse it rather than open a second PGlite.
 */
function watchBuild(onBuild: (build: Build) => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  watch(path.dirname(BUILD_PATH), (_event, file) => {
    if (file !== "version.txt") return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      try {
        await onBuild((await import(`${pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`)) as Build);
      } catch (error) {
        console.error("[dev] could not load the new build:", error);
      }
    }, 50);
  });
}

/** Serves until SIGTERM or SIGINT (or, in one of several processes, until the primary goes away). */
export async function startWebServer(config: Config) {
  // These read the configuration too.
  const { staticFiles } = await import("./static-files");
  const { answerExpectContinue, limitBodies } = await import("./body-limit");
  const { fetchRequest, requestUrl, sendBytes, sendResponse } = await import("./fetch-bridge");

  let build = (await import(pathToFileURL(BUILD_PATH).href)) as Build;
  installGlobals({ nativeFetch: true });
  let handleRequest = createRequestHandler(build, config.NODE_ENV);

  const { logger } = build.entry.module;
  const production = config.NODE_ENV === "production";
  // Metrics are counted only where they can be read: with METRICS_TOKEN, or outside production.
  const metricsOn = Boolean(config.METRICS_TOKEN) || !production;
  let routeIdOf = build.entry.module.routeIds(build.routes);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  // Before the request log: a scrape every few seconds is not a visitor.
  app.get("/metrics", metricsEndpoint({ token: config.METRICS_TOKEN, production, ownMetrics: build.entry.module.metricsText }));
  app.use(observeRequests({ logger, countHttpRequest: metricsOn ? build.entry.module.countHttpRequest : undefined }));
  // Compressed (gzip or br) as remix-serve does: files here, Remix's answers in sendResponse.
  app.use(staticFiles(build));
  // What passes the files is answered by a Remix route (or by none).
  app.use((req, res, next) => {
    observedRequest(res)!.route = routeIdOf(req.path);
    next();
  });
  app.use(limitBodies);

  // Public JSON the response cache holds (the same for every asker, with every security header) is
  // written as it is, before a Fetch API Request and Response are made for it.
  app.use((req, res, next) => {
    if (req.method !== "GET" || !req.path.startsWith("/api/")) return next();
    let kept = null;
    try {
      kept = build.entry.module.keptPublicJson(new URL(requestUrl(req, config.TRUST_PROXY)).href);
    } catch {
      // An address that does not parse goes on to the Fetch API request, which refuses it as before.
    }
    if (kept) sendBytes(res, kept);
    else next();
  });

  app.all("*", async (req, res, next) => {
    try {
      const response = await build.entry.module.serve(
        fetchRequest(req, res, config.TRUST_PROXY),
        (request) => handleRequest(request),
        observedRequest(res),
      );
      await sendResponse(response, res);
    } catch (error) {
      next(error);
    }
  });

  // Migrated (and seeded when new) before anything uses the database; several processes take turns.
  const setupProblem = await build.entry.module.prepareDatabase();
  if (setupProblem) {
    console.error(setupProblem);
    process.exit(1);
  }
  // Background jobs (mail, SMS, scheduled posts) run in every server process, sharing the queue in the database.
  await build.entry.module.startBackgroundJobs();
  // What another process changes (the feed, posts, prices, settings), this one forgets too.
  await build.entry.module.listenForChanges();

  const server = app.listen(config.PORT, config.HOST, () => {
    const which = cluster.isWorker ? ` process ${cluster.worker!.id} (pid ${process.pid})` : "";
    console.log(`[server]${which} http://${config.HOST}:${config.PORT} (${config.NODE_ENV}), public address ${config.PUBLIC_ORIGIN}`);
  });
  answerExpectContinue(server, app);
  if (config.NODE_ENV === "development" && process.env.REMIX_DEV_ORIGIN) {
    // Under `remix dev --manual` (npm run dev): the new build is loaded in place, and the browser reloads.
    server.once("listening", () => broadcastDevReady(build));
    watchBuild((next) => {
      build = next;
      handleRequest = createRequestHandler(next, config.NODE_ENV);
      routeIdOf = next.entry.module.routeIds(next.routes);
      return broadcastDevReady(next);
    });
  }
  // On shutdown, requests under way finish, then the database closes.
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close(async () => {
      await build.entry.module.stopBackgroundJobs();
      await build.entry.module.closeDatabase();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  // Not once: a second signal (the primary passing on what the whole group got) must not end the process abruptly.
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, stop);
  // A process of several stops with the primary that started it (killed, it cannot pass a signal on).
  if (cluster.isWorker) process.once("disconnect", stop);
}
