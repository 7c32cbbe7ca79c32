import { and, asc, count, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/errors.server";
import { templateCategories, templates, users, type SmsCategory, type TemplateKind, type TemplateOffer } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { TEMPLATE_MESSAGES, type AdminTemplateInput, type TemplateListQuery } from "~/lib/schemas/admin-templates";
import { movedOneStep, renumbered } from "~/lib/reorder";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";

/**
 * The admin's side of templates: the platform's post, offer and SMS templates (no owner) and their
 * categories. Every change takes the acting admin and writes its audit row in its own transaction.
 * Businesses read the same rows through templates.server.ts and campaigns.server.ts, uncached, so a
 * change shows on /add-templates, GET /api/templates and the campaign composer at once.
 */

/** A refused change: the status the route answers with, the message, and the field it is about (if one). */
export type TemplateRefusal = { ok: false; status: 400 | 404 | 409; message: string; field?: string };

const refuse = (status: TemplateRefusal["status"], message: string, field?: string): TemplateRefusal => ({
  ok: false,
  status,
  message,
  field,
});

export const TEMPLATE_NOT_FOUND = "There is no template at this address. It may have been deleted.";
export const CATEGORY_NOT_FOUND = "There is no such template category. It may have been deleted.";

const KIND_LABELS: Record<TemplateKind, string> = { post: "post", offer: "offer", sms: "SMS" };

// ---------------------------------------------------------------------------------------------
// The list

export const TEMPLATES_PAGE_SIZE = 25;

export type AdminTemplateRow = {
  id: string;
  title: string;
  kind: TemplateKind;
  categoryName: string | null;
  isActive: boolean;
  sortOrder: number;
  dltTemplateId: string | null;
  smsCategory: SmsCategory | null;
  /** The business whose own SMS template this is; null for the platform's. */
  ownerBusinessName: string | null;
  updatedAt: string;
};

export type AdminTemplateList = { rows: AdminTemplateRow[]; total: number; page: number; pageCount: number };

/**
 * Templates as the admin's list shows them: the platform's, or (`owner: 'business'`) the SMS
 * templates businesses registered themselves, which the admin sees but does not edit. Filtered by
 * kind, category, status and words in the title, text or DLT id; in the order businesses see them.
 */
export async function listAdminTemplates(query: TemplateListQuery): Promise<AdminTemplateList> {
  const words = query.q?.replace(/[\\%_]/g, (char) => `\\${char}`);
  const conditions: Array<SQL | undefined> = [
    query.owner === "business" ? isNotNull(templates.userId) : isNull(templates.userId),
    query.kind ? eq(templates.kind, query.kind) : undefined,
    query.category ? eq(templates.categoryId, query.category) : undefined,
    query.status ? eq(templates.isActive, query.status === "active") : undefined,
    words
      ? or(ilike(templates.title, `%${words}%`), ilike(templates.content, `%${words}%`), ilike(templates.dltTemplateId, `%${words}%`))
      : undefined,
  ];
  const where = and(...conditions);
  const [{ total }] = await db().select({ total: count() }).from(templates).where(where);
  const pageCount = Math.max(1, Math.ceil(total / TEMPLATES_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, pageCount);
  const rows = await db()
    .select({
      id: templates.id,
      title: templates.title,
      kind: templates.kind,
      categoryName: templateCategories.name,
      isActive: templates.isActive,
      sortOrder: templates.sortOrder,
      dltTemplateId: templates.dltTemplateId,
      smsCategory: templates.smsCategory,
      ownerBusinessName: users.businessName,
      updatedAt: templates.updatedAt,
    })
    .from(templates)
    .leftJoin(templateCategories, eq(templateCategories.id, templates.categoryId))
    .leftJoin(users, eq(users.id, templates.userId))
    .where(where)
    .orderBy(
      sql`${templateCategories.sortOrder} asc nulls last`,
      asc(templateCategories.name),
      asc(templates.sortOrder),
      asc(templates.title),
      asc(templates.id),
    )
    .limit(TEMPLATES_PAGE_SIZE)
    .offset((page - 1) * TEMPLATES_PAGE_SIZE);
  return { rows: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })), total, page, pageCount };
}

// ---------------------------------------------------------------------------------------------
// One template

