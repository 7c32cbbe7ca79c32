import { and, asc, count, eq, notInArray } from "drizzle-orm";

import { config } from "~/config.server";
import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { campaigns, templates, users, type SmsCategory } from "~/db/schema";
import { FINAL_CAMPAIGN_STATUSES } from "~/lib/campaign-status";
import { isUuid } from "~/lib/ids";
import {
  MAX_OWN_SMS_TEMPLATES,
  OWN_SMS_TEMPLATE_MESSAGES,
  ownSmsTemplateSchema,
  type OwnSmsTemplateInput,
} from "~/lib/schemas/sms-templates";

import type { SmsTemplate } from "./campaigns.server";

/**
 * A business's own DLT SMS templates: registered under its own entity id and sent under its own
 * header (campaigns.server.ts picks the sender by the template's owner). Every query has the
 * business in its WHERE: another business's template is not found, exactly as an unknown one. The
 * templates screen and /api/sms-templates call these same functions.
 */

/** As the composer lists it (campaigns.server.ts), with MSG91's id and when it last changed. */
export type OwnSmsTemplate = Omit<SmsTemplate, "own"> & { providerTemplateId: string | null; updatedAt: Date };

/** A refused change (nothing changed): the status the route answers, the message, and the field it is about. */
export type OwnSmsTemplateRefusal = { ok: false; status: 404 | 409; message: string; field?: keyof OwnSmsTemplateInput };

const refuse = (status: OwnSmsTemplateRefusal["status"], message: string, field?: OwnSmsTemplateRefusal["field"]) =>
  ({ ok: false, status, message, ...(field ? { field } : {}) }) as OwnSmsTemplateRefusal;

/** MSG91 sends by its own id for each DLT template, so with it as the provider a template without one could never go. */
export const providerTemplateIdRequired = () => config.SMS_PROVIDER === "msg91";

/** The form's and the API's schema, as the configured provider needs it. */
export const ownSmsTemplateInputSchema = () => ownSmsTemplateSchema({ providerTemplateIdRequired: providerTemplateIdRequired() });

const columns = {
  id: templates.id,
  name: templates.title,
  category: templates.smsCategory,
  text: templates.content,
  slotHints: templates.slotHints,
  dltTemplateId: templates.dltTemplateId,
  providerTemplateId: templates.providerTemplateId,
  updatedAt: templates.updatedAt,
};

const ownedBy = (userId: string) => and(eq(templates.kind, "sms"), eq(templates.userId, userId));

// The table's checks keep an SMS template's category and DLT id filled: the casts only tell TypeScript.
const asTemplate = (
  row: { category: SmsCategory | null; dltTemplateId: string | null } & Omit<OwnSmsTemplate, "category" | "dltTemplateId">,
) => ({ ...row, category: row.category as SmsCategory, dltTemplateId: row.dltTemplateId as string }) satisfies OwnSmsTemplate;

/** The business's own templates, by name. */
export async function listOwnSmsTemplates(userId: string): Promise<OwnSmsTemplate[]> {
  if (!isUuid(userId)) return [];
  const rows = await db().select(columns).from(templates).where(ownedBy(userId)).orderBy(asc(templates.title), asc(templates.id));
  return rows.map(asTemplate);
}

/** One of the business's own templates; null for a malformed id, an unknown one and another business's alike. */
export async function getOwnSmsTemplate(userId: string, id: string): Promise<OwnSmsTemplate | null> {
  if (!isUuid(id) || !isUuid(userId)) return null;
  const [row] = await db()
    .select(columns)
    .from(templates)
    .where(and(eq(templates.id, id), ownedBy(userId)));
  return row ? asTemplate(row) : null;
}

/** Whether the business has its own DLT registration (entity id and header), which its own templates need. */
export async function hasSmsRegistration(userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const [row] = await db().select({ entity: users.dltEntityId, header: users.smsSenderHeader }).from(users).where(eq(users.id, userId));
  return Boolean(row?.entity && row.header);
}

/**
 * The checks a save makes with the business's row locked (two saves of one business wait for each
 * other, so the count and the DLT id check hold): its registration, and no other template of its
 * own with the same DLT id.
 */
