import { and, asc, desc, eq, sql } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { pageVersions, pages, users, type PageKind } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { formatDateTime } from "~/lib/india-time";
import type { PageContent } from "~/lib/schemas/admin-pages";
import { movedOneStep, renumbered } from "~/lib/reorder";

import { recordAdminAction, type ActingAdmin } from "./admin-audit.server";

/**
 * The admin's side of the editable pages (the information pages and the /learn articles). Every
 * save writes the page and a page_versions row of what was saved, with its audit row, in one
 * transaction; a restore saves an earlier version's text as a new version, so nothing is lost.
 * The text a page had before its first edit becomes its first version (by nobody) at that edit.
 */

export type EditablePage = { slug: string; kind: PageKind; title: string; summary: string; body: string; updatedAt: string };

/** A saved version as the list shows it: when, by whom (null: the text the page started with). */
export type PageVersionEntry = { id: string; title: string; savedBy: string | null; createdAt: string };

export type PageVersion = PageVersionEntry & { summary: string; body: string };

type PageRow = typeof pages.$inferSelect;

const toEditable = (row: PageRow): EditablePage => ({
  slug: row.slug,
  kind: row.kind,
  title: row.title,
  summary: row.summary,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

/** A page of that kind to edit; null for any other slug (an article's slug is not an information page). */
export async function getEditablePage(slug: string, kind: PageKind): Promise<EditablePage | null> {
  const [row] = await db()
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.kind, kind)))
    .limit(1);
  return row ? toEditable(row) : null;
}

const VERSION_COLUMNS = {
  id: pageVersions.id,
  title: pageVersions.title,
  summary: pageVersions.summary,
  body: pageVersions.body,
  savedBy: users.email,
  createdAt: pageVersions.createdAt,
};

/** A page's saved versions, newest (the text it shows now) first. */
export async function listPageVersions(slug: string, limit = 50): Promise<PageVersionEntry[]> {
  const rows = await db()
    .select(VERSION_COLUMNS)
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.savedBy))
    .where(eq(pageVersions.slug, slug))
    .orderBy(desc(pageVersions.createdAt), desc(pageVersions.id))
    .limit(limit);
  return rows.map(({ summary: _summary, body: _body, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** One saved version of this page; null for an unknown id or another page's version. */
export async function getPageVersion(slug: string, versionId: string): Promise<PageVersion | null> {
  if (!isUuid(versionId)) return null;
  const [row] = await db()
    .select(VERSION_COLUMNS)
    .from(pageVersions)
    .leftJoin(users, eq(users.id, pageVersions.savedBy))
    .where(and(eq(pageVersions.id, versionId), eq(pageVersions.slug, slug)))
    .limit(1);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/**
 * Keeps each page's text as its first version (by nobody) when it has none yet, so the editors list
 * it and it can be restored after any edit. Run by the seed on every start; changes no page.
 */
export async function keepFirstPageVersions(): Promise<void> {
  await db().execute(sql`
    INSERT INTO ${pageVersions} (slug, title, summary, body, saved_by, created_at)
    SELECT p.slug, p.title, p.summary, p.body, NULL, p.updated_at FROM ${pages} p
    WHERE NOT EXISTS (SELECT 1 FROM ${pageVersions} v WHERE v.slug = p.slug)`);
}

/** Saves a page's new text as its newest version; null when there is no such page of that kind. */
export async function savePage(admin: ActingAdmin, slug: string, kind: PageKind, content: PageContent): Promise<EditablePage | null> {
  return db().transaction(async (tx) => {
    const page = await lockPage(tx, slug, kind);
    if (!page) return null;
    return writeVersion(tx, admin, page, content, { action: "edit_page", summary: `Edited "${content.title}"` });
  });
}

/** Saves an earlier version's text as the page's newest version; null when the page or that version of it does not exist. */
export async function restorePageVersion(
  admin: ActingAdmin,
  slug: string,
  kind: PageKind,
  versionId: string,
): Promise<EditablePage | null> {
  if (!isUuid(versionId)) return null;
  return db().transaction(async (tx) => {
    const page = await lockPage(tx, slug, kind);
    if (!page) return null;
    const [version] = await tx
      .select()
      .from(pageVersions)
      .where(and(eq(pageVersions.id, versionId), eq(pageVersions.slug, slug)))
      .limit(1);
    if (!version) return null;
    return writeVersion(tx, admin, page, version, {
      action: "restore_page",
      summary: `Restored "${version.title}" to the version of ${formatDateTime(version.createdAt)}`,
      restoredVersionId: version.id,
    });
  });
}

async function lockPage(tx: Transaction, slug: string, kind: PageKind): Promise<PageRow | null> {
  const [page] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.kind, kind)))
    .for("update");
  return page ?? null;
}

async function writeVersion(
  tx: Transaction,
  admin: ActingAdmin,
  page: PageRow,
  content: PageContent,
  change: { action: string; summary: string; restoredVersionId?: string },
): Promise<EditablePage> {
  const summary = page.kind === "article" ? (content.summary ?? page.summary) : "";
  const [newest] = await tx
    .select({ id: pageVersions.id })
    .from(pageVersions)
    .where(eq(pageVersions.slug, page.slug))
    .orderBy(desc(pageVersions.createdAt), desc(pageVersions.id))
    .limit(1);
  // The text before the first edit is kept as the first version, so it can be restored too.
  const previous =
    newest ??
    (
      await tx
        .insert(pageVersions)
        .values({ slug: page.slug, title: page.title, summary: page.summary, body: page.body, savedBy: null, createdAt: page.updatedAt })
        .returning({ id: pageVersions.id })
    )[0];
  const [saved] = await tx
    .update(pages)
    .set({ title: content.title, summary, body: content.body, updatedAt: new Date() })
    .where(eq(pages.slug, page.slug))
    .returning();
  const [version] = await tx
    .insert(pageVersions)
    .values({
      slug: page.slug,
      title: saved.title,
      summary: saved.summary,
      body: saved.body,
      savedBy: admin.id,
      createdAt: saved.updatedAt,
    })
    .returning({ id: pageVersions.id });
  await recordAdminAction(tx, admin, {
    action: change.action,
    entityType: "page",
    entityId: page.slug,
    summary: change.summary,
    // The texts themselves are in page_versions: the trail names them.
    before: { title: page.title, summary: page.summary, versionId: previous.id, characters: page.body.length },
    after: {
      title: saved.title,
      summary: saved.summary,
      versionId: version.id,
      characters: saved.body.length,
      ...(change.restoredVersionId ? { restoredVersionId: change.restoredVersionId } : {}),
    },
  });
  return toEditable(saved);
}

/** Slugs an article cannot have: the admin's "add" screen is /admin/learn/new. */
const RESERVED_SLUGS = new Set(["new"]);
const SLUG_MAX = 60;

/** An article's address from its title: 'Diwali offers that work!' → 'diwali-offers-that-work'; 'article' when nothing is left. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
  return slug || "article";
}

/** Adds a /learn article at the end of the list, its slug made from its title (with -2, -3… when taken). */
export async function createLearnArticle(admin: ActingAdmin, content: Required<PageContent>): Promise<EditablePage> {
  const base = slugFromTitle(content.title);
  return db().transaction(async (tx) => {
    const [last] = await tx
      .select({ sortOrder: pages.sortOrder })
      .from(pages)
      .where(eq(pages.kind, "article"))
      .orderBy(desc(pages.sortOrder))
      .limit(1);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (RESERVED_SLUGS.has(slug)) continue;
      const [row] = await tx
        .insert(pages)
        .values({ slug, kind: "article", ...content, sortOrder: (last?.sortOrder ?? -1) + 1 })
        .onConflictDoNothing()
        .returning();
      if (!row) continue;
      await tx
        .insert(pageVersions)
        .values({ slug, title: row.title, summary: row.summary, body: row.body, savedBy: admin.id, createdAt: row.updatedAt });
      await recordAdminAction(tx, admin, {
        action: "add_article",
        entityType: "page",
        entityId: slug,
        summary: `Added the article "${row.title}"`,
        after: { title: row.title, summary: row.summary, characters: row.body.length },
      });
      return toEditable(row);
    }
  });
}

