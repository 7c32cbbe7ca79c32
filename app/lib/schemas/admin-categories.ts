import { z } from "zod";

import { isUuid } from "~/lib/ids";

import { noControlCharacters } from "./text";

/** A category's name is at most as long as a profile's or a post's category may be. */
export const CATEGORY_NAME_MAX = 60;

export const CATEGORY_MESSAGES = {
  nameRequired: "Enter the category's name",
  nameTooLong: `A category's name can be at most ${CATEGORY_NAME_MAX} characters`,
  notFound: "Category not found",
  chooseWhereTheyGo: "Choose where its posts and businesses go",
  notItself: "Choose another category, or none",
  chooseDirection: "Choose up or down",
} as const;

/** 'A category named Bakery already exists' (whatever the case it was typed in). */
export const categoryNameTaken = (name: string) => `A category named ${name} already exists`;

/** A category's name: trimmed (inner runs of spaces made one), 1 to 60 characters, no control characters. */
const categoryName = z
  .string({ required_error: CATEGORY_MESSAGES.nameRequired, invalid_type_error: CATEGORY_MESSAGES.nameRequired })
  .trim()
  .min(1, CATEGORY_MESSAGES.nameRequired)
  .pipe(noControlCharacters(z.string().max(CATEGORY_NAME_MAX, CATEGORY_MESSAGES.nameTooLong)))
  .transform((value) => value.replace(/ {2,}/g, " "));

const categoryId = z
  .string({ required_error: CATEGORY_MESSAGES.notFound, invalid_type_error: CATEGORY_MESSAGES.notFound })
  .refine(isUuid, CATEGORY_MESSAGES.notFound);

/** /admin/categories's 'Add a category' form. */
export const addCategorySchema = z.object({ intent: z.literal("add"), name: categoryName });

/** /admin/categories's Move up and Move down buttons (one form each, no JavaScript needed). */
export const moveCategorySchema = z.object({
  intent: z.literal("move"),
  categoryId,
  direction: z.enum(["up", "down"], { errorMap: () => ({ message: CATEGORY_MESSAGES.chooseDirection }) }),
});

/** The category page's rename form. */
export const renameCategorySchema = z.object({ intent: z.literal("rename"), name: categoryName });

/** The category page's Hide and Show button. */
export const categoryVisibilitySchema = z.object({ intent: z.enum(["hide", "show"]) });

/** Where a deleted category's posts and businesses go: another category's id, or 'none' (they are left without it). */
export const NO_CATEGORY = "none";

/**
 * The category page's delete step. `moveTo` is needed only when posts or businesses use the
 * category (the model says so when it is missing); an unused one is deleted as confirmed.
 */
export const deleteCategorySchema = z.object({
  intent: z.literal("delete"),
  moveTo: z
    .union([z.literal(NO_CATEGORY), z.string().refine(isUuid, CATEGORY_MESSAGES.chooseWhereTheyGo)], {
      errorMap: () => ({ message: CATEGORY_MESSAGES.chooseWhereTheyGo }),
    })
    .optional(),
});

export type CategoryDeleteInput = z.output<typeof deleteCategorySchema>;
