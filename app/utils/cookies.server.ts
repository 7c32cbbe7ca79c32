import type { CookieOptions } from "@remix-run/node";

import { config } from "~/config.server";
import { escapeRegExp } from "~/lib/escape-regexp";

import { cookieSecrets } from "./secrets.server";

/** Secure cookies need https, which only a configured https PUBLIC_URL promises in production. */
export const SECURE_COOKIES = config.NODE_ENV === "production" && Boolean(config.PUBLIC_URL?.startsWith("https:"));

/**
 * The session cookie's name. Where cookies are Secure it carries the __Host-
 * prefix: browsers then keep it only with Secure, Path=/ and no Domain, so
 * neither a subdomain nor a plain-http page can plant or overwrite it. They
 * refuse that prefix without Secure, hence the plain name on http.
 */
export const SESSION_COOKIE_NAME = SECURE_COOKIES ? "__Host-session" : "__session";

const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${escapeRegExp(SESSION_COOKIE_NAME)}=`);

/**
 * Whether a request comes with a session, live or not: the session cookie, or an API client's
 * Authorization header. Read from the headers alone, so it costs no lookup.
 */
export function carriesSession(request: Request): boolean {
  if (request.headers.has("Authorization")) return true;
  const cookie = request.headers.get("Cookie");
  return cookie !== null && SESSION_COOKIE_PAIR.test(cookie);
}

/** The product's signed, HttpOnly, SameSite=Lax cookie settings (secrets read lazily: tests set them late). */
export function signedCookieOptions(extra: CookieOptions = {}): CookieOptions {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: SECURE_COOKIES,
    get secrets() {
      return cookieSecrets();
    },
    ...extra,
  };
}
