import { randomUUID } from "node:crypto";

import type { RequestHandler } from "express";
import type { Logger } from "pino";

import type { RequestFacts } from "~/utils/request-facts.server";

/** What a request is known by: its id, the Remix route that answered ("static" for files), and what the app found out. */
export type ObservedRequest = RequestFacts & { requestId: string; route: string };

/** An id a proxy or client sent that is safe to repeat in headers and logs; anything else is replaced. */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

type Options = {
  logger: Logger;
  /** Counts the answered request (GET /metrics); left out when metrics are off. */
  countHttpRequest?: (route: string, method: string, status: number, seconds: number) => void;
};

/**
 * Every request gets an id (the caller's X-Request-Id when well-formed, else a new UUID), sent back
 * as X-Request-Id; when its answer is done, one access line (JSON) says what was asked, which route
 * answered, how, how long it took and who asked, and it is counted for /metrics. Runs first, so
 * files and refusals are counted too.
 */
export function observeRequests({ logger, countHttpRequest }: Options): RequestHandler {
  return (req, res, next) => {
    const start = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && WELL_FORMED_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    const observed: ObservedRequest = { requestId, route: "static" };
    res.locals.observed = observed;
    // 'close' comes whether the answer was sent whole or the client went away first.
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const status = res.writableFinished ? res.statusCode : 499;
      countHttpRequest?.(observed.route, req.method, status, seconds);
      if (!logger.isLevelEnabled("info") && status < 500) return;
      logger[status >= 500 ? "error" : "info"](
        {
          requestId,
          method: req.method,
          url: req.originalUrl,
          route: observed.route,
          status,
          durationMs: Math.round(seconds * 1e4) / 10,
          bytes: Number(res.getHeader("Content-Length")) || undefined,
          userId: observed.userId,
        },
        "request",
      );
    });
    next();
  };
}

/** The request's facts, for the route id and the Remix handler to fill in. */
export function observedRequest(res: { locals: Record<string, unknown> }): ObservedRequest | undefined {
  return res.locals.observed as ObservedRequest | undefined;
}
