import { z } from "zod";

import { SMS_CATEGORIES, TEMPLATE_KINDS } from "~/lib/template-kinds";
import { CALL_TO_ACTION_TYPES } from "~/lib/call-to-action";
import { countSlots, malformedSlot, MAX_PARTS, analyseSms } from "~/lib/sms-text";

import { hashtagsField, POST_CONTENT_MAX } from "./posts";
import { noControlCharacters, optionalText } from "./text";

export const TEMPLATE_MESSAGES = {
  titleRequired: "Give the template a title",
  titleTooLong: "A title can be at most 100 characters",
  contentRequired: "Write the template's text",
  contentTooLong: `A template's text can be at most ${POST_CONTENT_MAX.toLocaleString("en-IN")} characters`,
  badCategory: "Choose one of the template categories",
  badImageUrl: "An image URL is one of the product's own (starting with /) or starts with https://",
  sortOrder: "The order is a whole number between -9999 and 9999",
  offerTitleRequired: "Give the offer a title",
  couponShape: "A coupon code has letters, numbers and dashes only (at most 30)",
  validDays: "An offer runs between 1 and 365 days",
  badCallToAction: "Choose what the offer's button does",
  dltRequired: "Enter the DLT template id",
  dltShape: "A DLT template id is 19 digits, as the DLT portal shows it",
  smsCategoryRequired: "Choose the SMS category the template was approved in",
  providerShape: "The MSG91 template id has letters, numbers, - and _ only (at most 64)",
  approvedTooLong: `The approved text is longer than ${MAX_PARTS} SMS parts`,
  slotHintTooLong: "A slot hint can be at most 40 characters",
  tooManyHints: (hints: number, slots: number) =>
    `There ${hints === 1 ? "is 1 slot hint" : `are ${hints} slot hints`} for ${slots === 1 ? "1 slot" : `${slots} slots`}: give one hint per {#var#} slot`,
  malformedSlot: (slot: string) => `"${slot}" is not a slot DLT accepts: write every slot exactly as {#var#}`,
  categoryNameRequired: "Enter the category's name",
  categoryNameTooLong: "A category name can be at most 60 characters",
  categoryTaken: (name: string) => `There is already a category called "${name}"`,
  moveToSame: "Choose another category to move its templates to",
  categoryNotEmpty: (held: number) =>
    `This category holds ${held === 1 ? "1 template" : `${held} templates`}: choose the category ${held === 1 ? "it moves" : "they move"} to`,
} as const;

/** A chosen record, or none (the form sends an empty choice, which conform reads as nothing). */
const uuidOrNull = (message: string) =>
  z
    .string()
    .trim()
    .uuid(message)
    .optional()
    .transform((value) => value ?? null);

/** A template's title, at most 100 characters. */
export const templateTitle = z
  .string({ required_error: TEMPLATE_MESSAGES.titleRequired })
  .trim()
  .min(1, TEMPLATE_MESSAGES.titleRequired)
  .pipe(noControlCharacters(z.string().max(100, TEMPLATE_MESSAGES.titleTooLong)));

/** What every template has: its title, category, text, order and whether businesses see it. */
const common = {
  title: templateTitle,
  categoryId: uuidOrNull(TEMPLATE_MESSAGES.badCategory),
  sortOrder: z
    .number({ invalid_type_error: TEMPLATE_MESSAGES.sortOrder })
    .int(TEMPLATE_MESSAGES.sortOrder)
    .min(-9999, TEMPLATE_MESSAGES.sortOrder)
    .max(9999, TEMPLATE_MESSAGES.sortOrder)
    .default(0),
  /** A checkbox: left unticked (not sent), the template is saved disabled. */
  isActive: z.boolean().default(false),
};

const content = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .min(1, required)
    .pipe(noControlCharacters(z.string().max(POST_CONTENT_MAX, TEMPLATE_MESSAGES.contentTooLong), { multiLine: true }));

/** An image of the product's own storage ('/uploads/…') or an https address; javascript: and the like never. */
const imageUrl = optionalText(500, TEMPLATE_MESSAGES.badImageUrl).refine(
  (value) => value === null || (/^\/[^/\\]/.test(value) && !/\s/.test(value)) || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value),
  TEMPLATE_MESSAGES.badImageUrl,
);

const postFields = { ...common, content: content(TEMPLATE_MESSAGES.contentRequired), hashtags: hashtagsField, imageUrl };

const postTemplate = z.object({ kind: z.literal("post"), ...postFields });

