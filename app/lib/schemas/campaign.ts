import { z } from "zod";

import type { CampaignAudience, SlotFill } from "~/db/schema/messaging";
import { uniqueGroups } from "~/lib/contact-groups";
import { toIndianDateTime } from "~/lib/india-days";
import { formatShortDate } from "~/lib/india-time";
import { slotTextProblem } from "~/lib/sms-text";

import { optionalIndianDateTime } from "./date-time";
import { noControlCharacters } from "./text";

export const CAMPAIGN_NAME_MAX = 80;
/** What a campaign left unnamed is called: its template's name (or 'My message') and the day in India, 'Orders ready · 28 Nov 2026'. */
export function defaultCampaignName(templateName: string | null, now: Date = new Date()): string {
  const day = ` · ${formatShortDate(now)}`;
  return `${(templateName ?? "My message").slice(0, CAMPAIGN_NAME_MAX - day.length).trim()}${day}`;
}

/** Picked contacts per campaign: a bigger audience is a group. */
export const PICKED_CONTACTS_MAX = 1_000;
/** A free-text message's limit before it is counted in parts (10 UCS-2 parts hold 670). */
export const FREE_TEXT_MAX = 1_600;

export const CAMPAIGN_MESSAGES = {
  nameTooLong: `A campaign name can be at most ${CAMPAIGN_NAME_MAX} characters`,
  templateRequired: "Choose an SMS template",
  messageRequired: "Write your message",
  messageTooLong: `A message can be at most ${FREE_TEXT_MAX.toLocaleString("en-IN")} characters`,
  badSource: "Choose what fills this slot",
  tagsRequired: "Choose at least one group",
  contactsRequired: "Choose at least one contact",
  tooManyContacts: `Pick at most ${PICKED_CONTACTS_MAX.toLocaleString("en-IN")} contacts; for more, use a group`,
  badContact: "Invalid contact ID",
  badSendAt: "Enter a date and time",
  sendAtInPast: "Choose a time in the future",
} as const;

export const SLOT_SOURCES = ["contact_name", "business_name", "fixed"] as const;

/** The composer's hidden field naming the template its slot choices were drawn for (another chosen since: they start afresh). */
export const FILLS_FOR = "fillsFor";
export const AUDIENCE_MODES = ["all", "tags", "contacts"] as const;

/** A form's repeated field, one value or many, without blanks. */
const list = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((value) => (Array.isArray(value) ? value : value ? [value] : []).map((entry) => entry.trim()).filter(Boolean));

/**
 * A slot's choice. Typed text is held to DLT's slot rules here, where the form or the API is read
 * (one line, no invisible characters, at most 30 characters), so nothing longer ever becomes a
 * message; an empty one is not refused here, so the numbers still come back while the business
 * types (the model names the slot that is left empty). Text sent with another choice is ignored.
 */
const slotFill = z
  .object({
    source: z.enum(SLOT_SOURCES, { message: CAMPAIGN_MESSAGES.badSource }),
    value: z.string().optional().default(""),
  })
  .superRefine((fill, context) => {
    const trouble = fill.source === "fixed" ? slotTextProblem(fill.value.trim()) : null;
    if (trouble) context.addIssue({ code: z.ZodIssueCode.custom, path: ["value"], message: trouble });
  });

/** What the model takes: the same for the composer's form and for POST /api/campaigns. */
export type CampaignInput = {
  /** Empty: the model names it (defaultCampaignName). */
  name: string;
  templateId: string | null;
  /** Free text, where the admin allows it (no template). */
  message: string | null;
  slotFills: SlotFill[];
  audience: CampaignAudience;
  sendAt: Date | null;
};

/**
 * The composer, as its form holds it: the template's slots as fills[i].source / fills[i].value,
 * the audience as a mode with its groups or picked contacts, and sendAt a time in India
 * ('YYYY-MM-DDTHH:mm'), empty for now.
 */
export const campaignSchema = z
  .object({
    // Optional: left empty, the model names it after its template and the day (defaultCampaignName).
    // (An empty field reaches here as undefined: conform reads '' as not given.)
    name: noControlCharacters(z.string().trim().max(CAMPAIGN_NAME_MAX, CAMPAIGN_MESSAGES.nameTooLong))
      .optional()
      .transform((value) => value ?? ""),
    templateId: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || null)
      .pipe(z.string().uuid(CAMPAIGN_MESSAGES.templateRequired).nullable()),
    message: z
      .string()
      .optional()
      .transform((value) => value?.trim() || null)
      .pipe(noControlCharacters(z.string().max(FREE_TEXT_MAX, CAMPAIGN_MESSAGES.messageTooLong), { multiLine: true }).nullable()),
    fills: z.array(slotFill).optional().default([]),
    audienceMode: z.enum(AUDIENCE_MODES, { message: "Choose who gets it" }).default("all"),
    tags: list.pipe(z.array(noControlCharacters(z.string().max(40, "A group name must be at most 40 characters")))),
    contactIds: list.pipe(z.array(z.string().uuid(CAMPAIGN_MESSAGES.badContact))),
    sendAt: optionalIndianDateTime(CAMPAIGN_MESSAGES.badSendAt),
  })
  .superRefine((form, context) => {
    const problem = (path: string, message: string) => context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    if (!form.templateId && !form.message) problem("templateId", CAMPAIGN_MESSAGES.templateRequired);
    if (form.audienceMode === "tags" && form.tags.length === 0) problem("tags", CAMPAIGN_MESSAGES.tagsRequired);
    if (form.audienceMode === "contacts") {
      if (form.contactIds.length === 0) problem("contactIds", CAMPAIGN_MESSAGES.contactsRequired);
      else if (new Set(form.contactIds).size > PICKED_CONTACTS_MAX) problem("contactIds", CAMPAIGN_MESSAGES.tooManyContacts);
    }
    // A field that failed may hold its raw value here (zod runs this on a dirty object too).
    if (form.sendAt instanceof Date && form.sendAt.getTime() <= Date.now()) problem("sendAt", CAMPAIGN_MESSAGES.sendAtInPast);
  })
  .transform((form): CampaignInput => {
    const audience: CampaignAudience =
      form.audienceMode === "tags"
        ? { tags: uniqueGroups(form.tags) }
        : form.audienceMode === "contacts"
          ? { contactIds: [...new Set(form.contactIds.map((id) => id.toLowerCase()))] }
          : { all: true };
    return {
      name: form.name,
      templateId: form.templateId,
      message: form.templateId ? null : form.message,
      slotFills: form.templateId
        ? form.fills.map((fill): SlotFill =>
            fill.source === "fixed" ? { source: "fixed", value: fill.value.trim() } : { source: fill.source },
          )
        : [],
      audience,
      sendAt: form.sendAt,
    };
  });

