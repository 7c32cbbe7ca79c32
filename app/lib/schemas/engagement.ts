import { z } from "zod";

import { noControlCharacters } from "./text";

/** The signed visitor id the page mirrors from its cookie; a malformed one counts as none (the cookie may name the visitor). */
const anonId = noControlCharacters(z.string()).optional().catch(undefined);

/** POST /api/posts/{id}/like: no action toggles; 'like' and 'unlike' set the state, so a retry is harmless. */
export const likeRequestSchema = z.object({
  anonId,
  action: z.enum(["like", "unlike", "toggle"], { message: "action must be like, unlike or toggle" }).default("toggle"),
});

/** POST /api/posts/{id}/view. */
export const viewRequestSchema = z.object({
  anonId,
  ts: z.number({ message: "ts must be a timestamp in milliseconds" }).finite().optional(),
});
