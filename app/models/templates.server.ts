import { and, asc, eq, ne, sql, type SQL } from "drizzle-orm";

import { db } from "~/db/db.server";
import { templateCategories, templates, users, type TemplateKind, type TemplateOffer } from "~/db/schema";
import type { CallToActionType } from "~/lib/call-to-action";
import { isUuid } from "~/lib/ids";
import { missingDetails, templateValues, type PlaceholderName, type TemplateBusiness } from "~/lib/template-fill";
import { fillTemplateFor, type FilledTemplate } from "~/lib/template-preview";

/** A template as GET /api/templates answers it: placeholders as written, not filled. */
export type TemplateSummary = {
  id: string;
  title: string;
  kind: TemplateKind;
  categoryId: string | null;
  categoryName: string | null;
  content: string;
  hashtags: string[];
  imageUrl: string | null;
  offer: TemplateOffer | null;
};

/**
 * How GET /api/templates and /api/template-categories may be cached: not without asking again. They
 * are the same for everyone, but the admin changes them and the change must show at once; marked
 * public they would be kept by the server's response cache (and browsers, for max-age).
 */
export const TEMPLATES_CACHE_CONTROL = "no-cache";

export type TemplateFilter = { categoryId?: string; kind?: TemplateKind };

/**
 * The active templates in their categories' order, then the admin's order within each; post and
 * offer ones unless `kind` asks for another. A category id that is not a uuid names no category.
 */
export async function listTemplates(filter: TemplateFilter = {}): Promise<TemplateSummary[]> {
  if (filter.categoryId !== undefined && !isUuid(filter.categoryId)) return [];
  const conditions: SQL[] = [eq(templates.isActive, true), filter.kind ? eq(templates.kind, filter.kind) : ne(templates.kind, "sms")];
  if (filter.categoryId) conditions.push(eq(templates.categoryId, filter.categoryId));
  const rows = await selectTemplates()
    .where(and(...conditions))
    .orderBy(
      sql`${templateCategories.sortOrder} asc nulls last`,
      asc(templateCategories.name),
      asc(templates.sortOrder),
      asc(templates.title),
    );
  return rows.map(({ isActive: _isActive, ...template }) => template);
}

/** Any template by id, active or not, with its category's name; null for an unknown id or one that is not a uuid. */
export async function getTemplate(id: string): Promise<(TemplateSummary & { isActive: boolean }) | null> {
  if (!isUuid(id)) return null;
  const [row] = await selectTemplates().where(eq(templates.id, id)).limit(1);
  return row ?? null;
}

function selectTemplates() {
  return db()
    .select({
      id: templates.id,
      title: templates.title,
      kind: templates.kind,
      categoryId: templates.categoryId,
      categoryName: templateCategories.name,
      content: templates.content,
      hashtags: templates.hashtags,
      imageUrl: templates.imageUrl,
      offer: templates.offer,
      isActive: templates.isActive,
    })
    .from(templates)
    .leftJoin(templateCategories, eq(templateCategories.id, templates.categoryId));
}

type BusinessForTemplates = TemplateBusiness & { profileImageUrl: string | null };

/** The business's details a template is filled with; null when there is no such account. */
async function templateBusiness(userId: string): Promise<BusinessForTemplates | null> {
  if (!isUuid(userId)) return null;
  const [business] = await db()
    .select({
      name: users.name,
      businessName: users.businessName,
      businessPhone: users.businessPhone,
      mobileNumber: users.mobileNumber,
      address: users.address,
      city: users.city,
      state: users.state,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return business ?? null;
}

/** What the composer starts from when a business picks a template (posts say 'update' where templates say 'post'). */
export type TemplateDraft = {
  templateId: string;
  kind: "update" | "offer";
  content: string;
  hashtags: string[];
  images: string[];
  offer: (NonNullable<FilledTemplate["offer"]> & { callToAction: { type: CallToActionType; url?: string } | null }) | null;
};

function draftFor(template: TemplateSummary, business: TemplateBusiness, now: Date): TemplateDraft {
  const filled = fillTemplateFor(template, business, now);
  return {
    templateId: template.id,
    kind: template.kind === "offer" ? "offer" : "update",
    content: filled.content,
    hashtags: template.hashtags,
    images: template.imageUrl ? [template.imageUrl] : [],
    offer:
      filled.offer && template.offer
        ? { ...filled.offer, callToAction: template.offer.callToAction ? { type: template.offer.callToAction } : null }
        : null,
  };
}

export type TemplatePreview = {
  template: TemplateSummary;
  draft: TemplateDraft;
  /** How the post's header will show the business. */
  business: { businessName: string; city: string | null; state: string | null; profileImageUrl: string | null };
  /** Details the template uses that the profile lacks (their words are left out of the text). */
  missingDetails: PlaceholderName[];
};

/**
 * A template filled with this business's details, as /template-preview shows it and the composer
 * starts from it. Null for an unknown, inactive or sms template (and an unknown business).
 */
export async function previewTemplate(templateId: string, userId: string, now: Date = new Date()): Promise<TemplatePreview | null> {
  const [template, business] = await Promise.all([getTemplate(templateId), templateBusiness(userId)]);
  // A business uses active post and offer templates; sms ones are for campaigns.
  if (!template || !template.isActive || template.kind === "sms" || !business) return null;
  const { isActive: _isActive, ...summary } = template;
  const values = templateValues(business);
  return {
    template: summary,
    draft: draftFor(summary, business, now),
    business: {
      businessName: business.businessName ?? "",
      city: business.city,
      state: business.state,
      profileImageUrl: business.profileImageUrl,
    },
    missingDetails: missingDetails([summary.content, summary.offer?.title ?? "", summary.offer?.terms ?? ""].join("\n"), values),
  };
}

/** The composer's starting point for `?template=`: the template filled for this business; null when it cannot be used. */
export async function templateDraft(templateId: string, userId: string, now: Date = new Date()): Promise<TemplateDraft | null> {
  return (await previewTemplate(templateId, userId, now))?.draft ?? null;
}

export type TemplateCard = TemplateSummary & { filledContent: string; offerTitle: string | null };

/** The templates of /add-templates, each filled with this business's details as if used today. */
export async function listTemplatesForBusiness(userId: string, filter: { categoryId?: string } = {}): Promise<TemplateCard[]> {
  const [list, business] = await Promise.all([listTemplates(filter), templateBusiness(userId)]);
  if (!business) return [];
  const now = new Date();
  return list.map((template) => {
    const draft = draftFor(template, business, now);
    return { ...template, filledContent: draft.content, offerTitle: draft.offer?.title ?? null };
  });
}