const offerTemplate = z.object({
  kind: z.literal("offer"),
  ...postFields,
  offerTitle: z
    .string({ required_error: TEMPLATE_MESSAGES.offerTitleRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.offerTitleRequired)
    .pipe(noControlCharacters(z.string().max(100, TEMPLATE_MESSAGES.titleTooLong))),
  couponCode: optionalText(30, TEMPLATE_MESSAGES.couponShape).refine(
    (value) => value === null || /^[A-Za-z0-9-]+$/.test(value),
    TEMPLATE_MESSAGES.couponShape,
  ),
  terms: optionalText(500, "Terms can be at most 500 characters", { multiLine: true }),
  validDays: z
    .number({ required_error: TEMPLATE_MESSAGES.validDays, invalid_type_error: TEMPLATE_MESSAGES.validDays })
    .int(TEMPLATE_MESSAGES.validDays)
    .min(1, TEMPLATE_MESSAGES.validDays)
    .max(365, TEMPLATE_MESSAGES.validDays),
  callToAction: z
    .enum(CALL_TO_ACTION_TYPES, { errorMap: () => ({ message: TEMPLATE_MESSAGES.badCallToAction }) })
    .nullish()
    .transform((value) => value ?? null),
});

/** The approved text: well-formed {#var#} slots only, and no longer than a message may be. */
const approvedText = content(TEMPLATE_MESSAGES.contentRequired).superRefine((text, context) => {
  const slot = malformedSlot(text);
  if (slot) context.addIssue({ code: z.ZodIssueCode.custom, message: TEMPLATE_MESSAGES.malformedSlot(slot) });
  else if (analyseSms(text).parts > MAX_PARTS)
    context.addIssue({ code: z.ZodIssueCode.custom, message: TEMPLATE_MESSAGES.approvedTooLong });
});

/**
 * A DLT SMS template's fields, checked alike for the platform's (the admin's form) and a
 * business's own (its templates screen and the API): the approved text with its {#var#} slots,
 * the DLT template id as the portal shows it, the category it was approved in, MSG91's id for it,
 * and a hint per slot.
 */
export const smsTemplateFields = {
  approvedText,
  dltTemplateId: z
    .string({ required_error: TEMPLATE_MESSAGES.dltRequired })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, TEMPLATE_MESSAGES.dltRequired)
        .regex(/^\d{19}$/, TEMPLATE_MESSAGES.dltShape),
    ),
  smsCategory: z.enum(SMS_CATEGORIES, { errorMap: () => ({ message: TEMPLATE_MESSAGES.smsCategoryRequired }) }),
  providerTemplateId: optionalText(64, TEMPLATE_MESSAGES.providerShape).refine(
    (value) => value === null || /^[A-Za-z0-9_-]+$/.test(value),
    TEMPLATE_MESSAGES.providerShape,
  ),
  /** One hint a line, in the slots' order ('Customer name'). */
  slotHints: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(/\r?\n/)
        .map((hint) => hint.trim())
        .filter(Boolean),
    )
    .pipe(z.array(noControlCharacters(z.string().max(40, TEMPLATE_MESSAGES.slotHintTooLong)))),
};

/** More hints than the approved text has slots is refused on the hints' field. */
export function checkSlotHints(template: { content: string; slotHints: string[] }, context: z.RefinementCtx, path = "slotHints") {
  const slots = countSlots(template.content);
  if (template.slotHints.length > slots) {
    context.addIssue({
      code: z.ZodIssueCode.custom,
      path: [path],
      message: TEMPLATE_MESSAGES.tooManyHints(template.slotHints.length, slots),
    });
  }
}

const smsTemplate = z.object({
  kind: z.literal("sms"),
  ...common,
  content: smsTemplateFields.approvedText,
  dltTemplateId: smsTemplateFields.dltTemplateId,
  smsCategory: smsTemplateFields.smsCategory,
  providerTemplateId: smsTemplateFields.providerTemplateId,
  slotHints: smsTemplateFields.slotHints,
});

/**
 * The admin's template form, add and edit alike: a post, an offer (with its offer block) or a DLT
 * SMS template (its id, category and approved text, each {#var#} slot checked), by `kind`.
 */
export const adminTemplateSchema = z
  .discriminatedUnion("kind", [postTemplate, offerTemplate, smsTemplate])
  .superRefine((template, context) => {
    if (template.kind === "sms") checkSlotHints(template, context);
  });

export type AdminTemplateInput = z.output<typeof adminTemplateSchema>;
export type TemplateFormKind = (typeof TEMPLATE_KINDS)[number];

/** A template's category: add or rename (unique whatever the case, which the model checks). */
const categoryName = z
  .string({ required_error: TEMPLATE_MESSAGES.categoryNameRequired })
  .trim()
  .min(1, TEMPLATE_MESSAGES.categoryNameRequired)
  .pipe(noControlCharacters(z.string().max(60, TEMPLATE_MESSAGES.categoryNameTooLong)));

const categoryId = z.string({ required_error: "Choose a category" }).uuid("Choose a category");

/**
 * The template categories' forms, one schema by `intent`: add one, rename one, move one up or down
 * the order, delete one (its templates moved to `moveTo`, or left without a category).
 */
export const templateCategorySchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), name: categoryName }),
  z.object({ intent: z.literal("rename"), id: categoryId, name: categoryName }),
  z.object({ intent: z.literal("move"), id: categoryId, direction: z.enum(["up", "down"]) }),
  z.object({ intent: z.literal("delete"), id: categoryId, moveTo: uuidOrNull(TEMPLATE_MESSAGES.badCategory) }),
]);

export type TemplateCategoryInput = z.output<typeof templateCategorySchema>;

/** A template list's or page's quick actions: enable, disable, or delete it. */
export const templateStatusSchema = z.object({
  intent: z.enum(["enable", "disable"]),
  id: z.string().uuid("There is no such template"),
});

/** The list's filters, as its URL carries them. Anything unknown is ignored rather than refused. */
export const templateListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  kind: z.enum(TEMPLATE_KINDS).optional().catch(undefined),
  category: z.string().uuid().optional().catch(undefined),
  status: z.enum(["active", "disabled"]).optional().catch(undefined),
  owner: z.enum(["platform", "business"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type TemplateListQuery = z.output<typeof templateListQuerySchema>;
