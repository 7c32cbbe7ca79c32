import { z } from "zod";

import { noControlCharacters } from "./text";

export const CONTACTS_PAGE_SIZE = 25;

/** The contacts list's search parameters: a bad page is the first page, a too-long search is cut, one with control characters ignored. */
export const contactListQuerySchema = z.object({
  q: noControlCharacters(z.string().trim())
    .transform((value) => value.slice(0, 100))
    .optional()
    .catch(undefined),
  tag: noControlCharacters(z.string().trim())
    .transform((value) => value.slice(0, 50))
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type ContactListQuery = z.infer<typeof contactListQuerySchema>;
