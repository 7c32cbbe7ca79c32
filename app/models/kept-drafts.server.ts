import { and, eq, gt, lte, or, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { keptDrafts } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { KEPT_DRAFT_MINUTES, type KeptDraftReason, type KeptDraftShape, type KeptField } from "~/lib/kept-draft";

export type KeptDraft = { path: string; fields: KeptField[]; droppedFiles: number; intent: string | null; reason: KeptDraftReason };

const live = () => gt(keptDrafts.createdAt, sql`now() - make_interval(mins => ${KEPT_DRAFT_MINUTES})`);
const expired = () => lte(keptDrafts.createdAt, sql`now() - make_interval(mins => ${KEPT_DRAFT_MINUTES})`);

/**
 * Keeps a form sent after the account's session ended, or left for a detour (already shaped and
 * bounded by shapeKeptDraft). One draft per account and screen: a newer one replaces it, and the
 * account's expired ones go at the same time, so an account never holds more than a screen each.
 */
export async function keepDraft(userId: string, path: string, draft: KeptDraftShape, reason: KeptDraftReason = "session"): Promise<string> {
  return db().transaction(async (tx) => {
    await tx.delete(keptDrafts).where(and(eq(keptDrafts.userId, userId), or(eq(keptDrafts.path, path), expired())));
    const [row] = await tx
      .insert(keptDrafts)
      .values({ userId, path, fields: draft.fields, droppedFiles: draft.droppedFiles, intent: draft.intent, reason })
      .returning({ id: keptDrafts.id });
    return row.id;
  });
}

/**
 * The draft `id` if it is this account's, kept for this screen, and under an hour old: deleted as
 * it is read, so it fills the form once. Another account's id, another screen's or an old one is
 * null, exactly like an unknown id.
 */
export async function takeDraft(id: string, userId: string, path: string): Promise<KeptDraft | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .delete(keptDrafts)
    .where(and(eq(keptDrafts.id, id), eq(keptDrafts.userId, userId), eq(keptDrafts.path, path), live()))
    .returning({
      path: keptDrafts.path,
      fields: keptDrafts.fields,
      droppedFiles: keptDrafts.droppedFiles,
      intent: keptDrafts.intent,
      reason: keptDrafts.reason,
    });
  return row ?? null;
}

/**
 * Whether the draft `id` is still waiting for this account (the sign-in page says what was kept; a
 * detour's screens offer the way back): its screen, file count and reason, or null.
 */
export async function waitingDraft(
  id: string,
  userId: string,
): Promise<{ path: string; droppedFiles: number; reason: KeptDraftReason } | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select({ path: keptDrafts.path, droppedFiles: keptDrafts.droppedFiles, reason: keptDrafts.reason })
    .from(keptDrafts)
    .where(and(eq(keptDrafts.id, id), eq(keptDrafts.userId, userId), live()));
  return row ?? null;
}

/** Deletes drafts older than an hour (a scheduled job): nobody can use them any more. */
export async function forgetExpiredDrafts(): Promise<number> {
  const rows = await db().delete(keptDrafts).where(expired()).returning({ id: keptDrafts.id });
  return rows.length;
}
