import { z } from "zod";
import { FAIR_MAX_PER_RUN, FAIR_RUN, type FairState, type Position } from "~/lib/fair-feed";
import { isUuid } from "~/lib/ids";
import { noControlCharacters } from "~/lib/schemas/text";

/**
 * The feed's limits: 20 posts a page, a 25 km radius unless asked (at most 500),
 * and for GET /api/feed at most 50 a request and an offset of at most 10,000.
 */
export const FEED_PAGE_SIZE = 20;
export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 500;
export const MAX_API_LIMIT = 50;
export const MAX_OFFSET = 10_000;

/** Where the next page starts: the fair feed's whole state (lib/fair-feed.ts), after at least one post. */
export type FeedCursor = FairState & { frontier: Position };

/** A post's time to the microsecond, as PostgreSQL keeps it: an ISO string of fixed width, so it sorts as text. */
const MICRO_ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/;

function microIso(value: string): string | null {
  const match = MICRO_ISO.exec(value);
  if (!match || Number.isNaN(Date.parse(`${match[1]}Z`))) return null;
  return `${match[1]}.${(match[2] ?? "").padEnd(6, "0")}Z`;
}

/** A position as `{microseconds since 1970, base 36}.{id, hex}`. */
function encodePosition(position: Position): string {
  const micros = Date.parse(position.createdAt.slice(0, 19) + "Z") * 1000 + Number(position.createdAt.slice(20, 26));
  return `${micros.toString(36)}.${position.id.replaceAll("-", "")}`;
}

function decodePosition(value: string): Position | null {
  const match = /^([0-9a-z]{1,11})\.([0-9a-f]{32})$/.exec(value);
  if (!match) return null;
  const micros = parseInt(match[1], 36);
  const seconds = new Date(Math.floor(micros / 1_000_000) * 1000);
  if (!Number.isSafeInteger(micros) || Number.isNaN(seconds.getTime())) return null;
  const createdAt = `${seconds.toISOString().slice(0, 19)}.${String(micros % 1_000_000).padStart(6, "0")}Z`;
  return { createdAt, id: uuidOfHex(match[2]) };
}

const uuidOfHex = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The cursor: `{frontier}_{window}_{deferred}`. The frontier is the oldest post shown (stable under
 * new posts, unlike an offset); the window names each business once (32 hex digits each) after
 * which of them each of the last shown posts was (a hex digit each); each deferred business is its
 * digit and its last shown post, `~` between them. A cursor from before (a time and id, a window of
 * digits) reads as one that deferred nothing.
 */
export function encodeCursor(cursor: FeedCursor): string {
  const businesses = [...new Set([...cursor.window, ...cursor.deferred.map((entry) => entry.userId)])];
  const digit = (userId: string) => businesses.indexOf(userId).toString(16);
  const window = `${cursor.window.map(digit).join("")}-${businesses.map((userId) => userId.replaceAll("-", "")).join("")}`;
  const deferred = cursor.deferred.map((entry) => `${digit(entry.userId)}${entry.after ? encodePosition(entry.after) : ""}`).join("~");
  return `${cursor.frontier.createdAt}_${cursor.frontier.id}_${businesses.length ? window : ""}_${deferred}`;
}

/** At most: the window's businesses and the 4 that can be deferred (each holds 2 of the last 9 posts). */
const MAX_DEFERRED = Math.floor((FAIR_RUN - 1) / FAIR_MAX_PER_RUN);
const MAX_BUSINESSES = FAIR_RUN - 1 + MAX_DEFERRED;

