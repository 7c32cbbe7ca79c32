import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { db } from "~/db/db.server";
import { refreshTokens, users } from "~/db/schema";
import { derivedSecrets } from "~/utils/secrets.server";

import { isActiveAccount } from "./account-rules.server";

/** Access tokens last 15 minutes (then the client refreshes them); refresh tokens 30 days. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const REFRESH_TOKEN_DAYS = 30;

/** The format's version; v1 tokens were signed with the cookie secret itself and are refused. */
const ACCESS_TOKEN_FORMAT = "v2";
/** Access tokens are signed with keys of their own, derived from SESSION_SECRET: a cookie signature is never a token's. */
const ACCESS_TOKEN_KEY_PURPOSE = "isent access-token v2";

function sign(payload: string, key: Buffer): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

/** Who an access token speaks for, and the account's token version when it was issued (see users.tokenVersion). */
export type AccessTokenClaims = { userId: string; tokenVersion: number };

/** A signed, self-contained access token: 'v2.{payload}.{signature}'. */
export function issueAccessToken({ userId, tokenVersion }: AccessTokenClaims, now = Date.now()): string {
  const payload = Buffer.from(
    JSON.stringify({ sub: userId, ver: tokenVersion, exp: Math.floor(now / 1000) + ACCESS_TOKEN_SECONDS }),
  ).toString("base64url");
  return `${ACCESS_TOKEN_FORMAT}.${payload}.${sign(payload, derivedSecrets(ACCESS_TOKEN_KEY_PURPOSE)[0])}`;
}

/** Why an access token is refused before its account is looked at (the security log's `reason`). */
export type AccessTokenProblem = "malformed_token" | "bad_signature" | "expired_token";

/**
 * The claims of a valid, unexpired access token signed with the key of any current secret; else
 * why not. The caller still compares the token version with the account's.
 */
export function readAccessToken(token: string, now = Date.now()): { claims: AccessTokenClaims } | { problem: AccessTokenProblem } {
  const [format, payload, signature, extra] = token.split(".");
  if (format !== ACCESS_TOKEN_FORMAT || !payload || !signature || extra !== undefined) return { problem: "malformed_token" };
  const given = Buffer.from(signature);
  const signedByUs = derivedSecrets(ACCESS_TOKEN_KEY_PURPOSE).some((key) => {
    const expected = Buffer.from(sign(payload, key));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!signedByUs) return { problem: "bad_signature" };
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sub?: unknown; ver?: unknown; exp?: unknown };
    if (typeof claims.sub !== "string" || !Number.isInteger(claims.ver) || typeof claims.exp !== "number")
      return { problem: "malformed_token" };
    if (claims.exp * 1000 <= now) return { problem: "expired_token" };
    return { claims: { userId: claims.sub, tokenVersion: claims.ver as number } };
  } catch {
    return { problem: "malformed_token" };
  }
}

/** The claims of a valid, unexpired access token (readAccessToken), else null. */
export function verifyAccessToken(token: string, now = Date.now()): AccessTokenClaims | null {
  const read = readAccessToken(token, now);
  return "claims" in read ? read.claims : null;
}

/**
 * Ends the account's API access inside the caller's transaction: every
 * refresh token is revoked, and raising the token version refuses every
 * access token already out (they would otherwise last their 15 minutes).
 */
export async function revokeApiTokens(tx: Pick<Database, "update">, userId: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await endAccessTokens(tx, userId);
}

async function endAccessTokens(tx: Pick<Database, "update">, userId: string) {
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
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

async function issuePair(claims: AccessTokenClaims, familyId: string, executor: Pick<Database, "insert">): Promise<TokenPair> {
  return {
    accessToken: issueAccessToken(claims),
    refreshToken: await issueRefreshToken(claims.userId, familyId, executor),
    expiresIn: ACCESS_TOKEN_SECONDS,
    tokenType: "Bearer",
  };
}

/** A first pair for a user who just proved who they are: a new refresh-token family. */
export async function issueTokenPair(userId: string): Promise<TokenPair> {
  const [account] = await db().select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, userId));
  if (!account) throw new Error(`No account ${userId} to issue tokens to`);
  return issuePair({ userId, tokenVersion: account.tokenVersion }, randomUUID(), db());
}

export type RefreshResult =
  | { ok: true; pair: TokenPair }
  /** A spent token came back: someone holds a copy. The family is revoked, and so is every access token of the account. */
  | { ok: false; reason: "reused"; userId: string }
  /** Unknown, expired or revoked, or the account is not active. */
  | { ok: false; reason: "invalid" };

/**
 * Swaps a refresh token for a new pair. A token works once: presenting a used
 * one means it was stolen, so its whole family is revoked.
 */
export async function rotateRefreshToken(token: string): Promise<RefreshResult> {
  const refused = { ok: false, reason: "invalid" } as const;
  const tokenHash = hashToken(token);
  const [presented] = await db()
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!presented) return refused;
  return db().transaction(async (tx): Promise<RefreshResult> => {
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
        tokenVersion: users.tokenVersion,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now() || !isActiveAccount({ status: row.userStatus })) return refused;
    if (row.usedAt) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: sql`now()` })
        .where(eq(refreshTokens.familyId, row.familyId));
      // The thief may hold this family's current access token too: it ends now, not in 15 minutes.
      await endAccessTokens(tx, row.userId);
      return { ok: false, reason: "reused", userId: row.userId };
    }
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.id, row.id));
    return { ok: true, pair: await issuePair({ userId: row.userId, tokenVersion: row.tokenVersion }, row.familyId, tx) };
  });
}