/** A platform template as its edit form holds it. */
export type AdminTemplate = {
  id: string;
  kind: TemplateKind;
  title: string;
  categoryId: string | null;
  content: string;
  hashtags: string[];
  imageUrl: string | null;
  offer: TemplateOffer | null;
  isActive: boolean;
  sortOrder: number;
  dltTemplateId: string | null;
  providerTemplateId: string | null;
  smsCategory: SmsCategory | null;
  slotHints: string[];
  updatedAt: Date;
};

const templateColumns = {
  id: templates.id,
  kind: templates.kind,
  title: templates.title,
  categoryId: templates.categoryId,
  content: templates.content,
  hashtags: templates.hashtags,
  imageUrl: templates.imageUrl,
  offer: templates.offer,
  isActive: templates.isActive,
  sortOrder: templates.sortOrder,
  dltTemplateId: templates.dltTemplateId,
  providerTemplateId: templates.providerTemplateId,
  smsCategory: templates.smsCategory,
  slotHints: templates.slotHints,
  updatedAt: templates.updatedAt,
};

/** A platform template by id; null for an unknown id, a deleted one, or a business's own. */
export async function getAdminTemplate(id: string): Promise<AdminTemplate | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select(templateColumns)
    .from(templates)
    .where(and(eq(templates.id, id), isNull(templates.userId)));
  return row ?? null;
}

async function lockTemplate(tx: Transaction, id: string): Promise<AdminTemplate | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select(templateColumns)
    .from(templates)
    .where(and(eq(templates.id, id), isNull(templates.userId)))
    .for("update");
  return row ?? null;
}

/** The columns a form's template is saved as: what its kind does not have is emptied, as the table's checks require. */
function templateValues(input: AdminTemplateInput) {
  const base = { kind: input.kind, title: input.title, categoryId: input.categoryId, sortOrder: input.sortOrder, isActive: input.isActive };
  const noSms = { dltTemplateId: null, providerTemplateId: null, smsCategory: null, slotHints: [] };
  switch (input.kind) {
    case "post":
      return { ...base, ...noSms, content: input.content, hashtags: input.hashtags, imageUrl: input.imageUrl, offer: null };
    case "offer":
      return {
        ...base,
        ...noSms,
        content: input.content,
        hashtags: input.hashtags,
        imageUrl: input.imageUrl,
        offer: {
          title: input.offerTitle,
          couponCode: input.couponCode,
          terms: input.terms,
          validDays: input.validDays,
          callToAction: input.callToAction,
        },
      };
    case "sms":
      return {
        ...base,
        content: input.content,
        hashtags: [],
        imageUrl: null,
        offer: null,
        dltTemplateId: input.dltTemplateId,
        providerTemplateId: input.providerTemplateId,
        smsCategory: input.smsCategory,
        slotHints: input.slotHints,
      };
  }
}

async function categoryExists(tx: Transaction, categoryId: string | null): Promise<boolean> {
  if (categoryId === null) return true;
  const [row] = await tx.select({ id: templateCategories.id }).from(templateCategories).where(eq(templateCategories.id, categoryId));
  return Boolean(row);
}

const badCategory = () => refuse(400, TEMPLATE_MESSAGES.badCategory, "categoryId");

const TEMPLATE_VERBS = { create: "Added", update: "Edited", enable: "Enabled", disable: "Disabled", delete: "Deleted" } as const;

/** A template change's audit row: 'Edited post template "Diwali wishes"', with the record before and after. */
function recordTemplateChange(
  tx: Transaction,
  admin: ActingAdmin,
  change: keyof typeof TEMPLATE_VERBS,
  template: { id: string; kind: TemplateKind; title: string },
  states: { before?: unknown; after?: unknown },
) {
  return recordAdminAction(tx, admin, {
    action: `template.${change}`,
    entityType: "template",
    entityId: template.id,
    summary: `${TEMPLATE_VERBS[change]} ${KIND_LABELS[template.kind]} template "${template.title}"`,
    ...states,
  });
}

export async function createTemplate(admin: ActingAdmin, input: AdminTemplateInput): Promise<{ ok: true; id: string } | TemplateRefusal> {
  return db().transaction(async (tx) => {
    if (!(await categoryExists(tx, input.categoryId))) return badCategory();
    const [created] = await tx.insert(templates).values(templateValues(input)).returning(templateColumns);
    await recordTemplateChange(tx, admin, "create", created, { after: created });
    return { ok: true as const, id: created.id };
  });
}

