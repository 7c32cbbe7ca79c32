import { PassThrough } from "node:stream";

import {
  createReadableStreamFromReadable,
  type ActionFunctionArgs,
  type EntryContext,
  type HandleDataRequestFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

import { config } from "~/config.server";
import { databaseHandle } from "~/db/db.server";
import { describeDatabaseError } from "~/db/errors.server";
import { setupConfiguredDatabase } from "~/db/setup.server";
import { carriesSession } from "~/utils/cookies.server";
import { crossSiteRefusal } from "~/utils/csrf.server";
import { logger } from "~/utils/logger.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { countMemoryLookup } from "~/utils/metrics.server";
import { keepPage, keptPage, renderKey } from "~/utils/page-cache.server";
import { withRequestFacts, type RequestFacts } from "~/utils/request-facts.server";
import { withRequestMemo } from "~/utils/request-memo.server";
import { serveWithCache } from "~/utils/response-cache.server";
import { applySecurityHeaders, createNonce, withSecurityHeaders } from "~/utils/security-headers.server";

export { closeDatabase } from "~/db/db.server";
export { listenForChanges } from "~/db/change-feed.server";
export { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/workers.server";
export { keptPublicJson } from "~/utils/response-cache.server";
export { logger } from "~/utils/logger.server";
export { countHttpRequest, metricsText } from "~/utils/metrics.server";
export { routeIds } from "~/utils/route-ids.server";

/**
 * What the production server (server/index.ts) asks instead of Remix alone, through the
 * build's entry module: cross-site form posts are refused, what can be answered from memory
 * is, and every answer (pages, resource routes, downloads, files, redirects) leaves with the
 * security headers (and answers made for a session with `Cache-Control: private, no-store`
 * unless they say otherwise), here in one place rather than in each route.
 */
export async function serve(request: Request, render: (request: Request) => Promise<Response>, facts?: RequestFacts): Promise<Response> {
  // The server's access log and metrics learn from `facts` what the app found out (who was signed in).
  if (facts) return withRequestFacts(facts, () => serve(request, render));
  const refusal = crossSiteRefusal(request);
  const response = refusal ?? (await withRequestMemo(request, () => serveWithCache(request, render)));
  // Whatever was made for a session (pages drawn or recalled, their data, redirects) stays out of the browser's caches.
  return withSecurityHeaders(response, carriesSession(request));
}

/**
 * Migrates, and seeds a new database, in the server's own process before it listens: one process
 * and one opening of the database instead of a setup script's before it (docs/decisions/031-fast-restarts.md).
 * The reason it failed (a database that cannot be reached fails the start, not the first visitor), or null.
 */
export async function prepareDatabase(): Promise<string | null> {
  const handle = databaseHandle();
  try {
    await setupConfiguredDatabase(handle);
    return null;
  } catch (error) {
    if (config.LOG_LEVEL === "debug") console.error(error);
    return `Database setup failed on ${handle.description}: ${describeDatabaseError(error)}`;
  }
}

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const key = renderKey(request, responseStatusCode, remixContext);
  const kept = key && keptPage(key, nonce);
  if (key) countMemoryLookup("drawn_page", kept !== null);
  if (kept) {
    // The page's data was made for a render that is not needed: let it go.
    void remixContext.serverHandoffStream?.cancel().catch(() => {});
    return new Response(kept, { headers: responseHeaders, status: responseStatusCode });
  }
  const { body, status } = await renderDocument(request, responseStatusCode, remixContext, nonce);
  if (!key || status !== responseStatusCode)
    return new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status });
  const html = await text(body);
  keepPage(key, html, nonce);
  return new Response(html, { headers: responseHeaders, status });
}

/**
 * The whole document at once, for browsers and bots alike: parts the pages load on demand
 * (React.lazy, e.g. the place picker) are then in the HTML itself, where visitors without
 * JavaScript see them. Streaming would send them after the shell, for a script to put in place.
 * (No loader defers data, so waiting costs nothing.)
 */
function renderDocument(request: Request, statusCode: number, remixContext: EntryContext, nonce: string) {
  return new Promise<{ body: PassThrough; status: number }>((resolve, reject) => {
    let shellRendered = false;
    let status = statusCode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          resolve({ body, status });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors after the shell are already reported through handleError.
          if (shellRendered) logger.error({ err: error }, "error while rendering");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

async function text(stream: PassThrough): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

/**
 * What Remix reports, as an Error, for every `?_data=` request (the data requests of Remix before
 * single fetch, which only old scripts, crawlers and scanners still send). Remix answers them
 * itself, with the loader's answer or a JSON error and never a stack; nothing went wrong here.
 */
const OLD_DATA_REQUEST_WARNING = "Single fetch-enabled apps should not be making ?_data requests";

/** Unexpected errors are logged once, here; expected ones are thrown Responses. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (error instanceof Response || isRouteErrorResponse(error)) return;
  if (error instanceof Error && error.message.includes(OLD_DATA_REQUEST_WARNING)) return;
  logger.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "unexpected error");
}
