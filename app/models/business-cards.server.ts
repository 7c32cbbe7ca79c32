import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";

import { db } from "~/db/db.server";
import {
  CARD_FONTS,
  CARD_STYLES,
  businessCardDesigns,
  businessCards,
  users,
  type BusinessCardFields,
  type BusinessCardLayout,
} from "~/db/schema";
import { uuidFromName } from "~/db/seed/deterministic";
import { publicCardProfile, type CardProfile } from "~/lib/business-card";
import { isUuid } from "~/lib/ids";
import type { BusinessCardInput } from "~/lib/schemas/business-card";

import { activeAccountCondition } from "./account-rules.server";

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/**
 * A design's layout as stored (JSON an admin edits): read strictly, as its colours go into the
 * card's SVG; a part that is not right falls back to a plain value instead of breaking the card.
 */
const layoutSchema = z.object({
  style: z.enum(CARD_STYLES).catch("classic"),
  background: colour.catch("#FFFFFF"),
  foreground: colour.catch("#111827"),
  accent: colour.catch("#1D4ED8"),
  font: z.enum(CARD_FONTS).catch("sans"),
});
export const readLayout = (stored: unknown): BusinessCardLayout => layoutSchema.parse(stored ?? {});

export type CardDesign = { id: string; name: string; layout: BusinessCardLayout; isActive: boolean };

const designColumns = {
  id: businessCardDesigns.id,
  name: businessCardDesigns.name,
  layout: businessCardDesigns.layout,
  isActive: businessCardDesigns.isActive,
};

/** The designs a business may choose, in the admin's order. */
export async function listCardDesigns(): Promise<CardDesign[]> {
  const rows = await db()
    .select(designColumns)
    .from(businessCardDesigns)
    .where(eq(businessCardDesigns.isActive, true))
    .orderBy(asc(businessCardDesigns.sortOrder), asc(businessCardDesigns.name));
  return rows.map((row) => ({ ...row, layout: readLayout(row.layout) }));
}

/** A design, offered or not any more (a card saved with a design the admin has since withdrawn keeps it). */
export async function getCardDesign(designId: string): Promise<CardDesign | null> {
  if (!isUuid(designId)) return null;
  const [row] = await db().select(designColumns).from(businessCardDesigns).where(eq(businessCardDesigns.id, designId));
  return row ? { ...row, layout: readLayout(row.layout) } : null;
}

/**
 * A business's card has one id for good, made from the business's own: the design previews can
 * carry the QR code of the card's address before the card is first saved.
 */
export const businessCardIdFor = (userId: string) => uuidFromName(`business-card:${userId}`);

const cardProfileColumns = {
  name: users.name,
  businessName: users.businessName,
  mobileNumber: users.mobileNumber,
  businessPhone: users.businessPhone,
  address: users.address,
  city: users.city,
  state: users.state,
  postalCode: users.postalCode,
  profileImageUrl: users.profileImageUrl,
};

export type OwnBusinessCard = { id: string; designId: string | null; fields: BusinessCardFields; saved: boolean; profile: CardProfile };

/** The signed-in business's card as it stands (not saved yet: no design, no fields), with the profile it is filled from. */
export async function getOwnBusinessCard(userId: string): Promise<OwnBusinessCard | null> {
  const [row] = await db()
    .select({ profile: cardProfileColumns, designId: businessCards.designId, fields: businessCards.fields })
    .from(users)
    .leftJoin(businessCards, eq(businessCards.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    id: businessCardIdFor(userId),
    designId: row.designId,
    fields: row.fields ?? {},
    saved: row.designId !== null,
    profile: row.profile,
  };
}

/** The id of a business's saved card, for its public page's 'View card' and 'Save contact'; null when it has made none. */
export async function savedCardIdOf(businessId: string): Promise<string | null> {
  if (!isUuid(businessId)) return null;
  const [row] = await db().select({ id: businessCards.id }).from(businessCards).where(eq(businessCards.userId, businessId));
  return row?.id ?? null;
}

/**
 * Saves the business's card: the design (only one offered), the card's own fields and whether the
 * owner's mobile is on it. Null when the design is not one of the active ones; nothing is changed then.
 */
export async function saveBusinessCard(userId: string, input: BusinessCardInput): Promise<{ id: string } | null> {
  if (!(await getCardDesign(input.designId))?.isActive) return null;
  const fields: BusinessCardFields = {
    ...Object.fromEntries(
      Object.entries({ title: input.title, tagline: input.tagline, email: input.email, website: input.website }).filter(
        ([, value]) => value,
      ),
    ),
    showMobile: input.showMobile,
  };
  const id = businessCardIdFor(userId);
  await db()
    .insert(businessCards)
    .values({ id, userId, designId: input.designId, fields })
    .onConflictDoUpdate({ target: businessCards.userId, set: { designId: input.designId, fields, updatedAt: new Date() } });
  return { id };
}

export type PublicBusinessCard = {
  id: string;
  businessId: string;
  design: BusinessCardLayout;
  fields: BusinessCardFields;
  profile: CardProfile;
};

/**
 * A card anyone may open: saved, of an active business; null otherwise (the same for an id that
 * never was). Its profile is what the card may show: without the owner's mobile when they left it off.
 */
export async function getPublicBusinessCard(cardId: string): Promise<PublicBusinessCard | null> {
  if (!isUuid(cardId)) return null;
  const [row] = await db()
    .select({
      id: businessCards.id,
      businessId: businessCards.userId,
      layout: businessCardDesigns.layout,
      fields: businessCards.fields,
      profile: cardProfileColumns,
    })
    .from(businessCards)
    .innerJoin(users, eq(users.id, businessCards.userId))
    .innerJoin(businessCardDesigns, eq(businessCardDesigns.id, businessCards.designId))
    .where(and(eq(businessCards.id, cardId), activeAccountCondition(), eq(users.role, "user")));
  if (!row) return null;
  return {
    id: row.id,
    businessId: row.businessId,
    design: readLayout(row.layout),
    fields: row.fields,
    profile: publicCardProfile(row.profile, row.fields),
  };
}