/** Saves a platform template's form. Its kind stays what it is (the form for another kind has other fields). */
export async function updateTemplate(admin: ActingAdmin, id: string, input: AdminTemplateInput): Promise<{ ok: true } | TemplateRefusal> {
  return db().transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    if (!before) return refuse(404, TEMPLATE_NOT_FOUND);
    if (before.kind !== input.kind) return refuse(400, `This is a ${KIND_LABELS[before.kind]} template: its kind cannot change`);
    if (!(await categoryExists(tx, input.categoryId))) return badCategory();
    const [after] = await tx
      .update(templates)
      .set({ ...templateValues(input), updatedAt: new Date() })
      .where(eq(templates.id, id))
      .returning(templateColumns);
    await recordTemplateChange(tx, admin, "update", after, { before, after });
    return { ok: true as const };
  });
}

/** Enables or disables a platform template: a disabled one leaves /add-templates, the API and the campaign composer at once. */
export async function setTemplateActive(
  admin: ActingAdmin,
  id: string,
  isActive: boolean,
): Promise<{ ok: true; title: string; changed: boolean } | TemplateRefusal> {
  return db().transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    if (!before) return refuse(404, TEMPLATE_NOT_FOUND);
    if (before.isActive === isActive) return { ok: true as const, title: before.title, changed: false };
    await tx.update(templates).set({ isActive, updatedAt: new Date() }).where(eq(templates.id, id));
    await recordTemplateChange(tx, admin, isActive ? "enable" : "disable", before, {
      before: { isActive: before.isActive },
      after: { isActive },
    });
    return { ok: true as const, title: before.title, changed: true };
  });
}

/**
 * Deletes a platform template for good (its audit rows keep what it was). Campaigns made from it
 * keep their own copy of the text and lose only the link to it.
 */
export async function deleteTemplate(admin: ActingAdmin, id: string): Promise<{ ok: true; title: string } | TemplateRefusal> {
  return db().transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    if (!before) return refuse(404, TEMPLATE_NOT_FOUND);
    await tx.delete(templates).where(eq(templates.id, id));
    await recordTemplateChange(tx, admin, "delete", before, { before });
    return { ok: true as const, title: before.title };
  });
}

// ---------------------------------------------------------------------------------------------
// Categories

export type AdminTemplateCategory = { id: string; name: string; sortOrder: number; templateCount: number };

/** The template categories in the order businesses see them, each with how many templates it holds. */
export async function listTemplateCategoriesForAdmin(): Promise<AdminTemplateCategory[]> {
  return db()
    .select({
      id: templateCategories.id,
      name: templateCategories.name,
      sortOrder: templateCategories.sortOrder,
      templateCount: count(templates.id),
    })
    .from(templateCategories)
    .leftJoin(templates, eq(templates.categoryId, templateCategories.id))
    .groupBy(templateCategories.id)
    .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name));
}

async function nameTaken(tx: Transaction, name: string, exceptId: string | null): Promise<string | null> {
  const [row] = await tx
    .select({ name: templateCategories.name })
    .from(templateCategories)
    .where(and(sql`lower(${templateCategories.name}) = lower(${name})`, exceptId ? ne(templateCategories.id, exceptId) : undefined));
  return row?.name ?? null;
}

/** Runs a category change; two admins racing to the same name meet the unique index, and get the same message. */
async function withUniqueName<T>(name: string, change: () => Promise<T | TemplateRefusal>): Promise<T | TemplateRefusal> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) return refuse(409, TEMPLATE_MESSAGES.categoryTaken(name), "name");
    throw error;
  }
}

/** Adds a category at the end of the order. Names are unique whatever their case ('Diwali' and 'diwali' are one). */
export async function addTemplateCategory(admin: ActingAdmin, name: string): Promise<{ ok: true; id: string } | TemplateRefusal> {
  return withUniqueName(name, () =>
    db().transaction(async (tx) => {
      const taken = await nameTaken(tx, name, null);
      if (taken) return refuse(409, TEMPLATE_MESSAGES.categoryTaken(taken), "name");
      const [{ last }] = await tx.select({ last: sql<number | null>`max(${templateCategories.sortOrder})` }).from(templateCategories);
      const [created] = await tx
        .insert(templateCategories)
        .values({ name, sortOrder: (last ?? -1) + 1 })
        .returning({ id: templateCategories.id, name: templateCategories.name, sortOrder: templateCategories.sortOrder });
      await recordAdminAction(tx, admin, {
        action: "template_category.create",
        entityType: "template_category",
        entityId: created.id,
        summary: `Added template category "${name}"`,
        after: created,
      });
      return { ok: true as const, id: created.id };
    }),
  );
}

