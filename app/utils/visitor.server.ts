import { randomUUID } from "node:crypto";

import { createCookie } from "@remix-run/node";
import { z } from "zod";

import { isUuid } from "~/lib/ids";
import { noControlCharacters } from "~/lib/schemas/text";
import { visitorIdOf } from "~/models/visitors.server";

import { getApiUser } from "./api-auth.server";
import { SECURE_COOKIES } from "./cookies.server";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const secure = SECURE_COOKIES;

/**
 * The anonymous visitor id, a cookie for one year. Scripts read it too
 * (it is mirrored in local storage), so it is not HttpOnly; it grants nothing.
 */
const anonIdCookie = createCookie("anon_id", {
  path: "/",
  sameSite: "lax",
  secure,
  httpOnly: false,
  maxAge: ONE_YEAR_SECONDS,
});

export function isVisitorId(value: unknown): value is string {
  return isUuid(value);
}

export async function readAnonId(request: Request): Promise<string | null> {
  const value = await anonIdCookie.parse(request.headers.get("Cookie"));
  return isVisitorId(value) ? value.toLowerCase() : null;
}

/** Who likes or views (visitorIdOf decides), from this request's user, its cookie and an `anonId` in its body. */
export async function visitorIdFrom(request: Request, body: Record<string, unknown> = {}): Promise<string | null> {
  const user = await getApiUser(request);
  return visitorIdOf({ userId: user?.id ?? null, cookieAnonId: await readAnonId(request), bodyAnonId: body.anonId });
}

/** Whether a Set-Cookie header only gives a visitor their anonymous id. */
export function isAnonIdCookie(setCookie: string): boolean {
  return setCookie.startsWith(`${anonIdCookie.name}=`);
}

/** The visitor's id, and a Set-Cookie header when this is their first response. */
export async function ensureAnonId(request: Request): Promise<{ anonId: string; setCookie: string | null }> {
  const existing = await readAnonId(request);
  if (existing) return { anonId: existing, setCookie: null };
  const anonId = randomUUID();
  return { anonId, setCookie: await anonIdCookie.serialize(anonId) };
}

export const LOCATION_SOURCES = ["manual", "gps", "ip"] as const;

const visitorLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  // The cookie is the visitor's to edit: a label with control characters makes it no location.
  label: noControlCharacters(z.string().max(120)),
  source: z.enum(LOCATION_SOURCES),
  /** From the browser's geolocation (or the IP service's estimate). */
  accuracyMeters: z.number().nonnegative().optional(),
  ts: z.number(),
});

/** The visitor's location (lat, lon, label, source, when): remembered so a returning visitor gets their area in the first HTML. */
export type VisitorLocation = z.infer<typeof visitorLocationSchema>;

const locationCookie = createCookie("feed_location", {
  path: "/",
  sameSite: "lax",
  secure,
  httpOnly: true,
  maxAge: ONE_YEAR_SECONDS,
});

export async function readVisitorLocation(request: Request): Promise<VisitorLocation | null> {
  const parsed = visitorLocationSchema.safeParse(await locationCookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

export function serializeVisitorLocation(location: VisitorLocation | null): Promise<string> {
  return location ? locationCookie.serialize(location) : locationCookie.serialize("", { maxAge: 0 });
}

/** Set for a minute when a visitor picks a location, so the feed can make the new place blink. */
const locationChosenCookie = createCookie("location_chosen", { path: "/", sameSite: "lax", secure, httpOnly: true, maxAge: 60 });

export function serializeLocationChosen(): Promise<string> {
  return locationChosenCookie.serialize("1");
}

/** Whether a location was just chosen, and the header that forgets it. */
export async function takeLocationChosen(request: Request): Promise<{ chosen: boolean; clear: string | null }> {
  const chosen = (await locationChosenCookie.parse(request.headers.get("Cookie"))) === "1";
  return { chosen, clear: chosen ? await locationChosenCookie.serialize("", { maxAge: 0 }) : null };
}

/** The first-visit 'Support Local' message is shown once per visitor. */
const introCookie = createCookie("intro_seen", {
  path: "/",
  sameSite: "lax",
  secure,
  httpOnly: false,
  maxAge: ONE_YEAR_SECONDS,
});

export async function hasSeenIntro(request: Request): Promise<boolean> {
  return (await introCookie.parse(request.headers.get("Cookie"))) === "1";
}

export function serializeIntroSeen(): Promise<string> {
  return introCookie.serialize("1");
}
