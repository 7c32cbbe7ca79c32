import { z } from "zod";

import { POST_DISPLAY_STATUSES, POST_KINDS } from "~/lib/post-status";

import { noControlCharacters } from "./text";

/** At most this many characters in a search box of the list: a longer one is refused, not run. */
export const ADMIN_FEED_SEARCH_MAX = 100;
export const ADMIN_FEED_SORTS = ["newest", "reported"] as const;

const text = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .pipe(
      noControlCharacters(z.string().max(ADMIN_FEED_SEARCH_MAX, `${name} can be at most ${ADMIN_FEED_SEARCH_MAX} characters`)).nullable(),
    );

const choice = <Values extends readonly [string, ...string[]]>(name: string, values: Values) =>
  z
    .string()
    .optional()
    .transform((value) => value || null)
    .pipe(z.enum(values, { message: `${name} must be one of ${values.join(", ")}` }).nullable());

/** /admin/feed's filters, sort and page, as its search params hold them. */
export const adminFeedQuerySchema = z.object({
  q: text("Search"),
  status: choice("status", POST_DISPLAY_STATUSES),
  kind: choice("kind", POST_KINDS),
  city: text("City"),
  category: text("Category"),
  /** A business's name (or part of it), or its id. */
  business: text("Business"),
  reported: z
    .string()
    .optional()
    .transform((value) => value === "1"),
  sort: z.enum(ADMIN_FEED_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export type AdminFeedQuery = z.output<typeof adminFeedQuerySchema>;
