import type { CookieOptions } from "@remix-run/node";

import { config } from "~/config.server";

import { cookieSecrets } from "./secrets.server";

/** Secure cookies need https, which only a configured https PUBLIC_URL promises in production. */
export const SECURE_COOKIES = config.NODE_ENV === "production" && Boolean(config.PUBLIC_URL?.startsWith("https:"));

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
