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
 * Writes Remix's answer to Express's response, streaming the body. At most one piece is read
 * ahead of what the connection has taken (Remix's own writer reads on regardless), so a slow
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

/** Pieces that come together are sent together, up to this much at once. */
const BATCH_BYTES = 256 * 1024;

/** Whether a read is settled by the time the event loop turns: the body has more ready, or ends. */
function settlesAtOnce(read: Promise<unknown>): Promise<boolean> {
  return Promise.race([
    read.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setImmediate(resolve, false)),
  ]);
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
  // What the body gives at once (a page React rendered whole comes in dozens of pieces) goes out as
  // one write: compressed in one go and flushed once, not piece by piece. A body that is whole
  // before it first pauses (JSON, a page) goes out in one res.end with its length told, so
  // compression leaves a small one alone (its threshold).
  let batch: Uint8Array[] = [];
  let batchBytes = 0;
  let started = false;
  const takeBatch = () => {
    const bytes = batch.length === 1 ? batch[0] : Buffer.concat(batch);
    batch = [];
    batchBytes = 0;
    return bytes;
  };
  try {
    let next = reader.read();
    for (;;) {
      if (closed) {
        await reader.cancel();
        return;
      }
      const piece = await next;
      if (piece.done) break;
      batch.push(piece.value);
      batchBytes += piece.value.byteLength;
      next = reader.read();
      if (batchBytes < BATCH_BYTES && (await settlesAtOnce(next))) continue;
      started = true;
      const roomForMore = res.write(takeBatch());
      // Streamed HTML and downloads leave the compressor when the body pauses, not when its buffer fills.
      res.flush?.();
      if (!roomForMore && !closed) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
    }
    if (started) {
      if (batch.length > 0) res.write(takeBatch());
      res.end();
      return;
    }
    const whole = batch.length > 0 ? takeBatch() : undefined;
    if (whole && !res.hasHeader("Content-Length")) res.setHeader("Content-Length", whole.byteLength);
    res.end(whole);
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}
