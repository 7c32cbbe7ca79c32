import { and, desc, eq } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { adminAuditLog, type AuditEntity } from "~/db/schema";

/**
 * The admin's audit trail. Every admin model function takes the acting admin and calls
 * recordAdminAction inside the transaction of its change, so a change and its row land together
 * or not at all. Nothing here updates or deletes a row (and the table's trigger refuses it).
 */

/** The admin doing the change (requireAdmin's user fits). */
export type ActingAdmin = { id: string; email: string };

export type AdminAction = {
  action: string;
  entityType: AuditEntity;
  entityId: string | null;
  summary: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
};

export async function recordAdminAction(tx: Transaction, admin: ActingAdmin, change: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    summary: change.summary,
    before: change.before ?? null,
    after: change.after ?? null,
    reason: change.reason ?? null,
  });
}

/** One row of the trail as the screens show it (dates as ISO strings: loader data). */
export type AdminActionEntry = {
  id: string;
  adminEmail: string;
  action: string;
  entityType: AuditEntity;
  entityId: string | null;
  summary: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  createdAt: string;
};

/** The newest actions: all of them (the dashboard), or one record's (its page). */
export async function listAdminActions(
  filter: { entityType?: AuditEntity; entityId?: string; limit?: number } = {},
): Promise<AdminActionEntry[]> {
  const conditions = [
    filter.entityType ? eq(adminAuditLog.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(adminAuditLog.entityId, filter.entityId) : undefined,
  ];
  const rows = await db()
    .select()
    .from(adminAuditLog)
    .where(and(...conditions))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(Math.min(filter.limit ?? 20, 100));
  return rows.map((row) => ({
    id: row.id,
    adminEmail: row.adminEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    before: row.before,
    after: row.after,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }));
}
