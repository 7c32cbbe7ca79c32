import { z } from "zod";

import { feedUrl } from "~/lib/feed-url";
import { noControlCharacters } from "~/lib/schemas/text";

const coordinates = {
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
};
/** What the location form may post: a place, the browser's position, the network's, or none. */
export const locationChoiceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("choose"), ...coordinates, label: noControlCharacters(z.string().trim().min(1).max(120)) }),
  z.object({ intent: z.literal("gps"), ...coordinates, accuracyMeters: z.coerce.number().nonnegative().max(1_000_000) }),
  z.object({ intent: z.literal("ip") }),
  z.object({ intent: z.literal("clear") }),
]);

/**
 * Where a location choice leads: its feed, with the search and category the
 * visitor came from; 'Show all' when no location was chosen.
 */
export function feedAfterChoice(returnTo: string, chosen: boolean): string {
  const previous = new URL(returnTo, "http://local").searchParams;
  return feedUrl({ q: previous.get("q") ?? undefined, category: previous.get("category") ?? undefined }, chosen ? {} : { all: true });
}
