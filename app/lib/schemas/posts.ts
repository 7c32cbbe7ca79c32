import { z } from "zod";

import { CALL_TO_ACTION_TYPES } from "~/lib/call-to-action";
import { addDays, isCalendarDate, toIndianDateTime } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";

import { optionalIndianDateTime } from "./date-time";
import { noControlCharacters, optionalText, optionalWebsite } from "./text";

export const POST_CONTENT_MAX = 1500;
export const POST_IMAGES_MAX = 6;
export const POST_HASHTAGS_MAX = 10;
/** How far ahead a post may be scheduled. */
export const SCHEDULE_MAX_DAYS = 90;
/** A scheduled time must leave the business a moment to change its mind. */
export const SCHEDULE_MIN_MINUTES = 5;

export const POST_MESSAGES = {
  contentRequired: "Write what you want to tell people",
  contentTooLong: `A post can be at most ${POST_CONTENT_MAX.toLocaleString("en-IN")} characters`,
  tooManyHashtags: `Use at most ${POST_HASHTAGS_MAX} hashtags`,
  badHashtag: "A hashtag has letters, numbers and _ only, e.g. #diwali",
  tooManyImages: `A post can have at most ${POST_IMAGES_MAX} images`,
  unknownCategory: "Choose a category from the list",
  offerTitleRequired: "Give your offer a title",
  couponShape: "A coupon code has letters, numbers and dashes only",
  startRequired: "Choose the day the offer starts",
  endRequired: "Choose the day the offer ends",
  badDate: "Enter a real date",
  endsBeforeStart: "The offer must end on or after the day it starts",
  alreadyEnded: "This end date has passed: choose today or a later day",
  websiteForButton: "Enter the website for the button, such as yourshop.in",
  scheduleInPast: `Choose a time at least ${SCHEDULE_MIN_MINUTES} minutes from now`,
  scheduleTooFar: `You can schedule at most ${SCHEDULE_MAX_DAYS} days ahead`,
  badPlace: "Choose a place from the search",
} as const;

/** Tags as typed: '#diwali, sweets offer' or an array; '#' optional, lower-cased, without repeats. */
const hashtags = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (Array.isArray(value) ? value : [value ?? ""]).flatMap((entry) => entry.split(/[\s,]+/)))
  .transform((tags) => [...new Set(tags.map((tag) => tag.replace(/^#+/, "").toLowerCase()).filter(Boolean))])
  .pipe(
    z
      .array(
        z
          .string()
          .max(40, POST_MESSAGES.badHashtag)
          .regex(/^[\p{L}\p{M}\p{N}_]+$/u, POST_MESSAGES.badHashtag),
      )
      .max(POST_HASHTAGS_MAX, POST_MESSAGES.tooManyHashtags),
  );

/** Image URLs in their order (the first is the cover), as the form's hidden fields or the API send them. */
const images = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (Array.isArray(value) ? value : value ? [value] : []).map((url) => url.trim()).filter(Boolean))
  .pipe(z.array(noControlCharacters(z.string().max(500))).max(POST_IMAGES_MAX, POST_MESSAGES.tooManyImages));

/** A day 'YYYY-MM-DD' (a date field's value), or null when empty; whether it is required is the offer's rule. */
const optionalDate = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || null)
  .refine((value) => value === null || isCalendarDate(value), POST_MESSAGES.badDate);

/** A chosen place: 'lat,lon,label' as the composer's choices carry it. */
const place = z
  .string()
  .trim()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    const [lat, lon, ...label] = value.split(",");
    const parsed = { lat: Number(lat), lon: Number(lon), label: label.join(",").trim() };
    if (!Number.isFinite(parsed.lat) || !Number.isFinite(parsed.lon) || Math.abs(parsed.lat) > 90 || Math.abs(parsed.lon) > 180) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: POST_MESSAGES.badPlace });
      return z.NEVER;
    }
    return parsed;
  });

/** What a post says and shows, the same when it is published and when it is corrected. */
const postFields = {
  kind: z.enum(["update", "offer"]),
  content: z
    .string({ required_error: POST_MESSAGES.contentRequired })
    .trim()
    .min(1, POST_MESSAGES.contentRequired)
    .pipe(noControlCharacters(z.string().max(POST_CONTENT_MAX, POST_MESSAGES.contentTooLong), { multiLine: true })),
  hashtags,
  category: optionalText(60, POST_MESSAGES.unknownCategory),
  images,
  offerTitle: optionalText(80, "An offer title can be at most 80 characters"),
  couponCode: optionalText(20, "A coupon code can be at most 20 characters").pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, POST_MESSAGES.couponShape)
      .transform((code) => code.toUpperCase())
      .nullable(),
  ),
  offerTerms: optionalText(500, "Terms can be at most 500 characters", { multiLine: true }),
  callToActionType: z
    .string()
    .optional()
    .transform((value) => value || null)
    .pipe(z.enum(CALL_TO_ACTION_TYPES, { message: "Choose what the button does" }).nullable()),
  callToActionUrl: optionalWebsite(POST_MESSAGES.websiteForButton),
};

type Problem = (path: string, message: string) => void;

/** An offer's rules that do not depend on its dates: a title, and a website for a website button. */
function checkOfferDetails(
  post: { kind: string; offerTitle: string | null; callToActionType: string | null; callToActionUrl: string | null },
  problem: Problem,
) {
  if (post.kind !== "offer") return;
  if (!post.offerTitle) problem("offerTitle", POST_MESSAGES.offerTitleRequired);
  if (post.callToActionType === "website" && !post.callToActionUrl) problem("callToActionUrl", POST_MESSAGES.websiteForButton);
}

