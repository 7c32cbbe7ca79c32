import { and, desc, eq, gt, ne, sql } from "drizzle-orm";

import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { databaseHandle, db } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { changeMark, changeTag, defineMemory } from "~/memory/memory.server";

import { activeAccountCondition, isAdminAccount } from "./account-rules.server";
import { accountColumns, toAccountUser, type AccountUser } from "./account-user.server";
import { revokeApiTokens } from "./api-tokens.server";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a session lasts. `idleMs`: unused this long, it ends; `maxMs`: it
 * ends this long after sign-in, however much it is used; `touchEveryMs`: how
 * often use is written down (a write per request would be wasteful, and the
 * idle end is only as precise as this).
 */
export type SessionLifetime = { idleMs: number; maxMs: number; touchEveryMs: number };

/** The admin's sessions are short-lived and end soon when left alone; a business's last weeks. */
export function sessionLifetime(account: { role: string; email: string }): SessionLifetime {
  if (isAdminAccount(account)) {
    return {
      idleMs: config.ADMIN_SESSION_IDLE_MINUTES * MINUTE_MS,
      maxMs: config.ADMIN_SESSION_MAX_HOURS * HOUR_MS,
      touchEveryMs: MINUTE_MS,
    };
  }
  return { idleMs: config.SESSION_IDLE_DAYS * DAY_MS, maxMs: config.SESSION_MAX_DAYS * DAY_MS, touchEveryMs: HOUR_MS };
}

/** The idle end after use at `now`, never past the absolute end. */
function idleEnd(now: number, lifetime: SessionLifetime, absoluteExpiresAt: Date): Date {
  return new Date(Math.min(now + lifetime.idleMs, absoluteExpiresAt.getTime()));
}

export async function createSession(userId: string, meta: { ipAddress?: string | null; userAgent?: string | null }) {
  const [account] = await db().select({ role: users.role, email: users.email }).from(users).where(eq(users.id, userId));
  if (!account) throw new Error(`No account ${userId} to sign in`);
  const lifetime = sessionLifetime(account);
  const now = Date.now();
  const absoluteExpiresAt = new Date(now + lifetime.maxMs);
  const [session] = await db()
    .insert(sessions)
    .values({
      userId,
      expiresAt: idleEnd(now, lifetime, absoluteExpiresAt),
      absoluteExpiresAt,
      ipAddress: meta.ipAddress ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt, absoluteExpiresAt: sessions.absoluteExpiresAt });
  return session;
}

export type ActiveSession = {
  id: string;
  user: AccountUser;
  createdAt: Date;
  expiresAt: Date;
  absoluteExpiresAt: Date;
};

/**
 * On the embedded PGlite, which is one process, a session's lookup is remembered until its account or
 * any of the account's sessions change, whoever changes them: the change feed tells `account:<id>`
 * (app/db/schema/changes.ts), and PGlite tells it before the writer's commit returns, so the request
 * after a sign-out, a password change or a new balance looks it up afresh. Remembered no longer than
 * the session's ends and its next touch. On PostgreSQL (several processes, instances) every request
 * looks it up: another process could hear of a sign-out only after the next request.
 */
const remembered = defineMemory<ActiveSession>({
  name: "sessions",
  purpose: "signed-in sessions' lookups on PGlite, until their account or sessions change",
  max: 5_000,
  dependsOn: ["account"],
});

/**
 * The session if it exists, is neither idle past its end nor past its
 * absolute end, and its user is active; its idle end moved forward when due.
 */
export async function findActiveSession(sessionId: string): Promise<ActiveSession | null> {
  if (!isUuid(sessionId)) return null;
  const remembering = databaseHandle().kind === "pglite";
  const kept = remembering ? remembered.recall(sessionId) : undefined;
  if (kept) return kept;
  const since = changeMark();
  const [row] = await db()
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      lastSeenAt: sessions.lastSeenAt,
      // The account in the same lookup: one query per signed-in request, not two.
      account: accountColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
        activeAccountCondition(),
      ),
    );
  if (!row) return null;
  const lifetime = sessionLifetime(row.account);
  const now = Date.now();
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now - lastSeenAt > lifetime.touchEveryMs) {
    const expiresAt = idleEnd(now, lifetime, row.absoluteExpiresAt);
    await db()
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt })
      .where(eq(sessions.id, row.id));
    row.expiresAt = expiresAt;
    lastSeenAt = now;
  }
  const session = {
    id: row.id,
    user: toAccountUser(row.account),
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    absoluteExpiresAt: row.absoluteExpiresAt,
  };
  // The touch's own notice comes after `since`: a touched session is remembered from the next lookup.
  const until = Math.min(row.expiresAt.getTime(), row.absoluteExpiresAt.getTime(), lastSeenAt + lifetime.touchEveryMs);
  if (remembering && until > now)
    remembered.keep(row.id, session, { ttlMs: until - now, tags: [changeTag.account(session.user.id)], since });
  return session;
}

/**
 * The active account a session no longer live was for: `accountId` as its signed cookie says (Logout
 * deletes the row), else its row's while an expired row is still there (older cookies name only the
 * session). Null for an account gone or suspended since.
 */
export async function endedSessionOwner(sessionId: string, accountId: string | null): Promise<string | null> {
  if (accountId !== null) {
    if (!isUuid(accountId)) return null;
    const [account] = await db()
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, accountId), activeAccountCondition()));
    return account?.id ?? null;
  }
  if (!isUuid(sessionId)) return null;
  const [row] = await db()
    .select({ id: users.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), activeAccountCondition()));
  return row?.id ?? null;
}

export async function endSession(sessionId: string) {
  if (!isUuid(sessionId)) return;
  await db().delete(sessions).where(eq(sessions.id, sessionId));
}

/** A session as its owner sees it in the list on /settings. */
export type SessionSummary = {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
};

/** The account's sessions that have not ended (idle or absolute), the most recently used first. */
export async function listActiveSessions(userId: string): Promise<SessionSummary[]> {
  return db()
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`), gt(sessions.absoluteExpiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * Ends one of the account's sessions ('Sign out' beside it on /settings), and nothing else: the
 * owner is in the WHERE, so another account's session id ends nothing (false, as for an unknown id).
 */
export async function endOwnSession(userId: string, sessionId: string): Promise<boolean> {
  if (!isUuid(sessionId)) return false;
  const ended = await db()
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the account but this one ('Sign out all other devices'); how many ended. */
export async function endOtherSessions(userId: string, keepSessionId: string): Promise<number> {
  const ended = await db()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends every way into the account at once, inside the caller's transaction:
 * its sessions, its API refresh tokens and its access tokens. For when
 * whoever held the old credentials must be locked out (a password reset, a
 * takeover of the account by its Google owner).
 */
export async function signOutEverywhere(tx: Pick<Database, "delete" | "update">, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await revokeApiTokens(tx, userId);
}
