import { randomUUID } from "node:crypto";

import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";

import { config } from "~/config.server";
import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import {
  campaignEvents,
  campaigns,
  smsMessages,
  templates,
  users,
  type CampaignAudience,
  type SlotFill,
  type SmsCategory,
} from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import {
  actionRefusal,
  availableActions,
  CAMPAIGN_TRANSITIONS,
  canApply,
  FINAL_CAMPAIGN_STATUSES,
  type CampaignAction,
  type CampaignEvent,
  type CampaignStatus,
} from "~/lib/campaign-status";
import { costByNameGroup, messageRenderer } from "~/lib/campaign-message";
import { countOf, formatCount } from "~/lib/format-count";
import { endOfIndianDay, startOfIndianDay } from "~/lib/india-days";
import { formatLongDateTime } from "~/lib/india-time";
import { slotLabels } from "~/lib/slot-labels";
import { CAMPAIGN_MESSAGES, defaultCampaignName, smsRegistrationSchema, type CampaignInput } from "~/lib/schemas/campaign";
import { hourInWords, isWithinSendingWindow, nextWindowStart, type DailyWindow } from "~/lib/sending-window";
import type { SmsStatus } from "~/lib/sms-status";
import {
  analyseSms,
  countSlots,
  matchesApprovedText,
  MAX_PARTS,
  slotTextProblem,
  slotValueProblem,
  type SmsEncoding,
} from "~/lib/sms-text";