const problemsOf =
  (context: z.RefinementCtx): Problem =>
  (path, message) =>
    context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });

/**
 * A post or offer to publish, as the composer's form holds it (the API's body is turned into this
 * shape first, so one set of rules checks both). Dates are days in India; `publishAt` a time in
 * India ('YYYY-MM-DDTHH:mm'), empty for now.
 */
export const postSchema = z
  .object({
    ...postFields,
    place,
    validFrom: optionalDate,
    validUntil: optionalDate,
    publishAt: optionalIndianDateTime(POST_MESSAGES.scheduleInPast),
  })
  .superRefine((post, context) => {
    const problem = problemsOf(context);
    if (post.publishAt) {
      if (post.publishAt.getTime() < Date.now() + SCHEDULE_MIN_MINUTES * 60_000) problem("publishAt", POST_MESSAGES.scheduleInPast);
      else if (post.publishAt.getTime() > Date.now() + SCHEDULE_MAX_DAYS * 86_400_000) problem("publishAt", POST_MESSAGES.scheduleTooFar);
    }
    checkOfferDetails(post, problem);
    if (post.kind !== "offer") return;
    if (!post.validFrom) problem("validFrom", POST_MESSAGES.startRequired);
    if (!post.validUntil) problem("validUntil", POST_MESSAGES.endRequired);
    if (post.validFrom && post.validUntil && post.validUntil < post.validFrom) problem("validUntil", POST_MESSAGES.endsBeforeStart);
    else if (post.validUntil && post.validUntil < indianDate(post.publishAt ?? new Date()))
      problem("validUntil", POST_MESSAGES.alreadyEnded);
  });

/**
 * A correction of a post already paid for, as the composer's edit form holds it: its words, images,
 * category and an offer's details. Where it reaches, when it went live and an offer's dates (what
 * was paid for) stay as they are: an edit is free, so it cannot buy a post more life.
 */
export const postEditSchema = z.object(postFields).superRefine((post, context) => checkOfferDetails(post, problemsOf(context)));

export type PostEditInput = z.output<typeof postEditSchema>;

export type PostInput = z.output<typeof postSchema>;

/** What a new offer's dates start as: today, for a week. */
export function defaultOfferDates(now: Date = new Date()) {
  const today = indianDate(now);
  return { validFrom: today, validUntil: addDays(today, 6) };
}

/** What POST and PUT /api/posts bodies say about a post's words and details, as the API names them. */
const apiPostFields = {
  kind: z.enum(["update", "offer"], { message: "kind must be 'update' or 'offer'" }),
  content: z.string().optional(),
  hashtags: z.union([z.array(z.string()), z.string()]).optional(),
  category: z.string().nullish(),
  images: z.array(z.string()).optional(),
  title: z.string().nullish(),
  couponCode: z.string().nullish(),
  terms: z.string().nullish(),
  callToAction: z.object({ type: z.string(), url: z.string().nullish() }).nullish(),
};

/** Those fields in the composer's shape (the form's names). */
function composerShape(body: z.output<z.ZodObject<typeof apiPostFields>>) {
  return {
    kind: body.kind,
    content: body.content,
    hashtags: body.hashtags,
    category: body.category ?? undefined,
    images: body.images,
    offerTitle: body.title ?? undefined,
    couponCode: body.couponCode ?? undefined,
    offerTerms: body.terms ?? undefined,
    callToActionType: body.callToAction?.type,
    callToActionUrl: body.callToAction?.url ?? undefined,
  };
}

/**
 * POST /api/posts's body: place and callToAction as objects, ISO dates (a full ISO time counts as
 * its day in India) and publishAt as an ISO time; turned into the composer's shape for postSchema.
 */
export const apiPostSchema = z
  .object({
    ...apiPostFields,
    place: z.object({ lat: z.number(), lon: z.number(), label: z.string().max(120).optional() }).nullish(),
    validFrom: z.string().nullish(),
    validUntil: z.string().nullish(),
    publishAt: z.string().datetime({ offset: true, message: "publishAt must be an ISO date and time" }).nullish(),
  })
  .transform((body) => {
    const day = (value: string | null | undefined) =>
      value && value.length > 10 && !Number.isNaN(Date.parse(value)) ? indianDate(new Date(value)) : (value ?? undefined);
    return {
      ...composerShape(body),
      place: body.place ? `${body.place.lat},${body.place.lon},${body.place.label ?? ""}` : undefined,
      validFrom: day(body.validFrom),
      validUntil: day(body.validUntil),
      publishAt: body.publishAt ? toIndianDateTime(new Date(body.publishAt)) : undefined,
    };
  })
  .pipe(postSchema);

export const EDIT_KEEPS_MESSAGE = "An edit keeps the post's place, time and an offer's dates: leave them out";

/**
 * PUT /api/posts/{id}'s body: POST /api/posts's without place, publishAt and the offer's dates
 * (what was paid for stays), turned into the edit form's shape for postEditSchema. What is left out
 * is cleared, as a PUT replaces (content and an offer's title are required).
 */
export const apiPostEditSchema = z
  .object({
    ...apiPostFields,
    place: z.undefined({ message: EDIT_KEEPS_MESSAGE }),
    publishAt: z.undefined({ message: EDIT_KEEPS_MESSAGE }),
    validFrom: z.undefined({ message: EDIT_KEEPS_MESSAGE }),
    validUntil: z.undefined({ message: EDIT_KEEPS_MESSAGE }),
  })
  .transform(composerShape)
  .pipe(postEditSchema);

/** The hashtags field's rules, for other forms that take tags the way the composer does (the admin's templates). */
export { hashtags as hashtagsField };
