import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

import { eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { db } from "~/db/db.server";
import { refreshTokens, users } from "~/db/schema";
import { cookieSecrets } from "~/utils/secrets.server";

import { isActiveAccount } from "./account-rules.server";

/** Access tokens last 15 minutes (then the client refreshes them); refresh tokens 30 days. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const REFRESH_TOKEN_DAYS = 30;

function sign(payload: string, secret: string): string {
  return createHmac("sha256", secret).update(payload).digest("base64url");
}

/** A signed, self-contained access token: 'v1.{payload}.{signature}'. */
export function issueAccessToken(userId: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ sub: userId, exp: Math.floor(now / 1000) + ACCESS_TOKEN_SECONDS })).toString("base64url");
  return `v1.${payload}.${sign(payload, cookieSecrets()[0])}`;
}

/** The user id of a valid, unexpired access token signed with any current secret; else null. */
export function verifyAccessToken(token: string, now = Date.now()): string | null {
  const [version, payload, signature] = token.split(".");
  if (version !== "v1" || !payload || !signature) return null;
  const given = Buffer.from(signature);
  const signedByUs = cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(payload, secret));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signedByUs) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== "string" || typeof claims.exp !== "number" || claims.exp * 1000 <= now) return null;
    return claims.sub;
  } catch {
    return null;
  }
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type TokenPair = { accessToken: string; refreshToken: string; expiresIn: number; tokenType: "Bearer" };

async function issueRefreshToken(userId: string, familyId: string, executor: Pick<Database, "insert">): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await executor
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + REFRESH_TOKEN_DAYS * 86_400_000) });
  return token;
}

export async function issueTokenPair(
  userId: string,
  familyId: string = randomUUID(),
  executor: Pick<Database, "insert"> = db(),
): Promise<TokenPair> {
  return {
    accessToken: issueAccessToken(userId),
    refreshToken: await issueRefreshToken(userId, familyId, executor),
    expiresIn: ACCESS_TOKEN_SECONDS,
    tokenType: "Bearer",
  };
}

/**
 * Swaps a refresh token for a new pair. A token works once: presenting a used
 * one means it was stolen, so its whole family is revoked. Null when refused.
 */
export async function rotateRefreshToken(token: string): Promise<TokenPair | null> {
  const tokenHash = hashToken(token);
  const [presented] = await db()
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!presented) return null;
  return db().transaction(async (tx) => {
    // One refresh of a family at a time: a reuse racing a rotation then sees the
    // rotation's new token (committed before the lock is handed over) and revokes it too.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${presented.familyId}::text, 0))`);
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        expiresAt: refreshTokens.expiresAt,
        userStatus: users.status,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || !isActiveAccount({ status: row.userStatus })) return null;
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(eq(refreshTokens.familyId, row.familyId));
      return null;
    }
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.id, row.id));
    return issueTokenPair(row.userId, row.familyId, tx);
  });
}
