import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { isSameOriginRequest } from "./csrf.server";
import { applySecurityHeaders } from "./security-headers.server";

/** A JSON response that carries the headers every response carries. */
export function apiJson(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  applySecurityHeaders(headers);
  return new Response(JSON.stringify(body), { ...init, headers });
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
    if (!isSameOriginRequest(args.request)) return apiError(403, "Requests from other sites are not allowed");
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof Response) return toApiError(error);
      console.error(`[api] ${args.request.method} ${new URL(args.request.url).pathname}:`, error);
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
