import { createCookie } from "@remix-run/node";
import { z } from "zod";

import { noControlCharacters } from "~/lib/schemas/text";
import { issueVisitorId, throttleEngagement, verifyVisitorToken, visitorIdOf, type Engagement } from "~/models/visitors.server";

import { getApiUser } from "./api-auth.server";
import { apiError } from "./api.server";
import { clientIp } from "./client-ip.server";
import { SECURE_COOKIES } from "./cookies.server";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const secure = SECURE_COOKIES;

/**
 * The anonymous visitor's signed id, a cookie for one year. Scripts read it too
 * (the page mirrors it in local storage and sends it as `anonId`), so it is not
 * HttpOnly; it grants nothing but counting as one visitor.
 */
const anonIdCookie = createCookie("anon_id", {
  path: "/",
  sameSite: "lax",
  secure,
  httpOnly: false,
  maxAge: ONE_YEAR_SECONDS,
});

function readAnonIdCookie(request: Request): Promise<unknown> {
  return anonIdCookie.parse(request.headers.get("Cookie"));
}

/** Whether the request carries a visitor id this server issued (else it is a visitor's very first page). */
export async function hasVisitorId(request: Request): Promise<boolean> {
  return verifyVisitorToken(await readAnonIdCookie(request)) !== null;
}

/** Who likes or views (visitorIdOf decides), from this request's user, its cookie and an `anonId` in its body. */
export async function visitorIdFrom(request: Request, body: { anonId?: unknown } = {}): Promise<string | null> {
  const user = await getApiUser(request);
  return visitorIdOf({ userId: user?.id ?? null, cookieToken: await readAnonIdCookie(request), bodyToken: body.anonId });
}

/**
 * The visitor a like or view of this post through /api counts for, within the
 * limits on likes and views; else thrown as 400 {message} (no id this server
 * issued) or 429 {message} with Retry-After.
 */
export async function requireEngagingVisitor(
  kind: Engagement,
  request: Request,
  body: { anonId?: unknown },
  postId: string,
): Promise<string> {
  const visitorId = await visitorIdFrom(request, body);
  if (!visitorId) throw apiError(400, "anonId must be the visitor's id");
  const throttled = await throttleEngagement(kind, { postId, visitorId, clientAddress: clientIp(request) });
  if (throttled) throw apiError(429, throttled.message, { headers: { "Retry-After": String(throttled.retryAfterSeconds) } });
  return visitorId;
}

/** Whether a Set-Cookie header only gives a visitor their anonymous id. */
export function isAnonIdCookie(setCookie: string): boolean {
  return setCookie.startsWith(`${anonIdCookie.name}=`);
}

/** A Set-Cookie header giving a first-time visitor a new id. */
export function newAnonIdCookie(): Promise<string> {
  return anonIdCookie.serialize(issueVisitorId().token);
}

/**
 * The visitor's id, and a Set-Cookie header when one is issued now: on their
 * first response, or when their cookie holds no id this server signed (such as
 * an unsigned one from before ids were signed).
 */
export async function ensureAnonId(request: Request): Promise<{ anonId: string; setCookie: string | null }> {
  const existing = verifyVisitorToken(await readAnonIdCookie(request));
  if (existing) return { anonId: existing, setCookie: null };
  const issued = issueVisitorId();
  return { anonId: issued.id, setCookie: await anonIdCookie.serialize(issued.token) };
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
