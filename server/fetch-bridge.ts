/** Between Express and the Fetch API Remix speaks: what @remix-run/express does, plus the client address. */
import { ReadableStream } from "node:stream/web";

import compressible from "compressible";
import compression from "compression";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

import { limitedBody } from "./body-limit";

/** Headers a client may not set: the server writes X-Forwarded-For itself (clientIp reads it). */
const CLIENT_ADDRESS_HEADERS = new Set(["x-forwarded-for", "x-real-ip"]);
/** Believed only from the proxies in front (TRUST_PROXY); with none, the URL and origin come from Host alone. */
const PROXY_HEADERS = new Set(["x-forwarded-host", "x-forwarded-proto"]);

/** The Fetch API request Remix handles, as @remix-run/express builds it. */
export function fetchRequest(req: ExpressRequest, res: ExpressResponse, trustProxy: number): Request {
  // Name-value pairs, checked once by the Request itself (a Headers object first would check them twice).
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || CLIENT_ADDRESS_HEADERS.has(name) || (trustProxy === 0 && PROXY_HEADERS.has(name))) continue;
    if (Array.isArray(value)) for (const item of value) headers.push([name, item]);
    else headers.push([name, value]);
  }
  // The address Express worked out (`trust proxy`), never what the client claims.
  if (req.ip) headers.push(["x-forwarded-for", req.ip]);

  const controller = new AbortController();
  // Loaders and actions stop when the visitor goes away before the response is complete,
  // or when the body passes its limit (the 413 is then the answer).
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(requestUrl(req, trustProxy), {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: ReadableStream.from(limitedBody(req, res, () => controller.abort())), duplex: "half" } : {}),
  } as RequestInit);
}

/** The address the request was for, as Remix sees it (a Request's `url` is this, parsed). */
export function requestUrl(req: ExpressRequest, trustProxy: number): string {
  const host = (trustProxy > 0 && req.get("X-Forwarded-Host")) || req.get("host") || "localhost";
  return `${req.protocol}://${host}${req.originalUrl}`;
}

/** An answer whose bytes are all there (the response cache's public JSON), written as sendResponse writes a whole body. */
export function sendBytes(res: ExpressResponse, answer: { status: number; headers: Iterable<[string, string]>; bytes: Buffer }) {
  writeHead(res, answer.status, "", answer.headers);
  endWhole(res, answer.bytes);
}

function writeHead(res: ExpressResponse, status: number, statusText: string, headers: Iterable<[string, string]>) {
  res.statusMessage = statusText;
  res.status(status);
  for (const [name, value] of headers) {
    if (name === "set-cookie") continue;
    // Content-Type through Express, which adds the charset of a text type that names none.
    if (name === "content-type" || res.hasHeader(name)) res.append(name, value);
    else res.setHeader(name, value);
  }
}

/** A body that is all there goes out in one res.end with its length told, compressed when it is worth it. */
function endWhole(res: ExpressResponse, whole: Uint8Array | undefined) {
  if (whole && !res.hasHeader("Content-Length")) res.setHeader("Content-Length", whole.byteLength);
  if (whole && whole.byteLength >= COMPRESSION_THRESHOLD_BYTES) compressFrom(res);
  else varyByEncoding(res);
  res.end(whole);
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
  writeHead(res, response.status, response.statusText, response.headers);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
  if (response.body) await writeWithBackpressure(response.body, res);
  else {
    varyByEncoding(res);
    res.end();
  }
}

/**
 * The compression middleware (br or gzip, as the client takes), put in front of a response only
 * when its body is worth compressing: bodies that come whole under its threshold (most JSON) skip
 * its work on every request. It still judges the type, Cache-Control: no-transform and the client.
 */
const compress = compression();
const COMPRESSION_THRESHOLD_BYTES = 1024;

function compressFrom(res: ExpressResponse) {
  compress(res.req, res, () => undefined);
}

/** What compression says of an answer it leaves alone for its size: it would have compressed a bigger one. */
function varyByEncoding(res: ExpressResponse) {
  const type = res.getHeader("Content-Type");
  const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""));
  if (typeof type === "string" && compressible(type) && !noTransform) res.vary("Accept-Encoding");
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
  res.on("close", () => {
    closed = true;
    wake?.();
  });
  // What the body gives at once (a page React rendered whole comes in dozens of pieces) goes out as
  // one write: compressed in one go and flushed once, not piece by piece. A body that is whole
  // before it first pauses (JSON, a page) goes out in one res.end with its length told.
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
      if (!started) {
        started = true;
        compressFrom(res);
        // One listener for the whole response, added once compression is in place: its res.on("drain")
        // listens on its zlib stream, where a listener per write could not be removed again.
        res.on("drain", () => wake?.());
      }
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
    endWhole(res, batch.length > 0 ? takeBatch() : undefined);
  } catch (error) {
    res.destroy(error as Error);
    throw error;
  }
}
