import { z } from "zod";

import { isUuid } from "~/lib/ids";

export const BAD_TEMPLATE_CATEGORY = "categoryId must be a template category's id, as GET /api/template-categories lists them";

/** GET /api/templates's query: an optional category (empty means every category). */
export const templateApiQuerySchema = z.object({
  categoryId: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .refine((value) => value === undefined || isUuid(value), BAD_TEMPLATE_CATEGORY),
});
