import { and, asc, eq, ne, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/errors.server";
import { queryRows } from "~/db/query.server";
import { categories, posts, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { CATEGORY_MESSAGES, NO_CATEGORY, categoryNameTaken, type CategoryDeleteInput } from "~/lib/schemas/admin-categories";
import { movedOneStep, renumbered } from "~/lib/reorder";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";

/**
 * The business categories as the admin manages them (/admin/categories). A category is a name:
 * posts carry it in posts.category and businesses in users.business_categories, both as text, so
 * a rename or a delete rewrites them in the same transaction as the category (matched without
 * regard to case, as the feed's filter matches). Hidden ones leave the feed's menu and the
 * profile's choices (categories.server.ts) while posts and businesses keep them.
 * Every change takes the acting admin and writes its audit row in its own transaction.
 */

export type AdminCategory = { id: string; name: string; sortOrder: number; hidden: boolean; posts: number; businesses: number };

type UsageRow = { key: string; total: number };

/** How many posts and businesses use each category name (lower-cased), in two aggregate scans. */
async function usageByName(database = db()): Promise<{ posts: Map<string, number>; businesses: Map<string, number> }> {
  const [postRows, businessRows] = await Promise.all([
    queryRows<UsageRow>(
      database,
      sql`select lower(${posts.category}) as key, count(*)::int as total from ${posts} where ${posts.category} is not null group by 1`,
    ),
    queryRows<UsageRow>(
      database,
      sql`select lower(chosen) as key, count(distinct ${users.id})::int as total
          from ${users}, unnest(${users.businessCategories}) as chosen group by 1`,
    ),
  ]);
  return {
    posts: new Map(postRows.map((row) => [row.key, row.total])),
    businesses: new Map(businessRows.map((row) => [row.key, row.total])),
  };
}

const categoryColumns = { id: categories.id, name: categories.name, sortOrder: categories.sortOrder, hidden: categories.hidden };

/** Every category, hidden ones too, in the menu's order, with how many posts and businesses use each. */
export async function listCategoriesForAdmin(): Promise<AdminCategory[]> {
  const [rows, usage] = await Promise.all([
    db().select(categoryColumns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name)),
    usageByName(),
  ]);
  return rows.map((row) => ({
    ...row,
    posts: usage.posts.get(row.name.toLowerCase()) ?? 0,
    businesses: usage.businesses.get(row.name.toLowerCase()) ?? 0,
  }));
}

/** How many posts and businesses use one name (without regard to case). */
async function usageOf(database: Transaction | ReturnType<typeof db>, name: string): Promise<{ posts: number; businesses: number }> {
  const [row] = await queryRows<{ posts: number; businesses: number }>(
    database,
    sql`select
          (select count(*)::int from ${posts} where lower(${posts.category}) = lower(${name})) as posts,
          (select count(*)::int from ${users}
             where exists (select 1 from unnest(${users.businessCategories}) as chosen where lower(chosen) = lower(${name}))) as businesses`,
  );
  return row;
}

/** One category with its use; null for an unknown or malformed id. */
export async function getCategoryForAdmin(id: string): Promise<AdminCategory | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select(categoryColumns).from(categories).where(eq(categories.id, id));
  return row ? { ...row, ...(await usageOf(db(), row.name)) } : null;
}

export type CategoryRefusal = { ok: false; reason: "not_found" | "invalid"; field?: "name" | "moveTo"; message: string };
const notFound: CategoryRefusal = { ok: false, reason: "not_found", message: CATEGORY_MESSAGES.notFound };