import { summariseAudience } from "./campaign-audience.server";
import { chargeCredits, grantCredits } from "./credits.server";
import { CAMPAIGN_MAIL_DELAY_MINUTES, queueOwnerNotice } from "./owner-notices.server";
import { hitRateLimit, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";
import { findEarlierRequest, madeWithKey, rememberRequest, requestHash, type IdempotencyKey } from "./idempotency.server";
import { priceOf } from "./pricing.server";
import { getSmsSettings } from "./settings.server";

/**
 * SMS campaigns as their business has them: the DLT templates it may use, its registration, the
 * estimate before sending, and the campaign's life (draft → scheduled → sending → sent, or paused,
 * cancelled, failed), every change through one guarded transition. Sending reserves the whole cost
 * and writes one message row per recipient in one transaction; the dispatch worker
 * (sms-dispatch.server.ts) hands them to the provider; settlement refunds what never went. The HTML
 * routes and /api/campaigns call these same functions.
 */

type Reader = Pick<Database | Transaction, "select" | "execute">;

export type Campaign = typeof campaigns.$inferSelect;
export type { SmsStatus };

export type FieldErrors = Record<string, string[]>;

/** Why a campaign request was refused; nothing changed. */
export type CampaignRefusal = {
  ok: false;
  status: 400 | 402 | 404 | 409 | 422;
  message: string;
  fieldErrors?: FieldErrors;
  /** A short balance (402): what it costs, what there is, what is missing. */
  cost?: number;
  balance?: number;
  shortfall?: number;
  /** A change the transition table refuses (409): the status the campaign is in now. */
  currentStatus?: Campaign["status"];
};

export const CAMPAIGN_REFUSALS = {
  notFound: "Campaign not found",
  templateNotFound: "SMS template not found",
  contactsNotFound: "Some of the chosen contacts were not found",
  freeTextNotAllowed: "Free text is not allowed: choose an SMS template",
  needsRegistration: "Add your DLT entity id and sender header before you send your own templates",
  keyReused: "This Idempotency-Key was used for a different campaign",
  noContacts: "No contacts in this audience",
  allOptedOut: "Everyone in this audience has opted out of SMS",
  noMobiles: "None of these contacts has a mobile number that can get SMS",
  notMobile: "Not a mobile number",
  notApproved: "The message does not match the template's approved text: check the slots",
} as const;

const refuse = (status: CampaignRefusal["status"], message: string, fieldErrors?: FieldErrors): CampaignRefusal => ({
  ok: false,
  status,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

// ─── Templates and registration ───────────────────────────────────────────────────────────────

export type SmsTemplate = {
  id: string;
  name: string;
  category: SmsCategory;
  /** The approved text with its {#var#} slots. */
  text: string;
  slotHints: string[];
  dltTemplateId: string;
  /** The business's own (registered under its own entity id), not the platform's. */
  own: boolean;
};

const templateColumns = {
  id: templates.id,
  name: templates.title,
  category: sql<SmsCategory>`${templates.smsCategory}`,
  text: templates.content,
  slotHints: templates.slotHints,
  dltTemplateId: sql<string>`${templates.dltTemplateId}`,
  own: sql<boolean>`${templates.userId} is not null`,
};

/** The SMS templates a business may send: the platform's and its own, active ones. */
const usableBy = (userId: string) =>
  and(eq(templates.kind, "sms"), eq(templates.isActive, true), or(isNull(templates.userId), eq(templates.userId, userId)));

export async function listSmsTemplates(userId: string): Promise<SmsTemplate[]> {
  return db()
    .select(templateColumns)
    .from(templates)
    .where(usableBy(userId))
    .orderBy(sql`${templates.userId} is null`, asc(templates.sortOrder), asc(templates.title));
}

async function findSmsTemplate(tx: Reader, userId: string, id: string): Promise<SmsTemplate | null> {
  const [template] = await tx
    .select(templateColumns)
    .from(templates)
    .where(and(eq(templates.id, id), usableBy(userId)));
  return template ?? null;
}

export type SmsRegistration = {
  /** The business's own registration, both or neither. */
  dltEntityId: string | null;
  senderHeader: string | null;
  /** What the platform's templates go out under. */
  platform: { dltEntityId: string; senderHeader: string };
};

/** The platform's registration: its entity id from the environment, its header the admin's setting (else the environment's). */
const platformSender = async (tx: Reader = db()) => ({
  dltEntityId: config.SMS_DLT_ENTITY_ID,
  senderHeader: (await getSmsSettings(tx)).platformSenderHeader,
});

export async function smsRegistration(userId: string): Promise<SmsRegistration | null> {
  const [row] = await db()
    .select({ dltEntityId: users.dltEntityId, senderHeader: users.smsSenderHeader })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { ...row, platform: await platformSender() } : null;
}

/** Saves (or, both empty, removes) the business's own DLT entity id and sender header. */
export async function updateSmsRegistration(
  userId: string,
  input: { dltEntityId?: string | null; senderHeader?: string | null },
): Promise<{ ok: true; registration: SmsRegistration } | CampaignRefusal> {
  const parsed = smsRegistrationSchema.safeParse({
    dltEntityId: input.dltEntityId ?? undefined,
    senderHeader: input.senderHeader ?? undefined,
  });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) (fieldErrors[issue.path.join(".")] ??= []).push(issue.message);
    return refuse(400, parsed.error.issues[0].message, fieldErrors);
  }
  const [row] = await db()
    .update(users)
    .set({ dltEntityId: parsed.data.dltEntityId, smsSenderHeader: parsed.data.senderHeader })
    .where(eq(users.id, userId))
    .returning({ dltEntityId: users.dltEntityId, senderHeader: users.smsSenderHeader });
  if (!row) return refuse(404, "Account not found");
  return { ok: true, registration: { ...row, platform: await platformSender() } };
}

// ─── Rendering and the estimate ───────────────────────────────────────────────────────────────

/** What a campaign's messages are made from: a DLT template's approved text, or free text. */
type MessageSource = {
  templateId: string | null;
  /** The template's name (a campaign left unnamed is called after it); null for free text. */
  name: string | null;
  /** The approved text with slots, or the free text. */
  text: string;
  category: SmsCategory;
  slotHints: string[];
  dltTemplateId: string | null;
  /** A business's own template: it needs the business's own registration. */
  own: boolean;
};

/** A slot's name for messages: its label in the composer ('Customer name', 'Amount', 'Blank 2'). */
const slotName = (source: MessageSource, index: number) => slotLabels(source.text, source.slotHints)[index];

/**
 * How each recipient's message is made: the same value for everyone in each slot a fixed text or
 * the business's name fills (null where the contact's name goes), checked against DLT's rules and
 * named by the slot's hint.
 */
function slotValuesFor(source: MessageSource, fills: SlotFill[], businessName: string) {
  const fieldErrors: FieldErrors = {};
  const isTemplate = source.dltTemplateId !== null;
  const slots = isTemplate ? countSlots(source.text) : 0;
  if (isTemplate && fills.length !== slots) {
    (fieldErrors.fills ??= []).push(`This template has ${slots} ${slots === 1 ? "slot" : "slots"}: fill each one`);
  }
  const shared: Array<string | null> = [];
  for (let i = 0; i < slots; i++) {
    const fill = fills[i];
    const value = !fill || fill.source === "contact_name" ? null : fill.source === "fixed" ? fill.value : businessName.trim();
    const trouble = value === null ? null : slotValueProblem(value);
    if (trouble) (fieldErrors[`fills[${i}].value`] ??= []).push(`${slotName(source, i)}: ${trouble}`);
    shared.push(value);
  }
  const render = messageRenderer({ text: source.text, isTemplate, category: source.category }, shared);
  return { render, shared, fieldErrors, isTemplate };
}

export type CampaignEstimate = {
  /** Messages that will go: the audience less opted-out contacts and numbers that are not mobiles. */
  recipients: number;
  skippedOptedOut: number;
  skippedNotMobile: number;
  /** UCS-2 when any message is. */
  encoding: SmsEncoding;
  /** The most parts any one message takes. */
  parts: number;
  totalParts: number;
  /** Credits: the sum over the messages of parts × the SMS price. */
  cost: number;
  /** Credits per part. */
  price: number;
  category: SmsCategory;
  /** The message as its first recipient gets it. */
  preview: string;
  /** Of the longest message: its length as counted for parts, and what made it UCS-2. */
  characters: number;
  unicodeCause: { char: string; index: number } | null;
  balance: number;
};

type Prepared = {
  estimate: CampaignEstimate;
  fieldErrors: FieldErrors;
  /** The messages it writes: one per recipient, and one (skipped) per number that cannot get SMS. */
  messages: number;
  sender: { senderHeader: string; dltEntityId: string };
};

/**
 * Counts what a campaign would send and cost, checking DLT's rules: one value per slot, each at
 * most 30 characters on one line (named by the slot's hint), at most 10 parts, and someone to send
 * to. A value shared by every message is checked before anything else is read; the audience is
 * counted in SQL, by groups of names (campaign-audience.server.ts), never message by message.
 */
async function prepare(
  tx: Reader,
  userId: string,
  source: MessageSource,
  fills: SlotFill[],
  audience: CampaignAudience,
): Promise<Prepared | CampaignRefusal> {
  const [business] = await tx
    .select({
      businessName: users.businessName,
      balance: users.balance,
      dltEntityId: users.dltEntityId,
      senderHeader: users.smsSenderHeader,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!business) return refuse(404, "Account not found");
  const registered = business.dltEntityId !== null && business.senderHeader !== null;
  if (source.own && !registered)
    return refuse(409, CAMPAIGN_REFUSALS.needsRegistration, { templateId: [CAMPAIGN_REFUSALS.needsRegistration] });
  // The platform's templates are registered under the platform's entity; the rest under the business's when it has one.
  const sender =
    registered && (source.templateId === null || source.own)
      ? { dltEntityId: business.dltEntityId as string, senderHeader: business.senderHeader as string }
      : await platformSender(tx);

  const { render, shared, fieldErrors, isTemplate } = slotValuesFor(source, fills, business.businessName);
  // A value no message could carry is refused before the audience is read (an empty one still gets the numbers).
  if (shared.some((value) => value !== null && slotTextProblem(value))) {
    return refuse(400, firstProblem(fieldErrors) as string, fieldErrors);
  }
  const problem = (field: string, message: string) => (fieldErrors[field] ??= []).push(message);

  const summary = await summariseAudience(tx, userId, audience);
  if ("contactIds" in audience && summary.members < audience.contactIds.length) {
    return refuse(404, CAMPAIGN_REFUSALS.contactsNotFound, { contactIds: [CAMPAIGN_REFUSALS.contactsNotFound] });
  }
  const price = await priceOf("sms", tx);
  const counted = costByNameGroup(render, summary.groups);
  const recipients = counted?.recipients ?? 0;

  const audienceField = "tags" in audience ? "tags" : "contactIds" in audience ? "contactIds" : "audienceMode";
  if (summary.members === 0) problem(audienceField, CAMPAIGN_REFUSALS.noContacts);
  else if (summary.members === summary.optedOut) problem(audienceField, CAMPAIGN_REFUSALS.allOptedOut);
  else if (recipients === 0) problem(audienceField, CAMPAIGN_REFUSALS.noMobiles);

  const preview = render(
    summary.firstName ??
      slotName(
        source,
        fills.findIndex((fill) => fill.source === "contact_name"),
      ),
  );
  const shown = analyseSms(preview);
  const longest = counted && counted.longest.characters > shown.characters ? counted.longest : { ...shown, body: preview };
  const parts = Math.max(counted?.parts ?? 0, shown.parts);
  // What the operator's DLT scrubbing checks: the messages against the approved text.
  if (
    isTemplate &&
    Object.keys(fieldErrors).length === 0 &&
    [preview, longest.body].some((body) => !matchesApprovedText(body, source.text))
  ) {
    problem("fills", CAMPAIGN_REFUSALS.notApproved);
  }
  if (parts > MAX_PARTS) problem(isTemplate ? "fills" : "message", `This message takes ${parts} parts: at most ${MAX_PARTS} can be sent`);
  const totalParts = counted?.totalParts ?? 0;
  return {
    estimate: {
      recipients,
      skippedOptedOut: summary.optedOut,
      skippedNotMobile: summary.notMobile,
      encoding: counted?.encoding === "UCS-2" || longest.encoding === "UCS-2" ? "UCS-2" : "GSM-7",
      parts,
      totalParts,
      cost: totalParts * price,
      price,
      category: source.category,
      preview,
      characters: longest.characters,
      unicodeCause: longest.unicodeCause,
      balance: business.balance,
    },
    fieldErrors,
    messages: recipients + summary.notMobile,
    sender,
  };
}

/** Where a new campaign's messages come from: its template (the business's or the platform's), or free text where allowed. */
async function sourceFor(tx: Reader, userId: string, input: CampaignInput): Promise<MessageSource | CampaignRefusal> {
  if (input.templateId) {
    const template = await findSmsTemplate(tx, userId, input.templateId);
    if (!template) return refuse(404, CAMPAIGN_REFUSALS.templateNotFound, { templateId: [CAMPAIGN_REFUSALS.templateNotFound] });
    return {
      templateId: template.id,
      name: template.name,
      text: template.text,
      category: template.category,
      slotHints: template.slotHints,
      dltTemplateId: template.dltTemplateId,
      own: template.own,
    };
  }
  const settings = await getSmsSettings(tx);
  if (!settings.smsFreeTextAllowed)
    return refuse(400, CAMPAIGN_REFUSALS.freeTextNotAllowed, { templateId: [CAMPAIGN_REFUSALS.freeTextNotAllowed] });
  if (!input.message) return refuse(400, CAMPAIGN_MESSAGES.messageRequired, { message: [CAMPAIGN_MESSAGES.messageRequired] });
  return { templateId: null, name: null, text: input.message, category: "promotional", slotHints: [], dltTemplateId: null, own: false };
}

/** A saved campaign's source: the text it was made with (its template may have changed or gone since). */
async function sourceOf(tx: Reader, campaign: Campaign): Promise<MessageSource> {
  const [template] = campaign.templateId
    ? await tx
        .select({ slotHints: templates.slotHints, userId: templates.userId })
        .from(templates)
        .where(eq(templates.id, campaign.templateId))
    : [];
  return {
    templateId: campaign.templateId,
    name: campaign.name,
    text: campaign.message,
    category: campaign.category,
    slotHints: template?.slotHints ?? [],
    dltTemplateId: campaign.dltTemplateId,
    own: template ? template.userId !== null : false,
  };
}

/** How a sent campaign's messages are made: its saved text and slot choices, with the business's name as it is now. */
export async function campaignRenderer(tx: Reader, campaign: Campaign): Promise<(name: string) => string> {
  const [business] = await tx.select({ businessName: users.businessName }).from(users).where(eq(users.id, campaign.userId));
  return slotValuesFor(await sourceOf(tx, campaign), campaign.slotFills, business?.businessName ?? "").render;
}

const firstProblem = (fieldErrors: FieldErrors) => Object.values(fieldErrors).find((messages) => messages.length)?.[0] ?? null;

/** What a campaign would cost and look like, with the problems that would stop it (empty when it can go). */
export async function estimateCampaign(
  userId: string,
  input: CampaignInput,
): Promise<{ ok: true; estimate: CampaignEstimate; fieldErrors: FieldErrors } | CampaignRefusal> {
  const source = await sourceFor(db(), userId, input);
  if ("ok" in source) return source;
  const prepared = await prepare(db(), userId, source, input.slotFills, input.audience);
  if ("ok" in prepared) return prepared;
  return { ok: true, estimate: prepared.estimate, fieldErrors: prepared.fieldErrors };
}

// ─── The state machine ────────────────────────────────────────────────────────────────────────

/**
 * The one place a campaign's status changes: an UPDATE whose WHERE is the transition's `from`
 * (lib/campaign-status.ts), and its campaign_events row, in the caller's transaction. `to` may
 * only say 'scheduled' for a send or resume that must wait. Null when the campaign is not in a
 * status the event applies to (nothing changed).
 */
export async function transitionCampaign(
  tx: Transaction,
  campaignId: string,
  event: CampaignEvent,
  reason: string | null,
  options: { to?: "scheduled"; startsAt?: Date | null } = {},
): Promise<{ from: CampaignStatus; to: CampaignStatus } | null> {
  const transition = CAMPAIGN_TRANSITIONS[event];
  const to = options.to ?? transition.to;
  const from = sql.join(
    transition.from.map((status) => sql`${status}`),
    sql`, `,
  );
  const final = FINAL_CAMPAIGN_STATUSES.includes(to);
  const [row] = await queryRows<{ from_status: CampaignStatus }>(
    tx as unknown as Database,
    sql`with old as (select id, status from campaigns where id = ${campaignId} and status in (${from}) for update)
        update campaigns set
          status = ${to},
          status_reason = ${reason},
          starts_at = ${to === "scheduled" ? sql`${options.startsAt?.toISOString() ?? null}::timestamptz` : sql`campaigns.starts_at`},
          started_at = ${to === "sending" ? sql`coalesce(campaigns.started_at, now())` : sql`campaigns.started_at`},
          completed_at = ${final ? sql`now()` : sql`campaigns.completed_at`},
          updated_at = now()
        from old where campaigns.id = old.id
        returning old.status as from_status`,
  );
  if (!row) return null;
  await tx.insert(campaignEvents).values({ campaignId, fromStatus: row.from_status, toStatus: to, reason });
  return { from: row.from_status, to };
}

/** When a campaign sent (or resumed) now may start: its own time, moved to the window's opening for promotional SMS. */
export function campaignStartTime(campaign: { category: SmsCategory; sendAt: Date | null }, window: DailyWindow, now: Date) {
  let startsAt = campaign.sendAt && campaign.sendAt > now ? campaign.sendAt : now;
  let outsideWindow = false;
  if (campaign.category === "promotional" && !isWithinSendingWindow(startsAt, window)) {
    startsAt = nextWindowStart(startsAt, window);
    outsideWindow = true;
  }
  const waits = startsAt.getTime() > now.getTime();
  const reason = !waits
    ? null
    : outsideWindow
      ? `Promotional SMS go out between ${hourInWords(window.startHour)} and ${hourInWords(window.endHour)} in India: starts ${formatLongDateTime(startsAt)}`
      : `Starts ${formatLongDateTime(startsAt)}`;
  return { startsAt, waits, reason };
}

export const SEND_MESSAGES = {
  scheduleInPast: CAMPAIGN_MESSAGES.sendAtInPast,
  shortBalance: (cost: number, balance: number) =>
    `This campaign costs ${countOf(cost, "credit")} and your balance is ${formatCount(balance)}: add ${countOf(cost - balance, "credit")} to send it.`,
} as const;

async function lockCampaign(tx: Transaction, userId: string, campaignId: string): Promise<Campaign | null> {
  if (!isUuidLike(campaignId)) return null;
  const [campaign] = await tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .for("update");
  return campaign ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuidLike = (value: string) => UUID.test(value);

/** `repeated`: the campaign an earlier request with the same idempotency key made. */
/**
 * Counts the audience outside any transaction, a slice at a time with other requests between (on
 * PGlite a transaction holds the one database connection): the transaction that follows finds the
 * count kept for the contacts as they are, unless they changed meanwhile.
 */
async function countBeforeLocking(userId: string, audience: CampaignAudience): Promise<void> {
  await summariseAudience(db(), userId, audience);
}

export type CampaignResult = { ok: true; campaign: Campaign; estimate: CampaignEstimate; repeated?: boolean } | CampaignRefusal;

/**
 * Saves a campaign as a draft, checked as it would be sent. With an idempotency key, a repeat of
 * the same request within 24 hours answers with the campaign the first made; the key on a
 * different request is refused (422).
 */
export async function createCampaign(
  userId: string,
  input: CampaignInput,
  { idempotencyKey = null }: { idempotencyKey?: string | null } = {},
): Promise<CampaignResult> {
  const key: IdempotencyKey | null = idempotencyKey ? { userId, request: "campaign", key: idempotencyKey } : null;
  const hash = requestHash(input);
  if (!input.slotFills.some((fill) => fill.source === "fixed" && slotTextProblem(fill.value)))
    await countBeforeLocking(userId, input.audience);
  return db().transaction(async (tx): Promise<CampaignResult> => {
    // A business's creates are taken one at a time, so a repeated key finds the first's row.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const earlier = key ? await findEarlierRequest(tx, key, hash) : null;
    if (earlier && !earlier.sameRequest) return refuse(422, CAMPAIGN_REFUSALS.keyReused);
    const source = await sourceFor(tx, userId, input);
    if ("ok" in source) return source;
    const prepared = await prepare(tx, userId, source, input.slotFills, input.audience);
    if ("ok" in prepared) return prepared;
    if (earlier?.resourceId) {
      const [made] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, earlier.resourceId), eq(campaigns.userId, userId)));
      if (made) return { ok: true, campaign: made, estimate: prepared.estimate, repeated: true };
    }
    const problem = firstProblem(prepared.fieldErrors);
    if (problem) return refuse(400, problem, prepared.fieldErrors);
    const [campaign] = await tx
      .insert(campaigns)
      .values({
        id: randomUUID(),
        userId,
        name: input.name || defaultCampaignName(source.name),
        templateId: source.templateId,
        message: source.text,
        slotFills: input.slotFills,
        audience: input.audience,
        category: source.category,
        dltTemplateId: source.dltTemplateId,
        senderHeader: prepared.sender.senderHeader,
        dltEntityId: prepared.sender.dltEntityId,
        sendAt: input.sendAt,
      })
      .returning();
    await tx.insert(campaignEvents).values({ campaignId: campaign.id, fromStatus: null, toStatus: "draft", reason: "Created" });
    if (key) await rememberRequest(tx, key, hash, campaign.id);
    return { ok: true, campaign, estimate: prepared.estimate };
  });
}

