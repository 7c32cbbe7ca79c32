import { and, asc, count, eq, ne, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { businessCardDesigns, businessCards, type BusinessCardLayout } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { CARD_DESIGN_MESSAGES, cardDesignNameTaken, type CardDesignInput } from "~/lib/schemas/admin-card-designs";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";
import { readLayout } from "./business-cards.server";

/**
 * The business card designs as the admin manages them (/admin/business-cards). A disabled design
 * is no longer offered in a business's chooser (listCardDesigns), but the cards saved with it keep
 * it (getPublicBusinessCard reads any design). Designs are never deleted: cards refer to them.
 * Every change takes the acting admin and writes its audit row in its own transaction.
 */

export type AdminCardDesign = {
  id: string;
  name: string;
  layout: BusinessCardLayout;
  isActive: boolean;
  sortOrder: number;
  /** How many businesses' cards use it. */
  cards: number;
};

const designColumns = {
  id: businessCardDesigns.id,
  name: businessCardDesigns.name,
  layout: businessCardDesigns.layout,
  isActive: businessCardDesigns.isActive,
  sortOrder: businessCardDesigns.sortOrder,
};

type DesignRow = { id: string; name: string; layout: unknown; isActive: boolean; sortOrder: number };
const asDesign = (row: DesignRow, cards: number): AdminCardDesign => ({ ...row, layout: readLayout(row.layout), cards });

/** Every design, disabled ones too, in the chooser's order, with how many cards use each. */
export async function listCardDesignsForAdmin(): Promise<AdminCardDesign[]> {
  const [rows, uses] = await Promise.all([
    db().select(designColumns).from(businessCardDesigns).orderBy(asc(businessCardDesigns.sortOrder), asc(businessCardDesigns.name)),
    db().select({ designId: businessCards.designId, cards: count() }).from(businessCards).groupBy(businessCards.designId),
  ]);
  const cards = new Map(uses.map((use) => [use.designId, use.cards]));
  return rows.map((row) => asDesign(row, cards.get(row.id) ?? 0));
}

/** One design with its use; null for an unknown or malformed id. */
export async function getCardDesignForAdmin(id: string): Promise<AdminCardDesign | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select(designColumns).from(businessCardDesigns).where(eq(businessCardDesigns.id, id));
  if (!row) return null;
  const [{ cards }] = await db().select({ cards: count() }).from(businessCards).where(eq(businessCards.designId, id));
  return asDesign(row, cards);
}

export type CardDesignRefusal = { ok: false; reason: "not_found" | "invalid"; field?: "name"; message: string };
const notFound: CardDesignRefusal = { ok: false, reason: "not_found", message: CARD_DESIGN_MESSAGES.notFound };

const layoutOf = (input: CardDesignInput): BusinessCardLayout => ({
  style: input.style,
  background: input.background,
  foreground: input.foreground,
  accent: input.accent,
  font: input.font,
});

/** A design's fields as its audit row keeps them. */
const recordOf = (design: { name: string; layout: BusinessCardLayout; sortOrder: number; isActive: boolean }) => ({
  name: design.name,
  ...design.layout,
  sortOrder: design.sortOrder,
  isActive: design.isActive,
});

/** Another design under this name, whatever its case (two designs of one name would be one in the chooser). */
async function nameTaken(tx: Transaction, name: string, except?: string): Promise<CardDesignRefusal | null> {
  const [row] = await tx
    .select({ name: businessCardDesigns.name })
    .from(businessCardDesigns)
    .where(and(sql`lower(${businessCardDesigns.name}) = lower(${name})`, except ? ne(businessCardDesigns.id, except) : undefined));
  return row ? { ok: false, reason: "invalid", field: "name", message: cardDesignNameTaken(row.name) } : null;
}

/** Adds a design (checked by cardDesignSchema), offered in the chooser at once. */
export async function createCardDesign(admin: ActingAdmin, input: CardDesignInput): Promise<{ ok: true; id: string } | CardDesignRefusal> {
  return db().transaction(async (tx) => {
    // One add at a time: two admins adding one name at once cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('business_card_designs', 0))`);
    const taken = await nameTaken(tx, input.name);
    if (taken) return taken;
    const [row] = await tx
      .insert(businessCardDesigns)
      .values({ name: input.name, layout: layoutOf(input), sortOrder: input.sortOrder })
      .returning(designColumns);
    await recordAdminAction(tx, admin, {
      action: "add_card_design",
      entityType: "business_card_design",
      entityId: row.id,
      summary: `Added card design ${row.name}`,
      after: recordOf({ ...row, layout: layoutOf(input) }),
    });
    return { ok: true as const, id: row.id };
  });
}

/** Changes a design: every card that uses it is drawn the new way from now on (its images get new URLs). */
export async function updateCardDesign(
  admin: ActingAdmin,
  id: string,
  input: CardDesignInput,
): Promise<{ ok: true; name: string } | CardDesignRefusal> {
  if (!isUuid(id)) return notFound;
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('business_card_designs', 0))`);
    const [before] = await tx.select(designColumns).from(businessCardDesigns).where(eq(businessCardDesigns.id, id)).for("update");
    if (!before) return notFound;
    const taken = await nameTaken(tx, input.name, id);
    if (taken) return taken;
    const layout = layoutOf(input);
    await tx
      .update(businessCardDesigns)
      .set({ name: input.name, layout, sortOrder: input.sortOrder, updatedAt: new Date() })
      .where(eq(businessCardDesigns.id, id));
    await recordAdminAction(tx, admin, {
      action: "edit_card_design",
      entityType: "business_card_design",
      entityId: id,
      summary: before.name === input.name ? `Edited card design ${input.name}` : `Edited card design ${before.name}, now ${input.name}`,
      before: recordOf({ ...before, layout: readLayout(before.layout) }),
      after: recordOf({ name: input.name, layout, sortOrder: input.sortOrder, isActive: before.isActive }),
    });
    return { ok: true as const, name: input.name };
  });
}

/**
 * Enables or disables a design: a disabled one leaves the businesses' chooser; the cards saved
 * with it keep it (and their pages and images), until their business chooses another.
 */
export async function setCardDesignActive(
  admin: ActingAdmin,
  id: string,
  active: boolean,
): Promise<{ ok: true; name: string; changed: boolean; cards: number } | CardDesignRefusal> {
  if (!isUuid(id)) return notFound;
  return db().transaction(async (tx) => {
    const [design] = await tx
      .select({ name: businessCardDesigns.name, isActive: businessCardDesigns.isActive })
      .from(businessCardDesigns)
      .where(eq(businessCardDesigns.id, id))
      .for("update");
    if (!design) return notFound;
    const [{ cards }] = await tx.select({ cards: count() }).from(businessCards).where(eq(businessCards.designId, id));
    if (design.isActive === active) return { ok: true as const, name: design.name, changed: false, cards };
    await tx.update(businessCardDesigns).set({ isActive: active, updatedAt: new Date() }).where(eq(businessCardDesigns.id, id));
    await recordAdminAction(tx, admin, {
      action: active ? "enable_card_design" : "disable_card_design",
      entityType: "business_card_design",
      entityId: id,
      summary: `${active ? "Enabled" : "Disabled"} card design ${design.name}${active ? "" : ` (${cards} cards keep it)`}`,
      before: { isActive: design.isActive },
      after: { isActive: active },
    });
    return { ok: true as const, name: design.name, changed: true, cards };
  });
}