/** The category under this name, whatever its case (but `except`), if any. */
async function sameName(tx: Transaction, name: string, except?: string) {
  const [row] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${name})`, except ? ne(categories.id, except) : undefined));
  return row ?? null;
}

const taken = (name: string): CategoryRefusal => ({ ok: false, reason: "invalid", field: "name", message: categoryNameTaken(name) });

/** Runs a change, answering the unique index's refusal (two admins adding one name at once) as the name taken. */
async function refusingDuplicates<T>(name: string, change: () => Promise<T | CategoryRefusal>): Promise<T | CategoryRefusal> {
  try {
    return await change();
  } catch (error) {
    if (isUniqueViolation(error)) return taken(name);
    throw error;
  }
}

/** Adds a category at the end of the menu; a name already used (in any case) is refused. */
export async function addCategory(admin: ActingAdmin, input: { name: string }): Promise<{ ok: true; id: string } | CategoryRefusal> {
  return refusingDuplicates(input.name, () =>
    db().transaction(async (tx) => {
      const existing = await sameName(tx, input.name);
      if (existing) return taken(existing.name);
      const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${categories.sortOrder}) + 1, 0)::int` }).from(categories);
      const [row] = await tx.insert(categories).values({ name: input.name, sortOrder: next }).returning(categoryColumns);
      await recordAdminAction(tx, admin, {
        action: "add_category",
        entityType: "category",
        entityId: row.id,
        summary: `Added category ${row.name}`,
        after: row,
      });
      return { ok: true as const, id: row.id };
    }),
  );
}

/** The category locked for the rest of the transaction (two changes of one category happen one after the other). */
async function lockedCategory(tx: Transaction, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx.select(categoryColumns).from(categories).where(eq(categories.id, id)).for("update");
  return row ?? null;
}

/** posts.category: every post under `from` (any case) moves to `to`, or to none. */
async function movePosts(tx: Transaction, from: string, to: string | null): Promise<number> {
  const moved = await tx
    .update(posts)
    .set({ category: to })
    .where(sql`lower(${posts.category}) = lower(${from})`)
    .returning({ id: posts.id });
  return moved.length;
}

/**
 * users.business_categories: `from` (any case) becomes `to` where it stood, or leaves the list;
 * a business that already had `to` keeps it once. The others' order is kept.
 */
async function moveBusinesses(tx: Transaction, from: string, to: string | null): Promise<number> {
  const moved = await tx
    .update(users)
    .set({
      businessCategories: sql`array(
        select name from (
          select case when lower(chosen) = lower(${from}) then ${to}::text else chosen end as name, min(at) as at
          from unnest(${users.businessCategories}) with ordinality as list(chosen, at)
          group by 1
        ) as renamed
        where name is not null
        order by at)`,
      updatedAt: new Date(),
    })
    .where(sql`exists (select 1 from unnest(${users.businessCategories}) as chosen where lower(chosen) = lower(${from}))`)
    .returning({ id: users.id });
  return moved.length;
}

export type RenameResult = { ok: true; from: string; to: string; posts: number; businesses: number } | CategoryRefusal;

/**
 * Renames a category; its posts and businesses take the new name in the same transaction. Another
 * category's name (in any case) is refused; a change of case alone is a rename.
 */
export async function renameCategory(admin: ActingAdmin, id: string, input: { name: string }): Promise<RenameResult> {
  return refusingDuplicates(input.name, () =>
    db().transaction(async (tx) => {
      const category = await lockedCategory(tx, id);
      if (!category) return notFound;
      const existing = await sameName(tx, input.name, id);
      if (existing) return taken(existing.name);
      if (category.name === input.name) return { ok: true as const, from: category.name, to: input.name, posts: 0, businesses: 0 };
      await tx.update(categories).set({ name: input.name }).where(eq(categories.id, id));
      const movedPosts = await movePosts(tx, category.name, input.name);
      const movedBusinesses = await moveBusinesses(tx, category.name, input.name);
      await recordAdminAction(tx, admin, {
        action: "rename_category",
        entityType: "category",
        entityId: id,
        summary: `Renamed category ${category.name} to ${input.name} (${movedPosts} posts, ${movedBusinesses} businesses)`,
        before: { name: category.name },
        after: { name: input.name },
      });
      return { ok: true as const, from: category.name, to: input.name, posts: movedPosts, businesses: movedBusinesses };
    }),
  );
}

