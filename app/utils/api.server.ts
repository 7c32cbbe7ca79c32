import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";

import { jsonShapeProblem } from "~/lib/json-shape";

import { refusedAsCrossSite } from "./csrf.server";
import { logger } from "./logger.server";
import { NON_PAGE_HEADERS, applySecurityHeaders, secured } from "./security-headers.server";

/** The headers of a JSON answer that names none of its own: most of them (a health check's, every error's). */
const PLAIN_JSON_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ["Content-Type", "application/json; charset=utf-8"],
  ["Cache-Control", "no-store"],
  ...NON_PAGE_HEADERS,
];

/** A JSON response that carries the headers every response carries. */
export function apiJson(body: unknown, init: ResponseInit = {}): Response {
  if (init.headers === undefined)
    return secured(new Response(JSON.stringify(body), { ...init, headers: PLAIN_JSON_HEADERS as [string, string][] }));
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  applySecurityHeaders(headers);
  return secured(new Response(JSON.stringify(body), { ...init, headers }));
}

/** Every /api error has the same shape: { "message": "..." } with the right status. */
export function apiError(status: number, message: string, init: ResponseInit = {}): Response {
  return apiJson({ message }, { ...init, status });
}

type ApiArgs = LoaderFunctionArgs | ActionFunctionArgs;
type Handler = (args: ApiArgs) => Promise<Response> | Response;

/**
 * Wraps an /api loader or action: thrown Responses become JSON {message}, and
 * anything unexpected is logged once and answered with a 500 {message}.
 */
export function apiRoute(handler: Handler) {
  return async (args: ApiArgs): Promise<Response> => {
    if (refusedAsCrossSite(args.request)) return apiError(403, "Requests from other sites are not allowed");
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return toApiError(error);
      // Not when the client went away or its body was refused (server/body-limit.ts): nobody gets this answer.
      if (!args.request.signal.aborted)
        logger.error({ err: error, method: args.request.method, path: new URL(args.request.url).pathname }, "unexpected error");
      return apiError(500, "Something went wrong. Please try again.");
    }
  };
}

async function toApiError(response: Response): Promise<Response> {
  const text = await response.text();
  let message = text || response.statusText || `Request failed with status ${response.status}`;
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === "string") message = parsed.message;
  } catch {
    // Plain text body: already the message.
  }
  return apiError(response.status, message, { headers: response.headers });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * An /api resource route answered per method: `export const { loader, action } = methods({ GET, PUT })`.
 * HEAD is answered as GET; any other method is 405 {message} with the Allow header.
 */
export function methods(handlers: Partial<Record<Method, Handler>>) {
  const allowed = METHODS.filter((method) => handlers[method]);
  const dispatch = apiRoute(async (args) => {
    const method = args.request.method === "HEAD" ? "GET" : args.request.method;
    const handler = handlers[method as Method];
    if (!handler) return apiError(405, `Method not allowed: use ${allowed.join(" or ")}`, { headers: { Allow: allowed.join(", ") } });
    return handler(args);
  });
  return { loader: dispatch, action: dispatch };
}

/**
 * An /api request's body checked by a zod schema: JSON (an empty body is `{}`) or a form post.
 * Anything else, a JSON body with too much structure (app/lib/json-shape.ts), or a body the schema
 * refuses, is thrown as a 400 {message} naming the first problem.
 */
export async function parseJsonBody<Schema extends z.ZodTypeAny>(request: Request, schema: Schema): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await readBody(request));
  if (!parsed.success) throw apiError(400, parsed.error.issues[0].message);
  return parsed.data;
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return Object.fromEntries(await request.formData());
  }
  const text = await request.text();
  if (!text.trim()) return {};
  const tooMuch = jsonShapeProblem(text);
  if (tooMuch) throw apiError(400, tooMuch);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw apiError(400, "The request body must be JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw apiError(400, "The request body must be a JSON object");
  return body;
}
