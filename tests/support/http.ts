import type { ActionFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";

import type { Toast } from "~/lib/toast";
import { getToast } from "~/utils/toast.server";

/** The site the tests pretend to be. */
export const SITE = "http://localhost";
export const EVIL_SITE = "https://evil.example";

/** A route's loader or action, called directly as Remix would. */
export type RouteHandler = (args: ActionFunctionArgs) => unknown;

/** What a browser or API client sees of one answer, whatever shape the route returned it in. */
export type Reply<Data = unknown> = {
  status: number;
  headers: Headers;
  /** The redirect target, when there is one. */
  location: string | null;
  /** A JSON body, a text body, or the data a loader or `data()` returned. */
  data: Data;
};

/** What an HTML form action answers with when the input is refused. */
export type FormReply = SubmissionResult<string[]> & { intent?: string; result?: SubmissionResult<string[]> };

let addresses = 0;

/** A new client address: the per-address limits never leak from one test into another. */
export function freshIp(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

export type RequestOptions = {
  /** A Cookie header. */
  cookie?: string;
  /** The Origin header a browser sends; null sends none. Defaults to this site. */
  origin?: string | null;
  referer?: string;
  /** X-Forwarded-For; a fresh address unless given. */
  ip?: string;
  headers?: Record<string, string>;
};

function requestHeaders(options: RequestOptions, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ "X-Forwarded-For": options.ip ?? freshIp(), "User-Agent": "vitest", ...extra, ...options.headers });
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.origin !== null) headers.set("Origin", options.origin ?? SITE);
  if (options.referer) headers.set("Referer", options.referer);
  return headers;
}

/** A form post as a browser sends it (same-origin unless told otherwise). */
export function formPost(path: string, fields: Record<string, string | string[]>, options: RequestOptions = {}): Request {
  // A list is a field repeated, as checkboxes send it.
  const entries = Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one) => [name, one]));
  return new Request(new URL(path, SITE), {
    method: "POST",
    headers: requestHeaders(options, { "Content-Type": "application/x-www-form-urlencoded" }),
    body: new URLSearchParams(entries).toString(),
  });
}

/** A JSON post as an API client sends it: no Origin unless told. */
export function jsonPost(path: string, body: unknown, options: RequestOptions = {}): Request {
  return new Request(new URL(path, SITE), {
    method: "POST",
    headers: requestHeaders({ origin: null, ...options }, { "Content-Type": "application/json" }),
    body: JSON.stringify(body),
  });
}

export function getRequest(path: string, options: RequestOptions = {}): Request {
  return new Request(new URL(path, SITE), { headers: requestHeaders({ origin: null, ...options }) });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  return (response.headers.get("Content-Type") ?? "").includes("json") ? JSON.parse(text) : text;
}

function isDataWithInit(value: unknown): value is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** Calls a route as Remix would: a thrown Response (redirect, 403, 404) is an answer too. */
export async function call<Data = unknown>(
  handler: RouteHandler,
  request: Request,
  params: Record<string, string> = {},
): Promise<Reply<Data>> {
  let result: unknown;
  try {
    result = await handler({ request, params, context: {} });
  } catch (error) {
    if (!(error instanceof Response)) throw error;
    result = error;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      headers: result.headers,
      location: result.headers.get("Location"),
      data: (await readBody(result)) as Data,
    };
  }
  if (isDataWithInit(result)) {
    const headers = new Headers(result.init?.headers);
    return { status: result.init?.status ?? 200, headers, location: headers.get("Location"), data: result.data as Data };
  }
  return { status: 200, headers: new Headers(), location: null, data: result as Data };
}

/** The Set-Cookie line for one cookie, if the answer sets it. */
export function setCookie(reply: Reply, name: string): string | undefined {
  return reply.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** 'name=value' from a Set-Cookie line, ready for a Cookie header. */
export function cookiePair(line: string | undefined): string {
  if (!line) throw new Error("No such cookie was set");
  return line.split(";")[0];
}

function isDeletion(line: string): boolean {
  return /Expires=Thu, 01 Jan 1970/i.test(line) || /Max-Age=0(;|$)/i.test(line);
}

/**
 * The toast the visitor sees after this answer: from the flash cookie a
 * redirect carries to the next page, or from the action data the same page shows.
 */
export async function toastOf(reply: Reply): Promise<Toast | null> {
  const line = setCookie(reply, "toast");
  if (line) return (await getToast(new Request(SITE, { headers: { Cookie: cookiePair(line) } }))).toast;
  const data = reply.data as { toast?: Toast } | null;
  return typeof data === "object" && data?.toast ? data.toast : null;
}

/** The conform reply of a refused form, bare or under `result` beside other page data. */
export function submissionOf(reply: Reply): SubmissionResult<string[]> | undefined {
  const data = reply.data as FormReply | null;
  if (typeof data !== "object" || data === null) return undefined;
  return data.result ?? data;
}

/** A refused form's errors by field ('' for the whole form). */
export function formErrors(reply: Reply) {
  return submissionOf(reply)?.error;
}

/** The values a refused form is shown again with. */
export function formValues(reply: Reply) {
  return submissionOf(reply)?.initialValue;
}

/** Every message the visitor is shown after this answer: the toast and the form's errors. */
export async function messagesShown(reply: Reply): Promise<string[]> {
  const toast = await toastOf(reply);
  return [toast?.title, toast?.description, ...Object.values(formErrors(reply) ?? {}).flatMap((messages) => messages ?? [])].filter(
    (message): message is string => Boolean(message),
  );
}

/**
 * One visitor: an address of its own and a cookie jar that keeps what the
 * answers set, like a browser following the site.
 */
export class Browser {
  readonly ip: string;
  private readonly jar = new Map<string, string>();

  constructor(ip: string = freshIp()) {
    this.ip = ip;
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  has(name: string): boolean {
    return this.jar.has(name);
  }

  setCookie(pair: string) {
    const at = pair.indexOf("=");
    this.jar.set(pair.slice(0, at), pair.slice(at + 1));
  }

  keep(reply: Reply) {
    for (const line of reply.headers.getSetCookie()) {
      const pair = cookiePair(line);
      if (isDeletion(line)) this.jar.delete(pair.slice(0, pair.indexOf("=")));
      else this.setCookie(pair);
    }
  }

  private options(options: RequestOptions): RequestOptions {
    return { ip: this.ip, cookie: this.cookie || undefined, ...options };
  }

  async submit<Data = FormReply>(handler: RouteHandler, path: string, fields: Record<string, string>, options: RequestOptions = {}) {
    const reply = await call<Data>(handler, formPost(path, fields, this.options(options)));
    this.keep(reply);
    return reply;
  }

  async visit<Data = unknown>(handler: RouteHandler, path: string, options: RequestOptions = {}) {
    const reply = await call<Data>(handler, getRequest(path, this.options(options)));
    this.keep(reply);
    return reply;
  }

  /** A GET of this browser, for guards such as requireUser. */
  request(path: string, options: RequestOptions = {}): Request {
    return getRequest(path, this.options(options));
  }
}

/** Sleeps past the end of the current fixed window when fewer than `marginMs` remain, so a burst lands in one window. */
export async function withinOneWindow(windowSeconds: number, marginMs = 3000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
