/**
 * Request bodies are limited before Remix reads them: one that declares a length over
 * the limit is refused at once, unread; one sent without a length (chunked) is counted
 * as it is read and refused as soon as it passes the limit. Either way the answer is a
 * 413 (JSON under /api, a small page elsewhere), and memory holds at most the limit.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

import type { RequestHandler } from "express";

import { setSecurityHeaders } from "~/utils/security-headers.server";

const MB = 1024 * 1024;
export const BODY_LIMIT_BYTES = 1 * MB;
export const UPLOAD_BODY_LIMIT_BYTES = 12 * MB;
/** The post composer takes up to 6 images of up to 10 MB each in one submit (each is re-encoded as it arrives). */
export const COMPOSER_BODY_LIMIT_BYTES = 64 * MB;

/** The upload routes: the only paths whose bodies may reach UPLOAD_BODY_LIMIT_BYTES. Each new upload form is listed here. */
export const UPLOAD_PATHS: readonly RegExp[] = [
  /^\/api\/uploads\/?$/,
  /^\/edit-profile\/?$/,
  /^\/contacts\/import\/?$/,
  /^\/api\/contacts\/import\/?$/,
];

/** How long a refused client may go on sending (its bytes read and dropped) before the connection closes. */
const LINGER_MS = 5_000;

const pathOf = (req: IncomingMessage) => (req.url ?? "/").split("?")[0];

/** The composer's pages, whose forms carry a post's images (a path of its own limit, not in UPLOAD_PATHS). */
export const COMPOSER_PATHS: readonly RegExp[] = [/^\/send-post\/?$/, /^\/send-offers\/?$/];

export function bodyLimitFor(path: string): number {
  if (COMPOSER_PATHS.some((pattern) => pattern.test(path))) return COMPOSER_BODY_LIMIT_BYTES;
  return UPLOAD_PATHS.some((pattern) => pattern.test(path)) ? UPLOAD_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

function declaresTooLarge(req: IncomingMessage): boolean {
  return Number(req.headers["content-length"] ?? 0) > bodyLimitFor(pathOf(req));
}

/** Refuses a body whose declared length is over the limit, before anything reads it. */
export const limitBodies: RequestHandler = (req, res, next) => {
  if (declaresTooLarge(req)) refuse(req, res);
  else next();
};

/**
 * A client that asks before sending its body (Expect: 100-continue, as curl does for large
 * ones) is told to go on only when the body may come; otherwise the 413 is all it gets.
 */
export function answerExpectContinue(server: Server, app: RequestListener) {
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (!declaresTooLarge(req)) res.writeContinue();
    app(req, res);
  });
}

export class BodyTooLargeError extends Error {
  constructor(limit: number) {
    super(`Request body too large (limit ${limit / MB} MB)`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * The request's body as its reader (Remix) reads it, counted: past the limit the reader
 * gets an error instead of the rest, onRefused runs first, and the client gets the 413.
 */
export async function* limitedBody(req: IncomingMessage, res: ServerResponse, onRefused: () => void): AsyncGenerator<Buffer> {
  const limit = bodyLimitFor(pathOf(req));
  let received = 0;
  try {
    // Kept open when the loop stops early: a refused body is drained below.
    for await (const chunk of req.iterator({ destroyOnReturn: false })) {
      received += (chunk as Buffer).length;
      if (received > limit) break;
      yield chunk as Buffer;
    }
  } finally {
    // Its reader stopped before the end: nobody reads the rest.
    if (received <= limit && !req.complete) req.destroy();
  }
  if (received > limit) {
    onRefused();
    refuse(req, res);
    throw new BodyTooLargeError(limit);
  }
}

/**
 * Answers 413 and reads no more of the body than needed. Closing the connection at once
 * would reset it under a client still sending, which then often never sees the answer:
 * what it still sends is read and dropped, for LINGER_MS at most, before it closes.
 */
function refuse(req: IncomingMessage, res: ServerResponse) {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  const path = pathOf(req);
  const { contentType, body, headers } = tooLargeAnswer(path, bodyLimitFor(path));
  setSecurityHeaders(res, headers);
  // The whole answer goes out now (its length told, not compressed); the response ends when the connection may close.
  res.writeHead(413, {
    "Content-Type": contentType,
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store, no-transform",
    Connection: "close",
  });
  res.write(body);
  const close = () => {
    clearTimeout(timer);
    res.end();
  };
  const timer = setTimeout(close, LINGER_MS);
  req.once("close", close);
  req.resume();
}

function tooLargeAnswer(path: string, limit: number) {
  const message = new BodyTooLargeError(limit).message;
  if (path === "/api" || path.startsWith("/api/")) {
    return { contentType: "application/json; charset=utf-8", body: JSON.stringify({ message }), headers: new Headers() };
  }
  const title = "That was too much to send";
  const body = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | iSent</title>
<style>
body { margin: 0; font-family: system-ui, sans-serif; color: #0f172a; }
main { max-width: 28rem; min-height: 60vh; margin: 0 auto; padding: 1.5rem; display: flex; flex-direction: column; justify-content: center; align-items: center; gap: 1rem; text-align: center; }
h1 { margin: 0; font-size: 1.5rem; }
p { margin: 0; color: #475569; }
a { padding: 0.5rem 1rem; border-radius: 0.375rem; background: #1d4ed8; color: #fff; text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p>What you sent is larger than ${limit / MB} MB. Please send less and try again.</p>
<a href="/">Back to Feed</a>
</main>
</body>
</html>
`;
  // A page with its own styles and nothing else: no scripts, no other resources.
  const policy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  return { contentType: "text/html; charset=utf-8", body, headers: new Headers({ "Content-Security-Policy": policy }) };
}
