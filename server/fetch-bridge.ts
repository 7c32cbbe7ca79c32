/** Between Express and the Fetch API Remix speaks: what @remix-run/express does, plus the client address. */
import { ReadableStream } from "node:stream/web";

import { writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

import { limitedBody } from "./body-limit";

/** The Fetch API request Remix handles, as @remix-run/express builds it. */
export function fetchRequest(req: ExpressRequest, res: ExpressResponse, trustProxy: number): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // The app reads the visitor's address from X-Forwarded-For (clientIp): make it the
  // address Express worked out (`trust proxy`), never what the client claims.
  headers.delete("X-Real-IP");
  if (req.ip) headers.set("X-Forwarded-For", req.ip);
  else headers.delete("X-Forwarded-For");
  if (trustProxy === 0) {
    // Nobody in front to vouch for them: the request's URL and origin come from Host alone.
    headers.delete("X-Forwarded-Host");
    headers.delete("X-Forwarded-Proto");
  }

  const controller = new AbortController();
  // Loaders and actions stop when the visitor goes away before the response is complete,
  // or when the body passes its limit (the 413 is then the answer).
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const host = (trustProxy > 0 && req.get("X-Forwarded-Host")) || req.get("host") || "localhost";
  return new Request(`${req.protocol}://${host}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: ReadableStream.from(limitedBody(req, res, () => controller.abort())), duplex: "half" } : {}),
  } as RequestInit);
}

/** Writes Remix's answer to Express's response, streaming the body. */
export async function sendResponse(response: Response, res: ExpressResponse) {
  // The body limit has answered already (413): Remix's answer to the cut-off request is dropped.
  if (res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
