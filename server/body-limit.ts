/**
 * Request bodies are limited before Remix reads them: one that declares a length over
 * the limit is refused at once, unread; one sent without a length (chunked) is counted
 * as it is read and refused as soon as it passes the limit. A form's fields and files are
 * counted as they stream in too, and a form with more than its route takes is refused
 * before anything parses it. The answer is a 413 (JSON under /api, a small page elsewhere)
 * that says what to send instead, and memory and work are bounded by the limits. A page
 * (not /api) is sent forms only: another type of body is a 415, unread.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from "node:http";

import type { RequestHandler } from "express";

import { PICKED_CONTACTS_MAX } from "~/lib/schemas/campaign";
import { POST_IMAGES_MAX } from "~/lib/schemas/posts";
import { setSecurityHeaders } from "~/utils/security-headers.server";

import { PART_HEADERS_MAX_BYTES, formFieldCounter, type FormShapeLimits, type FormShapeProblem } from "./form-fields";

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

/**
 * The route's path a request is for: a form that JavaScript submits goes to the route's path plus
 * `.data` (Remix's single fetch; `/_root.data` for `/`), and takes the same limits.
 */
function pathOf(req: IncomingMessage): string {
  const path = (req.url ?? "/").split("?")[0];
  if (path === "/_root.data") return "/";
  return path.endsWith(".data") ? path.slice(0, -".data".length) : path;
}

/** The composer's pages, whose forms carry a post's images (a path of its own limit, not in UPLOAD_PATHS): publishing and correcting. */
export const COMPOSER_PATHS: readonly RegExp[] = [/^\/send-post\/?$/, /^\/send-offers\/?$/, /^\/posts-history\/[^/]+\/edit\/?$/];

const isComposer = (path: string) => COMPOSER_PATHS.some((pattern) => pattern.test(path));
const isUpload = (path: string) => UPLOAD_PATHS.some((pattern) => pattern.test(path));

