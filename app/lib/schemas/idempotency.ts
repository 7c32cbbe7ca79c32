import { z } from "zod";

import { noControlCharacters } from "./text";

/**
 * A request's idempotency key: the API's Idempotency-Key header, or a form's hidden field (a fresh
 * UUID each time the form is drawn). Absent is allowed (no key, no protection); anything else must
 * be 8 to 100 visible characters.
 */
export const idempotencyKeySchema = noControlCharacters(z.string().trim().min(8).max(100)).nullable();

export const IDEMPOTENCY_KEY_MESSAGES = {
  api: "Idempotency-Key must be 8 to 100 visible characters",
  form: "This form could not be sent as it was drawn. Reload the page and try again.",
} as const;