/** The campaign a form's key made already (a double tap, a reload) within the key's 24 hours, or null. */
export async function campaignMadeWithKey(userId: string, idempotencyKey: string | null | undefined): Promise<string | null> {
  return idempotencyKey ? madeWithKey({ userId, request: "campaign", key: idempotencyKey }) : null;
}

/**
 * Starts a draft: in one transaction, locks it (only a draft may be sent), counts its audience as
 * the estimate does, reserves the whole cost, and moves it to 'sending', or to 'scheduled' when its
 * time (`at`, else its sendAt) is ahead or a promotional campaign is outside the sending window,
 * with its dispatch job, which writes a message per recipient in chunks (sms-dispatch.server.ts)
 * and then sends them when their time comes. Its work does not grow with the audience. A short
 * balance (402) changes nothing.
 */
export async function sendCampaign(userId: string, campaignId: string, { at }: { at?: Date | null } = {}): Promise<CampaignResult> {
  const now = new Date();
  if (at && at.getTime() <= now.getTime()) return refuse(400, SEND_MESSAGES.scheduleInPast, { sendAt: [SEND_MESSAGES.scheduleInPast] });
  const [draft] = isUuidLike(campaignId)
    ? await db()
        .select({ status: campaigns.status, audience: campaigns.audience })
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    : [];
  if (draft?.status === "draft") await countBeforeLocking(userId, draft.audience);
  return db().transaction(async (tx): Promise<CampaignResult> => {
    const campaign = await lockCampaign(tx, userId, campaignId);
    if (!campaign) return refuse(404, CAMPAIGN_REFUSALS.notFound);
    if (!canApply("send", campaign.status))
      return { ...refuse(409, actionRefusal("send", campaign.status)), currentStatus: campaign.status };
    const prepared = await prepare(tx, userId, await sourceOf(tx, campaign), campaign.slotFills, campaign.audience);
    if ("ok" in prepared) return prepared;
    const problem = firstProblem(prepared.fieldErrors);
    if (problem) return refuse(400, problem, prepared.fieldErrors);

    const { cost } = prepared.estimate;
    if (cost > 0) {
      const charge = await chargeCredits(tx, { userId, amount: cost, reason: "campaign", reference: campaign.id });
      if (!charge.ok) {
        return {
          ...refuse(402, SEND_MESSAGES.shortBalance(cost, charge.balance)),
          cost,
          balance: charge.balance,
          shortfall: cost - charge.balance,
        };
      }
    }
    const sendAt = at ?? campaign.sendAt;
    const { window } = await getSmsSettings(tx);
    const start = campaignStartTime({ category: campaign.category, sendAt }, window, now);
    await tx
      .update(campaigns)
      .set({
        recipientsCount: prepared.messages,
        cost,
        // Its messages are written by the dispatch job, for the audience as it is now.
        audienceAsOf: sql`now()`,
        writtenThroughContactId: null,
        messagesWrittenAt: null,
        senderHeader: prepared.sender.senderHeader,
        dltEntityId: prepared.sender.dltEntityId,
        sendAt,
        startsAt: start.startsAt,
      })
      .where(eq(campaigns.id, campaign.id));
    const moved = await transitionCampaign(
      tx,
      campaign.id,
      "send",
      start.reason,
      start.waits ? { to: "scheduled", startsAt: start.startsAt } : {},
    );
    if (!moved) throw new Error(`Campaign ${campaign.id} changed while locked`);
    // At once, also when it waits for its time: the job writes its messages first, then waits.
    await queueJob("campaign-dispatch", { campaignId: campaign.id }, { tx });
    const [sent] = await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    return { ok: true, campaign: sent, estimate: prepared.estimate };
  });
}