export function decodeCursor(value: string): FeedCursor | null {
  const [createdAt, id, encodedWindow = "", encodedDeferred = "", ...rest] = value.split("_");
  const frontierAt = createdAt ? microIso(createdAt) : null;
  if (!frontierAt || !id || rest.length || !isUuid(id)) return null;
  let businesses: string[] = [];
  let window: string[] = [];
  if (encodedWindow) {
    const match = /^([0-9a-f]{0,9})-((?:[0-9a-f]{32})+)$/i.exec(encodedWindow);
    if (!match) return null;
    businesses = match[2].toLowerCase().match(/.{32}/g)!.map(uuidOfHex);
    if (businesses.length > MAX_BUSINESSES || new Set(businesses).size !== businesses.length) return null;
    window = [...match[1].toLowerCase()].map((slot) => businesses[parseInt(slot, 16)]);
  }
  const deferred = encodedDeferred ? encodedDeferred.split("~") : [];
  if (deferred.length > MAX_DEFERRED || window.some((userId) => !userId)) return null;
  const entries: FeedCursor["deferred"] = [];
  for (const entry of deferred) {
    const userId = businesses[parseInt(entry[0] ?? "", 16)];
    const after = entry.length > 1 ? decodePosition(entry.slice(1)) : null;
    if (!userId || (entry.length > 1 && !after) || entries.some((known) => known.userId === userId)) return null;
    entries.push({ userId, after });
  }
  return { frontier: { createdAt: frontierAt, id: id.toLowerCase() }, window, deferred: entries };
}

const optionalText = (max: number, name: string) =>
  noControlCharacters(z.string().trim().max(max, `${name} must be at most ${max} characters`))
    .optional()
    .transform((value) => value || undefined);

const number = (name: string, min: number, max: number) =>
  z.coerce
    .number({ invalid_type_error: `${name} must be a number` })
    .refine(Number.isFinite, `${name} must be a number`)
    .refine((value) => value >= min && value <= max, `${name} must be between ${min} and ${max}`);

const feedQuerySchema = z
  .object({
    lat: number("lat", -90, 90).optional(),
    lon: number("lon", -180, 180).optional(),
    radiusKm: z.coerce
      .number({ invalid_type_error: "radiusKm must be a number" })
      .refine(Number.isFinite, "radiusKm must be a number")
      .refine((value) => value > 0 && value <= MAX_RADIUS_KM, `radiusKm must be more than 0 and at most ${MAX_RADIUS_KM}`)
      .optional(),
    limit: z.coerce
      .number({ invalid_type_error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(MAX_API_LIMIT, `limit must be at most ${MAX_API_LIMIT}`)
      .default(FEED_PAGE_SIZE),
    offset: z.coerce
      .number({ invalid_type_error: "offset must be a number" })
      .int("offset must be a whole number")
      .min(0, "offset must not be negative")
      .max(MAX_OFFSET, `offset must be at most ${MAX_OFFSET}`)
      .default(0),
    cursor: noControlCharacters(z.string())
      .optional()
      .transform((value, context) => {
        if (!value) return undefined;
        const cursor = decodeCursor(value);
        if (!cursor) context.addIssue({ code: z.ZodIssueCode.custom, message: "cursor is not valid" });
        return cursor ?? undefined;
      }),
    q: optionalText(200, "q"),
    category: optionalText(100, "category"),
    post: noControlCharacters(z.string())
      .optional()
      .transform((value) => (value && isUuid(value) ? value.toLowerCase() : undefined)),
  })
  .refine((query) => (query.lat === undefined) === (query.lon === undefined), {
    message: "lat and lon must be given together",
  });

export type FeedQuery = {
  location?: { lat: number; lon: number; radiusKm: number };
  limit: number;
  offset: number;
  cursor?: FeedCursor;
  q?: string;
  category?: string;
  /** A shared post (/?post=id) to show even when it is not on this page. */
  post?: string;
};

export type FeedQueryResult = { ok: true; query: FeedQuery } | { ok: false; message: string };

/** Reads a feed request's search params (the page and GET /api/feed share it). Empty values count as absent. */
export function parseFeedQuery(params: URLSearchParams): FeedQueryResult {
  const raw: Record<string, string> = {};
  for (const key of ["lat", "lon", "radiusKm", "limit", "offset", "cursor", "q", "category", "post"]) {
    const value = params.get(key);
    if (value !== null && value.trim() !== "") raw[key] = value.trim();
  }
  const parsed = feedQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message };
  const { lat, lon, radiusKm, ...rest } = parsed.data;
  return {
    ok: true,
    query: {
      ...rest,
      location: lat !== undefined && lon !== undefined ? { lat, lon, radiusKm: radiusKm ?? DEFAULT_RADIUS_KM } : undefined,
    },
  };
}