export function bodyLimitFor(path: string): number {
  if (isComposer(path)) return COMPOSER_BODY_LIMIT_BYTES;
  return isUpload(path) ? UPLOAD_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/** Text fields one form may carry, on every route: the biggest real form (the composer) sends about 40. */
export const FORM_FIELDS_MAX = 200;
/** Bytes in one text field: the longest a form takes is a contact's notes (2,000 characters, at most ~18 KB percent-encoded). */
export const FORM_FIELD_BYTES_MAX = 64 * 1024;
/**
 * Files one form may carry on the composer: a post takes 6 images, and a form with a few more gets the
 * composer's own message about them (what was typed stays) rather than this refusal.
 */
export const COMPOSER_FILES_MAX = 2 * POST_IMAGES_MAX;

/** The campaign composer and its live count: a campaign picks up to 1,000 contacts by id, a field each. */
export const CAMPAIGN_FORM_PATHS: readonly RegExp[] = [/^\/campaigns\/new\/?$/, /^\/campaigns\/new\/estimate\/?$/];
export const CAMPAIGN_FORM_FIELDS_MAX = PICKED_CONTACTS_MAX + FORM_FIELDS_MAX;

/** What a form may carry: its text fields, and files only where a form takes them (one on the upload routes). */
export function formLimitsFor(path: string): FormShapeLimits {
  const files = isComposer(path) ? COMPOSER_FILES_MAX : isUpload(path) ? 1 : 0;
  const fields = CAMPAIGN_FORM_PATHS.some((pattern) => pattern.test(path)) ? CAMPAIGN_FORM_FIELDS_MAX : FORM_FIELDS_MAX;
  return { fields, files, fieldBytes: FORM_FIELD_BYTES_MAX };
}

function declaresTooLarge(req: IncomingMessage): boolean {
  return Number(req.headers["content-length"] ?? 0) > bodyLimitFor(pathOf(req));
}

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** A body that no page can read: pages take forms, and any other type (JSON, CSV) would fail in the action's formData(). */
function notAForm(req: IncomingMessage): boolean {
  if (isApi(pathOf(req)) || req.method === "GET" || req.method === "HEAD") return false;
  const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  return hasBody && !FORM_TYPES.has((req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase());
}

/** Refuses, before anything reads it, a body whose declared length is over the limit, or one sent to a page that is not a form. */
export const limitBodies: RequestHandler = (req, res, next) => {
  if (declaresTooLarge(req)) refuse(req, res, tooLarge(bodyLimitFor(pathOf(req))));
  else if (notAForm(req)) refuse(req, res, NOT_A_FORM);
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

/** Why a body is refused: its status, the /api client's message and the page's sentence (what to do instead). */
type Refusal = { status: 400 | 413 | 415; message: string; advice: string; title?: string };

const NOT_A_FORM: Refusal = {
  status: 415,
  title: "That could not be read",
  message: "Pages take forms only: application/x-www-form-urlencoded or multipart/form-data",
  advice: "This page takes forms only. Please send it from the page's own form.",
};

function tooLarge(limit: number): Refusal {
  return {
    status: 413,
    message: `Request body too large (limit ${limit / MB} MB)`,
    advice: `What you sent is larger than ${limit / MB} MB. Please send less and try again.`,
  };
}

function badFormShape(problem: FormShapeProblem, limits: FormShapeLimits): Refusal {
  if (problem === "part-headers") {
    const kb = PART_HEADERS_MAX_BYTES / 1024;
    return {
      status: 400,
      title: "That could not be read",
      message: `A part of the form has headers longer than ${kb} KB`,
      advice: "The form could not be read. Please try again.",
    };
  }
  if (problem === "field-bytes") {
    const kb = limits.fieldBytes / 1024;
    return {
      status: 413,
      message: `A form field is longer than ${kb} KB`,
      advice: `One of the form's fields is longer than ${kb} KB. Please send less and try again.`,
    };
  }
  if (problem === "fields") {
    return {
      status: 413,
      message: `Too many form fields (limit ${limits.fields})`,
      advice: `The form had more than ${limits.fields} fields. Please send less and try again.`,
    };
  }
  if (limits.files === 0) {
    return { status: 413, message: "This request takes no files", advice: "This form takes no files. Please send it without them." };
  }
  const files = limits.files === 1 ? "1 file" : `${limits.files} files`;
  return {
    status: 413,
    message: `Too many files (limit ${limits.files})`,
    advice: `The form had more than ${files}. Please choose fewer and try again.`,
  };
}

/** What the body's reader gets instead of the rest of a refused body. */
export class BodyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BodyRefusedError";
  }
}

/**
 * The request's body as its reader (Remix) reads it, counted: past the byte limit, or with more
 * form fields or files than the route takes, the reader gets an error instead of the rest,
 * onRefused runs first, and the client gets the 413 (400 for a form that cannot be read).
 */
export async function* limitedBody(req: IncomingMessage, res: ServerResponse, onRefused: () => void): AsyncGenerator<Buffer> {
  const path = pathOf(req);
  const limit = bodyLimitFor(path);
  const formLimits = formLimitsFor(path);
  const fields = formFieldCounter(req.headers["content-type"], formLimits);
  let received = 0;
  let refusal: Refusal | null = null;
  try {
    // Kept open when the loop stops early: a refused body is drained below.
    for await (const chunk of req.iterator({ destroyOnReturn: false })) {
      received += (chunk as Buffer).length;
      const problem = received > limit ? null : fields?.feed(chunk as Buffer);
      refusal = received > limit ? tooLarge(limit) : problem ? badFormShape(problem, formLimits) : null;
      if (refusal) break;
      yield chunk as Buffer;
    }
  } finally {
    // Its reader stopped before the end: nobody reads the rest.
    if (!refusal && !req.complete) req.destroy();
  }
  if (refusal) {
    onRefused();
    refuse(req, res, refusal);
    throw new BodyRefusedError(refusal.message);
  }
}

/**
 * Answers 413 and reads no more of the body than needed. Closing the connection at once
 * would reset it under a client still sending, which then often never sees the answer:
 * what it still sends is read and dropped, for LINGER_MS at most, before it closes.
 */
function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal) {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  const { contentType, body, headers } = refusalAnswer(pathOf(req), refusal);
  setSecurityHeaders(res, headers);
  // The whole answer goes out now (its length told, not compressed); the response ends when the connection may close.
  res.writeHead(refusal.status, {
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

function refusalAnswer(path: string, { message, advice, title = "That was too much to send" }: Refusal) {
  if (isApi(path)) {
    return { contentType: "application/json; charset=utf-8", body: JSON.stringify({ message }), headers: new Headers() };
  }
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
<p>${advice}</p>
<a href="/">Back to Feed</a>
</main>
</body>
</html>
`;
  // A page with its own styles and nothing else: no scripts, no other resources.
  const policy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
  return { contentType: "text/html; charset=utf-8", body, headers: new Headers({ "Content-Security-Policy": policy }) };
}