/**
 * What one business may ask of its campaigns, counted for all instances: counting an audience
 * (the composer's live count asks as the business types; a count is kept until the contacts
 * change, but a business that keeps changing them makes each one count afresh), saving campaigns
 * (a runaway script fills no list), and starting them, which costs money (a runaway script spends
 * nothing past it).
 */
export const CAMPAIGN_LIMITS = {
  estimate: { limit: 120, windowSeconds: 60 },
  create: { limit: 100, windowSeconds: 3600 },
  send: { limit: 30, windowSeconds: 3600 },
} as const satisfies Record<string, RateLimit>;

/** Counts one estimate, saved campaign or start for the business; a Throttled answer means refuse it (429). */
export async function throttleCampaigns(userId: string, kind: keyof typeof CAMPAIGN_LIMITS): Promise<Throttled | null> {
  const result = await hitRateLimit(`campaign-${kind}:user:${userId}`, CAMPAIGN_LIMITS[kind]);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

export type ChangeResult = { ok: true; campaign: Campaign } | CampaignRefusal;

/** Pause, resume or cancel, as the transition table allows (409 with its text otherwise). Cancel settles what it can at once. */
export async function changeCampaign(userId: string, campaignId: string, action: Exclude<CampaignAction, "send">): Promise<ChangeResult> {
  return db().transaction(async (tx): Promise<ChangeResult> => {
    const campaign = await lockCampaign(tx, userId, campaignId);
    if (!campaign) return refuse(404, CAMPAIGN_REFUSALS.notFound);
    if (!canApply(action, campaign.status))
      return { ...refuse(409, actionRefusal(action, campaign.status)), currentStatus: campaign.status };
    if (action === "pause") {
      await transitionCampaign(tx, campaign.id, "pause", "Paused by the business");
    } else if (action === "cancel") {
      await transitionCampaign(tx, campaign.id, "cancel", "Cancelled by the business");
      await settle(tx, campaign.id);
    } else {
      const { window } = await getSmsSettings(tx);
      const start = campaignStartTime(campaign, window, new Date());
      await transitionCampaign(tx, campaign.id, "resume", start.reason, start.waits ? { to: "scheduled", startsAt: start.startsAt } : {});
      await queueJob("campaign-dispatch", { campaignId: campaign.id }, { tx, ...(start.waits ? { startAfter: start.startsAt } : {}) });
    }
    const [changed] = await tx.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    return { ok: true, campaign: changed };
  });
}

// ─── Settlement ───────────────────────────────────────────────────────────────────────────────

/** What a campaign's messages the provider took cost: what it keeps of its reserve when it ends. */
const costTaken = () =>
  sql<number>`coalesce(sum(${smsMessages.cost}) filter (where ${smsMessages.submittedAt} is not null), 0)`.mapWith(Number);

/**
 * Once a campaign is final and no worker holds any of its messages: its messages still queued are
 * cancelled, and all it reserved but what the messages the provider took cost comes back as one
 * refund (messages skipped, cancelled, failed before the provider took them, never written because
 * it was cancelled first, or cheaper than reserved), referenced `campaign:<id>` so it is made once. Returns the credits refunded, or null when it cannot settle yet (or did before).
 */
export async function settle(tx: Transaction, campaignId: string): Promise<number | null> {
  const [campaign] = await tx
    .select({ userId: campaigns.userId, status: campaigns.status, settledAt: campaigns.settledAt, cost: campaigns.cost })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .for("update");
  if (!campaign || campaign.settledAt || !FINAL_CAMPAIGN_STATUSES.includes(campaign.status)) return null;
  // Claimed messages are in a worker's hands (maybe at the provider): they finish first.
  await tx
    .update(smsMessages)
    .set({ status: "cancelled", finishedAt: sql`now()` })
    .where(
      and(
        eq(smsMessages.campaignId, campaignId),
        eq(smsMessages.status, "queued"),
        or(isNull(smsMessages.claimedUntil), lte(smsMessages.claimedUntil, sql`now()`)),
      ),
    );
  const [{ held, taken }] = await tx
    .select({
      held: sql<number>`count(*) filter (where ${smsMessages.status} = 'queued')`.mapWith(Number),
      taken: costTaken(),
    })
    .from(smsMessages)
    .where(eq(smsMessages.campaignId, campaignId));
  if (held > 0) return null;
  // Never more than was reserved: a name made longer between Send and its message being written costs the business nothing more.
  const refund = Math.max(0, campaign.cost - taken);
  if (refund > 0)
    await grantCredits(tx, { userId: campaign.userId, amount: refund, reason: "refund", reference: `campaign:${campaignId}` });
  await tx
    .update(campaigns)
    .set({ refunded: refund, settledAt: sql`now()` })
    .where(eq(campaigns.id, campaignId));
  // Its owner hears how it went once most delivery reports are in (a cancel was someone's own doing).
  if (campaign.status !== "cancelled") {
    const startAfter = new Date(Date.now() + CAMPAIGN_MAIL_DELAY_MINUTES * 60_000);
    await queueOwnerNotice(tx, "campaign_finished", campaignId, { startAfter });
  }
  return refund;
}

/**
 * What cancelling a business's campaign now would give back, said before it is cancelled: all it
 * reserved but what the messages the provider already took cost (a campaign still sending may hand
 * over a few more before it stops). Null for another business's campaign, an unknown one, or one
 * that can no longer be cancelled.
 */
export async function refundIfCancelled(
  userId: string,
  campaignId: string,
): Promise<{ id: string; name: string; status: CampaignStatus; refund: number } | null> {
  if (!isUuidLike(campaignId)) return null;
  const [campaign] = await db()
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status, cost: campaigns.cost })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!campaign || !canApply("cancel", campaign.status)) return null;
  const [{ taken }] = await db().select({ taken: costTaken() }).from(smsMessages).where(eq(smsMessages.campaignId, campaign.id));
  return { id: campaign.id, name: campaign.name, status: campaign.status, refund: Math.max(0, campaign.cost - taken) };
}

