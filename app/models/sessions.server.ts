import { and, eq, gt, sql } from "drizzle-orm";

import { config } from "~/config.server";
import { db } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";

import { activeAccountCondition } from "./account-rules.server";

const DAY_MS = 86_400_000;
/** Extend a session at most once an hour: a session in use never expires, without a write per request. */
const TOUCH_EVERY_MS = 3_600_000;

export function sessionLifetimeMs(): number {
  return config.SESSION_IDLE_DAYS * DAY_MS;
}

export async function createSession(userId: string, meta: { ipAddress?: string | null; userAgent?: string | null }) {
  const [session] = await db()
    .insert(sessions)
    .values({
      userId,
      expiresAt: new Date(Date.now() + sessionLifetimeMs()),
      ipAddress: meta.ipAddress ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return session;
}

export type ActiveSession = { id: string; userId: string; createdAt: Date; expiresAt: Date };

/** The session if it exists, has not expired and its user is active; extended when due. */
export async function findActiveSession(sessionId: string): Promise<ActiveSession | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db()
    .select({
      id: sessions.id,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, sql`now()`), activeAccountCondition()));
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const expiresAt = new Date(Date.now() + sessionLifetimeMs());
    await db()
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt })
      .where(eq(sessions.id, row.id));
    row.expiresAt = expiresAt;
  }
  return { id: row.id, userId: row.userId, createdAt: row.createdAt, expiresAt: row.expiresAt };
}

export async function endSession(sessionId: string) {
  if (!isUuid(sessionId)) return;
  await db().delete(sessions).where(eq(sessions.id, sessionId));
}