async function checkSave(tx: Transaction, userId: string, input: OwnSmsTemplateInput, exceptId: string | null) {
  const [business] = await tx
    .select({ entity: users.dltEntityId, header: users.smsSenderHeader })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!business) return refuse(404, "Account not found");
  if (!business.entity || !business.header) return refuse(409, OWN_SMS_TEMPLATE_MESSAGES.needsRegistration);
  const sameId = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(ownedBy(userId), eq(templates.dltTemplateId, input.dltTemplateId)));
  if (sameId.some((row) => row.id !== exceptId)) return refuse(409, OWN_SMS_TEMPLATE_MESSAGES.duplicateDltId, "dltTemplateId");
  return null;
}

const values = (input: OwnSmsTemplateInput) => ({
  title: input.name,
  content: input.text,
  smsCategory: input.category,
  dltTemplateId: input.dltTemplateId,
  providerTemplateId: input.providerTemplateId,
  slotHints: input.slotHints,
});

export async function createOwnSmsTemplate(
  userId: string,
  input: OwnSmsTemplateInput,
): Promise<{ ok: true; template: OwnSmsTemplate } | OwnSmsTemplateRefusal> {
  if (!isUuid(userId)) return refuse(404, "Account not found");
  return db().transaction(async (tx) => {
    const refused = await checkSave(tx, userId, input, null);
    if (refused) return refused;
    const [{ held }] = await tx.select({ held: count() }).from(templates).where(ownedBy(userId));
    if (held >= MAX_OWN_SMS_TEMPLATES) return refuse(409, OWN_SMS_TEMPLATE_MESSAGES.tooMany(MAX_OWN_SMS_TEMPLATES));
    const [created] = await tx
      .insert(templates)
      .values({ ...values(input), kind: "sms", userId, hashtags: [], isActive: true })
      .returning(columns);
    return { ok: true as const, template: asTemplate(created) };
  });
}

/**
 * Saves a template's new details. Campaigns already made from it keep their copy of the text and
 * DLT id; one still sending picks up a corrected MSG91 id (what a refused message asks for).
 */
export async function updateOwnSmsTemplate(
  userId: string,
  id: string,
  input: OwnSmsTemplateInput,
): Promise<{ ok: true; template: OwnSmsTemplate } | OwnSmsTemplateRefusal> {
  if (!isUuid(id) || !isUuid(userId)) return refuse(404, OWN_SMS_TEMPLATE_MESSAGES.notFound);
  return db().transaction(async (tx) => {
    // Another business's template is not found, whatever else would refuse the change.
    const [mine] = await tx
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, id), ownedBy(userId)));
    if (!mine) return refuse(404, OWN_SMS_TEMPLATE_MESSAGES.notFound);
    const refused = await checkSave(tx, userId, input, id);
    if (refused) return refused;
    const [saved] = await tx
      .update(templates)
      .set({ ...values(input), updatedAt: new Date() })
      .where(and(eq(templates.id, id), ownedBy(userId)))
      .returning(columns);
    return saved ? { ok: true as const, template: asTemplate(saved) } : refuse(404, OWN_SMS_TEMPLATE_MESSAGES.notFound);
  });
}

/**
 * Deletes one of the business's templates. Refused while a campaign of it is not finished (a
 * draft, scheduled, sending or paused): that campaign would lose the template it goes out under.
 */
export async function deleteOwnSmsTemplate(userId: string, id: string): Promise<{ ok: true; name: string } | OwnSmsTemplateRefusal> {
  if (!isUuid(id) || !isUuid(userId)) return refuse(404, OWN_SMS_TEMPLATE_MESSAGES.notFound);
  return db().transaction(async (tx) => {
    const [template] = await tx
      .select({ name: templates.title })
      .from(templates)
      .where(and(eq(templates.id, id), ownedBy(userId)))
      .for("update");
    if (!template) return refuse(404, OWN_SMS_TEMPLATE_MESSAGES.notFound);
    const [using] = await tx
      .select({ name: campaigns.name })
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), eq(campaigns.templateId, id), notInArray(campaigns.status, [...FINAL_CAMPAIGN_STATUSES])))
      .limit(1);
    if (using) return refuse(409, OWN_SMS_TEMPLATE_MESSAGES.inUse(using.name));
    await tx.delete(templates).where(and(eq(templates.id, id), ownedBy(userId)));
    return { ok: true as const, name: template.name };
  });
}
