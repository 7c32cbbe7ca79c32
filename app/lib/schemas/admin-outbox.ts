import { z } from "zod";

import { searchText } from "./text";

/** The longest recipient filter the Outbox takes (an email address is at most 254 characters). */
export const OUTBOX_SEARCH_MAX = 254;

/** /admin/outbox's URL: the page, and a filter by recipient (part of an address), as a link or its GET form sends them. */
export const adminOutboxQuerySchema = z.object({
  to: searchText(OUTBOX_SEARCH_MAX),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
