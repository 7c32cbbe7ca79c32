import { z } from "zod";

const coordinates = {
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
};
/** What the location form may post: a place, the browser's position, the network's, or none. */
export const locationChoiceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("choose"), ...coordinates, label: z.string().trim().min(1).max(120) }),
  z.object({ intent: z.literal("gps"), ...coordinates, accuracyMeters: z.coerce.number().nonnegative().max(1_000_000) }),
  z.object({ intent: z.literal("ip") }),
  z.object({ intent: z.literal("clear") }),
]);