/** Hides a category from the feed's menu and the profile's choices, or shows it again; its posts and businesses keep it either way. */
export async function setCategoryHidden(
  admin: ActingAdmin,
  id: string,
  hidden: boolean,
): Promise<{ ok: true; name: string; changed: boolean } | CategoryRefusal> {
  return db().transaction(async (tx) => {
    const category = await lockedCategory(tx, id);
    if (!category) return notFound;
    if (category.hidden === hidden) return { ok: true as const, name: category.name, changed: false };
    await tx.update(categories).set({ hidden }).where(eq(categories.id, id));
    await recordAdminAction(tx, admin, {
      action: hidden ? "hide_category" : "show_category",
      entityType: "category",
      entityId: id,
      summary: `${hidden ? "Hid" : "Showed"} category ${category.name}`,
      before: { hidden: category.hidden },
      after: { hidden },
    });
    return { ok: true as const, name: category.name, changed: true };
  });
}

/**
 * Moves a category one place up or down the menu: the whole order is written afresh (0, 1, 2…),
 * so categories that shared a position get their own. At the top (or bottom) nothing changes.
 */
export async function moveCategory(
  admin: ActingAdmin,
  id: string,
  direction: "up" | "down",
): Promise<{ ok: true; name: string; moved: boolean } | CategoryRefusal> {
  return db().transaction(async (tx) => {
    // Every category locked, in order: two moves at once cannot interleave their renumbering.
    const ordered = await tx
      .select(categoryColumns)
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name))
      .for("update");
    const at = ordered.findIndex((category) => category.id === id);
    if (at === -1) return notFound;
    const move = movedOneStep(ordered, at, direction);
    if (!move) return { ok: true as const, name: ordered[at].name, moved: false };
    for (const { item, sortOrder } of renumbered(move.order)) {
      await tx.update(categories).set({ sortOrder }).where(eq(categories.id, item.id));
    }
    await recordAdminAction(tx, admin, {
      action: "move_category",
      entityType: "category",
      entityId: id,
      summary: `Moved category ${ordered[at].name} ${direction} (now ${move.to + 1} of ${ordered.length})`,
      before: { position: at + 1 },
      after: { position: move.to + 1 },
    });
    return { ok: true as const, name: ordered[at].name, moved: true };
  });
}

export type DeleteResult = { ok: true; name: string; movedTo: string | null; posts: number; businesses: number } | CategoryRefusal;

/**
 * Deletes a category. An unused one simply goes. One that posts or businesses use needs
 * `moveTo`: another category (they take its name) or 'none' (posts are left without a category,
 * businesses without this one); they are moved in the same transaction as the delete. Counted
 * again inside it, so a post published since the page was drawn is moved too.
 */
export async function deleteCategory(admin: ActingAdmin, id: string, input: Pick<CategoryDeleteInput, "moveTo">): Promise<DeleteResult> {
  return db().transaction(async (tx) => {
    const category = await lockedCategory(tx, id);
    if (!category) return notFound;
    const usage = await usageOf(tx, category.name);
    const inUse = usage.posts > 0 || usage.businesses > 0;
    let target: { id: string; name: string } | null = null;
    if (inUse) {
      if (!input.moveTo)
        return { ok: false as const, reason: "invalid" as const, field: "moveTo" as const, message: CATEGORY_MESSAGES.chooseWhereTheyGo };
      if (input.moveTo !== NO_CATEGORY) {
        target = input.moveTo === id ? null : await lockedCategory(tx, input.moveTo);
        if (!target)
          return { ok: false as const, reason: "invalid" as const, field: "moveTo" as const, message: CATEGORY_MESSAGES.notItself };
      }
    }
    const movedPosts = inUse ? await movePosts(tx, category.name, target?.name ?? null) : 0;
    const movedBusinesses = inUse ? await moveBusinesses(tx, category.name, target?.name ?? null) : 0;
    await tx.delete(categories).where(eq(categories.id, id));
    const where = inUse
      ? target
        ? `; its posts and businesses moved to ${target.name}`
        : "; its posts and businesses left without it"
      : "";
    await recordAdminAction(tx, admin, {
      action: "delete_category",
      entityType: "category",
      entityId: id,
      summary: `Deleted category ${category.name}${where}`,
      before: { ...category, posts: usage.posts, businesses: usage.businesses },
      after: inUse ? { movedTo: target?.name ?? null, posts: movedPosts, businesses: movedBusinesses } : null,
    });
    return { ok: true as const, name: category.name, movedTo: target?.name ?? null, posts: movedPosts, businesses: movedBusinesses };
  });
}
