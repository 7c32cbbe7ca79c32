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
import { verifyDatabaseAtStart } from "~/models/health.server";
import { crossSiteRefusal } from "~/utils/csrf.server";
import { NonceProvider } from "~/utils/nonce-provider";
import { serveWithCache } from "~/utils/response-cache.server";
import { applySecurityHeaders, createNonce, withSecurityHeaders } from "~/utils/security-headers.server";

export { closeDatabase } from "~/db/db.server";
export { startBackgroundJobs, stopBackgroundJobs } from "~/jobs/workers.server";
export { listenForFeedChanges } from "~/models/feed-cache.server";

/**
 * What the production server (server/index.ts) asks instead of Remix alone, through the
 * build's entry module: cross-site form posts are refused, what can be answered from memory
 * is, and every answer (pages, resource routes, downloads, files, redirects) leaves with the
 * security headers, here in one place rather than in each route.
 */
export async function serve(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
  const refusal = crossSiteRefusal(request);
  return withSecurityHeaders(refusal ?? (await serveWithCache(request, render)));
}

const ABORT_DELAY = 5_000;

// Fail the start, not the first visitor, when the database cannot be reached.
if (config.NODE_ENV !== "test") verifyDatabaseAtStart();

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = createNonce();
  applySecurityHeaders(responseHeaders, nonce);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // The whole document at once, for browsers and bots alike: parts the pages load on demand
        // (React.lazy, e.g. the first-visit message) are then in the HTML itself, where visitors
        // without JavaScript see them. Streaming would send them after the shell, for a script to
        // put in place. (No loader defers data, so waiting costs nothing.)
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already reported through handleError.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  return response;
};

/** Unexpected errors are logged once, here; expected ones are thrown Responses. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  if (error instanceof Response || isRouteErrorResponse(error)) return;
  console.error(`[error] ${request.method} ${new URL(request.url).pathname}:`, error);
}
