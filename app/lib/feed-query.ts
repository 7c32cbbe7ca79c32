import { z } from "zod";
import { decodeWindow, encodeWindow } from "~/lib/fair-feed";
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

/** The last post a page read (its time and id), and the businesses of the last posts it showed (the fair feed's window). */
export type FeedCursor = { createdAt: string; id: string; window: string[] };

/**
 * Where the next page starts: the last post read (stable under new posts, unlike an offset), then
 * the fair feed's window (lib/fair-feed.ts). A cursor without a window (as they were made before) starts an empty one.
 */
export function encodeCursor(cursor: FeedCursor): string {
  const window = encodeWindow(cursor.window);
  return `${cursor.createdAt}_${cursor.id}${window ? `_${window}` : ""}`;
}

export function decodeCursor(value: string): FeedCursor | null {
  const [createdAt, id, encodedWindow = "", ...rest] = value.split("_");
  if (!createdAt || !id || rest.length || !isUuid(id) || Number.isNaN(Date.parse(createdAt))) return null;
  const window = decodeWindow(encodedWindow);
  if (!window) return null;
  return { createdAt: new Date(createdAt).toISOString(), id: id.toLowerCase(), window };
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