export async function renameTemplateCategory(admin: ActingAdmin, id: string, name: string): Promise<{ ok: true } | TemplateRefusal> {
  return withUniqueName(name, () =>
    db().transaction(async (tx) => {
      const [before] = await tx.select().from(templateCategories).where(eq(templateCategories.id, id)).for("update");
      if (!before) return refuse(404, CATEGORY_NOT_FOUND);
      const taken = await nameTaken(tx, name, id);
      if (taken) return refuse(409, TEMPLATE_MESSAGES.categoryTaken(taken), "name");
      if (before.name === name) return { ok: true as const };
      await tx.update(templateCategories).set({ name }).where(eq(templateCategories.id, id));
      await recordAdminAction(tx, admin, {
        action: "template_category.rename",
        entityType: "template_category",
        entityId: id,
        summary: `Renamed template category "${before.name}" to "${name}"`,
        before: { name: before.name },
        after: { name },
      });
      return { ok: true as const };
    }),
  );
}

/** Moves a category one place up or down the order (the order is renumbered 0, 1, 2… as it goes). */
export async function moveTemplateCategory(
  admin: ActingAdmin,
  id: string,
  direction: "up" | "down",
): Promise<{ ok: true; name: string } | TemplateRefusal> {
  return db().transaction(async (tx) => {
    const ordered = await tx
      .select({ id: templateCategories.id, name: templateCategories.name, sortOrder: templateCategories.sortOrder })
      .from(templateCategories)
      .orderBy(asc(templateCategories.sortOrder), asc(templateCategories.name))
      .for("update");
    const from = ordered.findIndex((category) => category.id === id);
    if (from === -1) return refuse(404, CATEGORY_NOT_FOUND);
    const name = ordered[from].name;
    const move = movedOneStep(ordered, from, direction);
    if (!move) return { ok: true as const, name };
    for (const { item, sortOrder } of renumbered(move.order)) {
      await tx.update(templateCategories).set({ sortOrder }).where(eq(templateCategories.id, item.id));
    }
    await recordAdminAction(tx, admin, {
      action: "template_category.move",
      entityType: "template_category",
      entityId: id,
      summary: `Moved template category "${name}" ${direction}`,
      before: { order: ordered.map((category) => category.name) },
      after: { order: move.order.map((category) => category.name) },
    });
    return { ok: true as const, name };
  });
}

/** Deletes a category: an empty one as it is; one that holds templates only with `moveTo`, where they go. */
export async function deleteTemplateCategory(
  admin: ActingAdmin,
  id: string,
  moveTo: string | null,
): Promise<{ ok: true; name: string; moved: number } | TemplateRefusal> {
  if (moveTo === id) return refuse(400, TEMPLATE_MESSAGES.moveToSame, "moveTo");
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(templateCategories).where(eq(templateCategories.id, id)).for("update");
    if (!before) return refuse(404, CATEGORY_NOT_FOUND);
    let target: { id: string; name: string } | null = null;
    if (moveTo) {
      [target] = await tx
        .select({ id: templateCategories.id, name: templateCategories.name })
        .from(templateCategories)
        .where(eq(templateCategories.id, moveTo));
      if (!target) return refuse(400, TEMPLATE_MESSAGES.badCategory, "moveTo");
    }
    const [{ held }] = await tx.select({ held: count() }).from(templates).where(eq(templates.categoryId, id));
    if (held > 0 && !target) return refuse(409, TEMPLATE_MESSAGES.categoryNotEmpty(held), "moveTo");
    const moved = await tx
      .update(templates)
      .set({ categoryId: target?.id ?? null, updatedAt: new Date() })
      .where(eq(templates.categoryId, id))
      .returning({ id: templates.id });
    await tx.delete(templateCategories).where(eq(templateCategories.id, id));
    const where = `moved to "${target?.name}"`;
    await recordAdminAction(tx, admin, {
      action: "template_category.delete",
      entityType: "template_category",
      entityId: id,
      summary: moved.length
        ? `Deleted template category "${before.name}" (${moved.length} ${moved.length === 1 ? "template" : "templates"} ${where})`
        : `Deleted template category "${before.name}"`,
      before: { name: before.name, sortOrder: before.sortOrder },
      after: { templatesMovedTo: target?.name ?? null, templateIds: moved.map((row) => row.id) },
    });
    return { ok: true as const, name: before.name, moved: moved.length };
  });
}