/** Moves an article one place up or down the list; false for an unknown article, or one already at that end. */
export async function moveLearnArticle(admin: ActingAdmin, slug: string, direction: "up" | "down"): Promise<boolean> {
  return db().transaction(async (tx) => {
    const articles = await tx
      .select({ slug: pages.slug, title: pages.title, sortOrder: pages.sortOrder })
      .from(pages)
      .where(eq(pages.kind, "article"))
      .orderBy(asc(pages.sortOrder), asc(pages.title))
      .for("update");
    const from = articles.findIndex((article) => article.slug === slug);
    const move = movedOneStep(articles, from, direction);
    if (!move) return false;
    const { to } = move;
    for (const { item, sortOrder } of renumbered(move.order)) {
      await tx.update(pages).set({ sortOrder }).where(eq(pages.slug, item.slug));
    }
    await recordAdminAction(tx, admin, {
      action: "move_article",
      entityType: "page",
      entityId: slug,
      summary: `Moved the article "${articles[from].title}" ${direction} to place ${to + 1} of ${articles.length}`,
      before: { place: from + 1 },
      after: { place: to + 1 },
    });
    return true;
  });
}

/** Deletes an article and its versions (the audit row keeps its last text); false when there is no such article. */
export async function deleteLearnArticle(admin: ActingAdmin, slug: string): Promise<boolean> {
  return db().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(pages)
      .where(and(eq(pages.slug, slug), eq(pages.kind, "article")))
      .returning();
    if (!deleted) return false;
    await recordAdminAction(tx, admin, {
      action: "delete_article",
      entityType: "page",
      entityId: slug,
      summary: `Deleted the article "${deleted.title}"`,
      before: { title: deleted.title, summary: deleted.summary, body: deleted.body },
    });
    return true;
  });
}