/** Settles a final campaign in a transaction of its own (the worker and the sweep call this). */
export function settleCampaign(campaignId: string): Promise<number | null> {
  return db().transaction((tx) => settle(tx, campaignId));
}

// ─── Reading ──────────────────────────────────────────────────────────────────────────────────

export type CampaignCounts = {
  total: number;
  queued: number;
  /** The provider took them (submitted, and since delivered, failed or undelivered). */
  sent: number;
  delivered: number;
  /** Failed or undelivered. */
  failed: number;
  skipped: number;
  cancelled: number;
};

const emptyCounts = (): CampaignCounts => ({ total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, cancelled: 0 });

/** Each campaign's message counts, from the (campaign_id, status) index. */
export async function countsFor(campaignIds: string[]): Promise<Map<string, CampaignCounts>> {
  const counts = new Map(campaignIds.map((id) => [id, emptyCounts()]));
  if (campaignIds.length === 0) return counts;
  const rows = await db()
    .select({
      campaignId: smsMessages.campaignId,
      status: smsMessages.status,
      messages: count(),
      taken: count(smsMessages.submittedAt),
    })
    .from(smsMessages)
    .where(inArray(smsMessages.campaignId, campaignIds))
    .groupBy(smsMessages.campaignId, smsMessages.status);
  for (const row of rows) {
    const tally = counts.get(row.campaignId) as CampaignCounts;
    tally.total += row.messages;
    tally.sent += row.taken;
    if (row.status === "queued") tally.queued += row.messages;
    else if (row.status === "delivered") tally.delivered += row.messages;
    else if (row.status === "failed" || row.status === "undelivered") tally.failed += row.messages;
    else if (row.status === "skipped") tally.skipped += row.messages;
    else if (row.status === "cancelled") tally.cancelled += row.messages;
  }
  return counts;
}

