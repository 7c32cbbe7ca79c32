import { z } from "zod";

import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from "~/lib/campaign-status";
import { SMS_STATUSES } from "~/lib/sms-status";

import { optionalFilterDay } from "./date-time";
import { noControlCharacters } from "./text";

/**
 * The admin's SMS screens: the filters of /admin/sms-history and /admin/campaigns (GET forms, so
 * every filter and page is in the URL), the pause and cancel forms of /admin/campaigns/{id}, and
 * the SMS settings form.
 */

export const ADMIN_SMS_MESSAGES = {
  badBusiness: "Search a business by its name, email or id (at most 100 characters)",
  badCampaign: "A campaign id looks like 3f2a…-…: copy it from the campaign's page",
  badDay: "Dates look like 2026-11-26",
  dayOutOfRange: ({ first, last }: { first: string; last: string }) => `Dates must be from ${first} to ${last}`,
  toBeforeFrom: "The 'to' date must not be before the 'from' date",
  reasonRequired: "Give the business a reason: it is shown on its campaign's page",
  reasonTooLong: "A reason can be at most 300 characters",
  badAction: "Choose pause or cancel",
  badHour: "Choose an hour from the list",
  windowOrder: "The window must open before it closes (start before end)",
  badHeader: "A sender header is 6 letters or digits, e.g. ISENTL",
} as const;

const blankAsNull = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

const optionalDay = optionalFilterDay(ADMIN_SMS_MESSAGES.badDay, ADMIN_SMS_MESSAGES.dayOutOfRange);

/** 'Business': a name, email or id to look for (empty: every business). */
const business = z.preprocess(blankAsNull, noControlCharacters(z.string().max(100, ADMIN_SMS_MESSAGES.badBusiness)).nullable());

/** The campaign statuses, from the state machine's labels (the schema module stays out of the browser's bundle). */
const CAMPAIGN_STATUSES = Object.keys(CAMPAIGN_STATUS_LABELS) as [CampaignStatus, ...CampaignStatus[]];

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

const datesInOrder = (query: { from: string | null; to: string | null }) => !query.from || !query.to || query.from <= query.to;

/** /admin/sms-history's search params. */
export const adminSmsHistoryQuerySchema = z
  .object({
    business,
    campaignId: z.preprocess(blankAsNull, z.string().uuid(ADMIN_SMS_MESSAGES.badCampaign).nullable()),
    status: z.preprocess(blankAsNull, z.enum(SMS_STATUSES, { message: `Status must be one of ${SMS_STATUSES.join(", ")}` }).nullable()),
    from: optionalDay,
    to: optionalDay,
    page,
  })
  .refine(datesInOrder, { message: ADMIN_SMS_MESSAGES.toBeforeFrom, path: ["to"] });

export type AdminSmsHistoryQuery = z.output<typeof adminSmsHistoryQuerySchema>;

/** /admin/campaigns's search params. */
export const adminCampaignsQuerySchema = z
  .object({
    business,
    status: z.preprocess(
      blankAsNull,
      z.enum(CAMPAIGN_STATUSES, { message: `Status must be one of ${CAMPAIGN_STATUSES.join(", ")}` }).nullable(),
    ),
    from: optionalDay,
    to: optionalDay,
    page,
  })
  .refine(datesInOrder, { message: ADMIN_SMS_MESSAGES.toBeforeFrom, path: ["to"] });

export type AdminCampaignsQuery = z.output<typeof adminCampaignsQuerySchema>;

/** What the admin may do to a business's campaign (the transition table says when). */
export const ADMIN_CAMPAIGN_ACTIONS = ["pause", "cancel"] as const;
export type AdminCampaignAction = (typeof ADMIN_CAMPAIGN_ACTIONS)[number];

export const REASON_MAX = 300;

/** Pause or cancel a campaign, with the reason its business reads on the campaign's page. */
export const adminCampaignActionSchema = z.object({
  intent: z.enum(ADMIN_CAMPAIGN_ACTIONS, { errorMap: () => ({ message: ADMIN_SMS_MESSAGES.badAction }) }),
  reason: z
    .string({ required_error: ADMIN_SMS_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_SMS_MESSAGES.reasonRequired)
    .pipe(noControlCharacters(z.string().max(REASON_MAX, ADMIN_SMS_MESSAGES.reasonTooLong))),
});

/** An hour as a select sends it ('10'); a form's values are text, so the input type is a string. */
const hour = (min: number, max: number) =>
  z
    .string({ required_error: ADMIN_SMS_MESSAGES.badHour })
    .trim()
    .regex(/^\d{1,2}$/, ADMIN_SMS_MESSAGES.badHour)
    .pipe(z.coerce.number().int().min(min, ADMIN_SMS_MESSAGES.badHour).max(max, ADMIN_SMS_MESSAGES.badHour));

/**
 * The platform's SMS settings: the promotional window (hours in India, from `startHour` up to
 * `endHour`, start before end), the sender header the platform's templates go out under, and
 * whether businesses may send free text instead of a DLT template.
 */
export const smsSettingsSchema = z
  .object({
    startHour: hour(0, 23),
    endHour: hour(1, 24),
    platformSenderHeader: z
      .string({ required_error: ADMIN_SMS_MESSAGES.badHeader })
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9]{6}$/, ADMIN_SMS_MESSAGES.badHeader)),
    // A checkbox: present ('on') when ticked, absent when not.
    smsFreeTextAllowed: z
      .union([z.literal("on"), z.boolean()])
      .optional()
      .transform((value) => value === "on" || value === true),
  })
  .refine((settings) => settings.startHour < settings.endHour, { message: ADMIN_SMS_MESSAGES.windowOrder, path: ["endHour"] });

export type SmsSettingsInput = z.output<typeof smsSettingsSchema>;