/** The composer's form as sent (before the schema): what the API body is turned into. */
export type CampaignForm = z.input<typeof campaignSchema>;

const apiVariable = z.union([
  z.string(),
  z.object({ source: z.enum(["contact_name", "business_name"], { message: "A variable's source is 'contact_name' or 'business_name'" }) }),
]);

/**
 * POST /api/campaigns's body: `variables` in slot order (a string is the same text for everyone,
 * {source} a contact's or the business's name), the audience as an object, sendAt an ISO time;
 * turned into the composer's shape so one set of rules checks both.
 */
export const apiCampaignSchema = z
  .object({
    name: z.string({ invalid_type_error: "name must be text" }).nullish(),
    smsTemplateId: z.string({ invalid_type_error: "smsTemplateId must be a template's id" }).nullish(),
    variables: z
      .array(apiVariable, { invalid_type_error: "variables must be an array in slot order" })
      .max(50)
      .optional()
      .superRefine((variables, context) =>
        variables?.forEach((variable, index) => {
          const trouble = typeof variable === "string" ? slotTextProblem(variable.trim()) : null;
          if (trouble) context.addIssue({ code: z.ZodIssueCode.custom, path: [index], message: `variables[${index}]: ${trouble}` });
        }),
      ),
    message: z.string({ invalid_type_error: "message must be text" }).nullish(),
    audience: z.union(
      [
        z.object({ all: z.literal(true) }).strict(),
        z.object({ tags: z.array(z.string()).max(50, "Choose at most 50 groups") }).strict(),
        z.object({ contactIds: z.array(z.string()).max(PICKED_CONTACTS_MAX, CAMPAIGN_MESSAGES.tooManyContacts) }).strict(),
      ],
      { errorMap: () => ({ message: "audience must be {all: true}, {tags: [...]} or {contactIds: [...]}" }) },
    ),
    sendAt: z.string().datetime({ offset: true, message: "sendAt must be an ISO date and time" }).nullish(),
  })
  .transform((body): CampaignForm => ({
    name: body.name ?? undefined,
    templateId: body.smsTemplateId ?? undefined,
    message: body.message ?? undefined,
    fills: (body.variables ?? []).map((variable) =>
      typeof variable === "string" ? { source: "fixed" as const, value: variable } : { source: variable.source },
    ),
    audienceMode: "all" in body.audience ? "all" : "tags" in body.audience ? "tags" : "contacts",
    tags: "tags" in body.audience ? body.audience.tags : [],
    contactIds: "contactIds" in body.audience ? body.audience.contactIds : [],
    // The form holds whole minutes: round up, so a time just ahead does not become one just past.
    sendAt: body.sendAt ? toIndianDateTime(new Date(Math.ceil(Date.parse(body.sendAt) / 60_000) * 60_000)) : undefined,
  }))
  .pipe(campaignSchema);

export const SMS_REGISTRATION_MESSAGES = {
  header: "A sender header is 6 letters or digits, e.g. ASHAKT",
  entityId: "A DLT entity id is 19 digits",
  both: "Enter both your DLT entity id and your sender header, or neither",
} as const;

/** A business's own DLT registration: both its entity id and its 6-character header, or neither (then the platform's). */
export const smsRegistrationSchema = z
  .object({
    dltEntityId: z
      .string()
      .optional()
      .transform((value) => value?.replace(/[\s-]/g, "") || null)
      .pipe(
        z
          .string()
          .regex(/^\d{19}$/, SMS_REGISTRATION_MESSAGES.entityId)
          .nullable(),
      ),
    senderHeader: z
      .string()
      .optional()
      .transform((value) => value?.trim().toUpperCase() || null)
      .pipe(
        z
          .string()
          .regex(/^[A-Z0-9]{6}$/, SMS_REGISTRATION_MESSAGES.header)
          .nullable(),
      ),
  })
  .superRefine((registration, context) => {
    if ((registration.dltEntityId === null) !== (registration.senderHeader === null)) {
      const path = registration.dltEntityId === null ? "dltEntityId" : "senderHeader";
      context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message: SMS_REGISTRATION_MESSAGES.both });
    }
  });

export type SmsRegistrationInput = z.output<typeof smsRegistrationSchema>;

export const INVALID_CAMPAIGN_ID = "Invalid campaign ID";
