/** Between Express and the Fetch API Remix speaks: what @remix-run/express does, plus the client address. */
import { ReadableStream } from "node:stream/web";

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

/**
 * Writes Remix's answer to Express's response, streaming the body. The next piece is read only
 * once the connection has taken the last (Remix's own writer reads on regardless), so a slow
 * client of a big download never makes the server hold the whole file; a client that goes away
 * stops the reading (an export stops querying).
 */
export async function sendResponse(response: Response, res: ExpressResponse) {
  // The body limit has answered already (413): Remix's answer to the cut-off request is dropped.
  if (res.headersSent) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (response.body) await writeWithBackpressure(response.body, res);
  else res.end();
}

async function writeWithBackpressure(body: NonNullable<Response["body"]>, res: ExpressResponse & { flush?: () => void }) {
  const reader = body.getReader();
  let closed = false;
  let wake: (() => void) | undefined;
  // One listener of each for the whole response: compression's res.on("drain") listens on its zlib
  // stream, where a listener per write could not be removed again.
  res.on("drain", () => wake?.());
  res.on("close", () => {
    closed = true;
    wake?.();
  });
  try {
    // A body that comes in one piece (JSON, a page kept in memory) goes out in one res.end with its
    // length told, so compression leaves a small one alone (its threshold), and it is one write.
    const first = await reader.read();
    const second = first.done ? first : await reader.read();
    if (second.done) {
      if (first.value && !res.hasHeader("Content-Length")) res.setHeader("Content-Length", first.value.byteLength);
      res.end(first.value);
      return;
    }
    const readAhead = [first.value, second.value];
    for (;;) {
      if (closed) {
        await reader.cancel();
        return;
      }
      let value = readAhead.shift();
      if (value === undefined) {
        const piece = await reader.read();
        if (piece.done) break;
        value = piece.value;
      }
      const roomForMore = res.write(value);
      // Streamed HTML and downloads leave the compressor at once rather than when its buffer fills.
      res.flush?.();
      if (!roomForMore && !closed) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    res.end();
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}