export type CampaignEventRow = { fromStatus: CampaignStatus | null; toStatus: CampaignStatus; reason: string | null; createdAt: Date };

export type CampaignDetail = Campaign & { counts: CampaignCounts; events: CampaignEventRow[]; availableActions: CampaignAction[] };

/** A business's campaign with its counts, timeline and the actions it allows; null for another's or an unknown id. */
export async function getCampaign(userId: string, campaignId: string): Promise<CampaignDetail | null> {
  if (!isUuidLike(campaignId)) return null;
  const [campaign] = await db()
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!campaign) return null;
  const [counts, events] = await Promise.all([
    countsFor([campaign.id]),
    db()
      .select({
        fromStatus: campaignEvents.fromStatus,
        toStatus: campaignEvents.toStatus,
        reason: campaignEvents.reason,
        createdAt: campaignEvents.createdAt,
      })
      .from(campaignEvents)
      .where(eq(campaignEvents.campaignId, campaign.id))
      .orderBy(asc(campaignEvents.createdAt), asc(campaignEvents.id)),
  ]);
  return { ...campaign, counts: counts.get(campaign.id) as CampaignCounts, events, availableActions: availableActions(campaign.status) };
}

export const CAMPAIGNS_PAGE_SIZE = 20;

export type CampaignSummary = Campaign & { counts: CampaignCounts; availableActions: CampaignAction[] };

/** The business's campaigns, newest first, a page at a time (a page past the last is the last). */
export async function listCampaigns(userId: string, requestedPage = 1) {
  const [{ total }] = await db().select({ total: count() }).from(campaigns).where(eq(campaigns.userId, userId));
  const pageCount = Math.max(1, Math.ceil(total / CAMPAIGNS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(requestedPage) || 1), pageCount);
  const rows = await db()
    .select()
    .from(campaigns)
    .where(eq(campaigns.userId, userId))
    // As the (user_id, created_at DESC NULLS LAST) index has them, so it is read in order.
    .orderBy(sql`${campaigns.createdAt} desc nulls last`, desc(campaigns.id))
    .limit(CAMPAIGNS_PAGE_SIZE)
    .offset((page - 1) * CAMPAIGNS_PAGE_SIZE);
  const counts = await countsFor(rows.map((row) => row.id));
  const list: CampaignSummary[] = rows.map((row) => ({
    ...row,
    counts: counts.get(row.id) as CampaignCounts,
    availableActions: availableActions(row.status),
  }));
  return { campaigns: list, total, page, pageCount };
}

export const SMS_HISTORY_PAGE_SIZE = 50;

export type SmsHistoryFilter = {
  campaignId?: string | null;
  status?: SmsStatus | null;
  /** Days in India, 'YYYY-MM-DD', both included. */
  from?: string | null;
  to?: string | null;
  page?: number;
};

export type SmsHistoryEntry = {
  id: string;
  campaignId: string;
  campaignName: string;
  toNumber: string;
  body: string;
  parts: number;
  cost: number;
  status: SmsStatus;
  failureReason: string | null;
  createdAt: Date;
  submittedAt: Date | null;
  finishedAt: Date | null;
};

/**
 * Every message the business sent, newest first, filtered by campaign, status and days, a page at
 * a time. It walks the (user_id, created_at DESC NULLS LAST, id DESC NULLS LAST) index (the ORDER
 * BY says NULLS LAST too, or the index cannot give the order) and stops one row past the page
 * (no count of the whole history), so a page costs the same at 100,000 messages (bench/sms-history.ts).
 * Null when the campaign asked for is not this business's.
 */
export async function listSmsHistory(userId: string, filter: SmsHistoryFilter = {}) {
  const page = Math.max(1, Math.floor(filter.page ?? 1) || 1);
  if (filter.campaignId) {
    // Another business's campaign is not found, as an unknown one.
    const [owned] = isUuidLike(filter.campaignId)
      ? await db()
          .select({ id: campaigns.id })
          .from(campaigns)
          .where(and(eq(campaigns.id, filter.campaignId), eq(campaigns.userId, userId)))
      : [];
    if (!owned) return null;
  }
  const where = and(
    eq(smsMessages.userId, userId),
    filter.campaignId ? eq(smsMessages.campaignId, filter.campaignId) : undefined,
    filter.status ? eq(smsMessages.status, filter.status) : undefined,
    filter.from ? gte(smsMessages.createdAt, startOfIndianDay(filter.from)) : undefined,
    filter.to ? lte(smsMessages.createdAt, endOfIndianDay(filter.to)) : undefined,
  );
  const rows = await smsMessagesPage(where, { limit: SMS_HISTORY_PAGE_SIZE + 1, offset: (page - 1) * SMS_HISTORY_PAGE_SIZE });
  const messages: SmsHistoryEntry[] = rows.slice(0, SMS_HISTORY_PAGE_SIZE).map(({ userId: _owner, ...message }) => message);
  return { messages, page, hasNextPage: rows.length > SMS_HISTORY_PAGE_SIZE };
}

/**
 * The messages matching `where`, newest first, `limit` of them from `offset`, each with its
 * campaign's name: the page's ids first, from the index alone where it can (a deep page reads
 * 50,000 index entries, not 50,000 rows), then only those rows (the business's SMS History and the
 * admin's alike).
 */
export async function smsMessagesPage(
  where: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<Array<SmsHistoryEntry & { userId: string }>> {
  const newestFirst = [sql`${smsMessages.createdAt} desc nulls last`, sql`${smsMessages.id} desc nulls last`];
  const pageIds = db()
    .select({ id: smsMessages.id })
    .from(smsMessages)
    .where(where)
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset)
    .as("page_ids");
  const rows = await db()
    .select({
      id: smsMessages.id,
      userId: smsMessages.userId,
      campaignId: smsMessages.campaignId,
      toNumber: smsMessages.toNumber,
      body: smsMessages.body,
      parts: smsMessages.parts,
      cost: smsMessages.cost,
      status: smsMessages.status,
      failureReason: smsMessages.failureReason,
      createdAt: smsMessages.createdAt,
      submittedAt: smsMessages.submittedAt,
      finishedAt: smsMessages.finishedAt,
    })
    .from(smsMessages)
    .innerJoin(pageIds, eq(smsMessages.id, pageIds.id))
    .orderBy(...newestFirst);
  const ids = [...new Set(rows.map((row) => row.campaignId))];
  const names = ids.length
    ? await db().select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(inArray(campaigns.id, ids))
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.name]));
  return rows.map((row) => ({ ...row, campaignName: nameOf.get(row.campaignId) ?? "" }));
}

/** The dashboard's 'SMS sent': messages the provider took. */
export async function smsSentCount(userId: string): Promise<number> {
  const [{ sent }] = await db()
    .select({ sent: count() })
    .from(smsMessages)
    .where(and(eq(smsMessages.userId, userId), isNotNull(smsMessages.submittedAt)));
  return sent;
}
