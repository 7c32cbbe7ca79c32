import { createHash, createHmac } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { refreshTokens, users } from "~/db/schema";
import { issueAccessToken, issueTokenPair } from "~/models/api-tokens.server";
import { cookieSecrets } from "~/utils/secrets.server";
import { action as refreshAction } from "~/routes/api+/auth.refresh";
import { action as tokenAction, loader as tokenLoader } from "~/routes/api+/auth.token";
import { loader as meLoader } from "~/routes/api+/user.me";

import { PASSWORD, createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, formPost, getRequest, jsonPost, type Reply } from "../support/http";

const test = setupTestDatabase();

type TokenPair = { accessToken: string; refreshToken: string; expiresIn: number; tokenType: string };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const hmac = (key: string, value: string) => createHmac("sha256", key).update(value).digest("base64url");

function requestTokens(body: unknown) {
  return call<TokenPair & { message?: string }>(tokenAction, jsonPost("/api/auth/token", body));
}

async function tokensFor(email: string): Promise<TokenPair> {
  const reply = await requestTokens({ email, password: PASSWORD });
  expect(reply.status).toBe(200);
  return reply.data;
}

function refresh(refreshToken: unknown) {
  return call<TokenPair & { message?: string }>(refreshAction, jsonPost("/api/auth/refresh", { refreshToken }));
}

function me(headers: Record<string, string> = {}) {
  return call<Record<string, unknown>>(meLoader, getRequest("/api/user/me", { headers }));
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function expectUnauthorized(reply: Reply) {
  expect(reply.status).toBe(401);
  expect(reply.headers.get("Content-Type")).toContain("application/json");
  expect(reply.data).toEqual({ message: expect.any(String) });
}

/** An access token with its payload rewritten, keeping the original signature. */
function withClaims(token: string, claims: Record<string, unknown>) {
  const [version, , signature] = token.split(".");
  return `${version}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
}

describe("POST /api/auth/token", () => {
  it("answers a 15-minute access token and a refresh token stored only as its hash", async () => {
    const user = await createUser();
    const reply = await requestTokens({ email: user.email.toUpperCase(), password: PASSWORD });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Cache-Control")).toBe("no-store");
    expect(reply.data).toEqual({
      accessToken: expect.stringMatching(/^v2\./),
      refreshToken: expect.any(String),
      expiresIn: 900,
      tokenType: "Bearer",
    });

    const rows = await test.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(reply.data.refreshToken));
    expect(rows[0].tokenHash).not.toContain(reply.data.refreshToken);
  });

  it("accepts a form body with the login form's field names", async () => {
    const user = await createUser();
    const reply = await call<TokenPair>(
      tokenAction,
      formPost("/api/auth/token", { username: user.email, password: PASSWORD }, { origin: null }),
    );
    expect(reply.status).toBe(200);
    expect(reply.data.expiresIn).toBe(900);
  });

  it("gives a wrong password and an unknown email the same 401 {message}", async () => {
    const user = await createUser();
    const wrong = await requestTokens({ email: user.email, password: "wrong-password" });
    const unknown = await requestTokens({ email: "nobody@shop.example.in", password: "wrong-password" });
    for (const reply of [wrong, unknown]) {
      expect(reply.status).toBe(401);
      expect(reply.data).toEqual({ message: "Invalid email or password" });
    }
    expect(await test.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toEqual([]);
  });

  it("answers bad input with 400 {message} and a GET with 405", async () => {
    expect(await requestTokens({ email: "not-an-email", password: PASSWORD })).toMatchObject({
      status: 400,
      data: { message: "Please enter a valid email address" },
    });
    expect(await requestTokens({ email: "someone@shop.example.in", password: "123" })).toMatchObject({
      status: 400,
      data: { message: "Password must be at least 6 characters" },
    });
    const get = await call(tokenLoader, getRequest("/api/auth/token"));
    expect(get).toMatchObject({ status: 405, data: { message: "Method not allowed: use POST" } });
    expect(get.headers.get("Allow")).toBe("POST");
  });
});

describe("GET /api/user/me", () => {
  it("answers the bearer's user, without any password field", async () => {
    const user = await createUser({ name: "Asha Rao", businessName: "Rao Sweets" });
    const { accessToken } = await tokensFor(user.email);
    const reply = await me(bearer(accessToken));

    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({
      id: user.id,
      username: user.email,
      email: user.email,
      name: "Asha Rao",
      businessName: "Rao Sweets",
      displayName: "Asha Rao - Rao Sweets",
      balance: 100,
      onboardingCompleted: false,
      isAdmin: false,
      status: "active",
    });
    expect(Object.keys(reply.data).filter((key) => /password|hash/i.test(key))).toEqual([]);
    expect(JSON.stringify(reply.data)).not.toContain("$argon2");
  });

  it("answers the session cookie's user too", async () => {
    const user = await createUser();
    const reply = await me({ Cookie: await sessionCookieFor(user.id) });
    expect(reply.status).toBe(200);
    expect(reply.data.id).toBe(user.id);
  });

  it("answers 401 {message} without credentials, with another scheme, or with a bad bearer even beside a good cookie", async () => {
    const user = await createUser();
    expectUnauthorized(await me());
    expect((await me()).data).toEqual({ message: "User not authenticated" });
    expectUnauthorized(await me({ Authorization: `Basic ${Buffer.from(`${user.email}:${PASSWORD}`).toString("base64")}` }));
    expectUnauthorized(await me({ ...bearer("not-a-token"), Cookie: await sessionCookieFor(user.id) }));
  });

  it("refuses tampered, foreign-signed, malformed and expired access tokens", async () => {
    const user = await createUser();
    const victim = await createUser();
    const { accessToken } = await tokensFor(user.email);
    const [, payload, signature] = accessToken.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as { sub: string; ver: number; exp: number };
    expect(claims).toEqual({ sub: user.id, ver: 0, exp: expect.any(Number) });

    const foreignPayload = Buffer.from(JSON.stringify({ sub: victim.id, ver: 0, exp: claims.exp })).toString("base64url");
    const forged = [
      withClaims(accessToken, { ...claims, sub: victim.id }),
      withClaims(accessToken, { ...claims, exp: claims.exp + 86_400 }),
      `v2.${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
      `v2.${foreignPayload}.${hmac("some-other-secret", foreignPayload)}`,
      `v1.${payload}.${signature}`,
      `v2.${payload}`,
      `${accessToken}.${signature}`,
      issueAccessToken({ userId: user.id, tokenVersion: 0 }, Date.now() - 15 * 60_000 - 1000),
    ];
    for (const token of forged) expectUnauthorized(await me(bearer(token)));
    expect((await me(bearer(issueAccessToken({ userId: user.id, tokenVersion: 0 }, Date.now() - 14 * 60_000)))).status).toBe(200);
  });

  it("refuses a token signed with the cookie secret itself, the old way: access tokens have a key of their own", async () => {
    const user = await createUser();
    const payload = Buffer.from(JSON.stringify({ sub: user.id, ver: 0, exp: Math.floor(Date.now() / 1000) + 600 })).toString("base64url");
    const [cookieSecret] = cookieSecrets();
    expectUnauthorized(await me(bearer(`v2.${payload}.${hmac(cookieSecret, payload)}`)));
    expectUnauthorized(await me(bearer(`v1.${payload}.${hmac(cookieSecret, payload)}`)));
  });

  it("refuses a validly signed token whose version is not the account's", async () => {
    const user = await createUser();
    expect((await me(bearer(issueAccessToken({ userId: user.id, tokenVersion: 0 })))).status).toBe(200);
    expectUnauthorized(await me(bearer(issueAccessToken({ userId: user.id, tokenVersion: 1 }))));
  });

  it("stops answering for a suspended or deleted user", async () => {
    const suspended = await createUser();
    const deleted = await createUser();
    const [first, second] = [await tokensFor(suspended.email), await tokensFor(deleted.email)];
    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, suspended.id));
    await test.db.delete(users).where(eq(users.id, deleted.id));
    expectUnauthorized(await me(bearer(first.accessToken)));
    expectUnauthorized(await me(bearer(second.accessToken)));
    expectUnauthorized(await refresh(first.refreshToken));
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates: a new pair that works, and the old refresh token is spent", async () => {
    const user = await createUser();
    const first = await tokensFor(user.email);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    expect(rotated.data).toEqual({
      accessToken: expect.stringMatching(/^v2\./),
      refreshToken: expect.any(String),
      expiresIn: 900,
      tokenType: "Bearer",
    });
    expect(rotated.data.refreshToken).not.toBe(first.refreshToken);
    expect((await me(bearer(rotated.data.accessToken))).data.id).toBe(user.id);

    const [spent] = await test.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    expect(spent.usedAt).not.toBeNull();
  });

  it("a spent token presented again revokes its whole family, newest token included, and the access tokens out; other families live on", async () => {
    const user = await createUser();
    const first = await tokensFor(user.email);
    const otherDevice = await tokensFor(user.email);
    const second = (await refresh(first.refreshToken)).data;
    const third = (await refresh(second.refreshToken)).data;
    expect(third.refreshToken).toEqual(expect.any(String));
    expect((await me(bearer(third.accessToken))).status).toBe(200);

    const reuse = await refresh(first.refreshToken);
    expectUnauthorized(reuse);
    expect(reuse.data).toEqual({ message: "Authentication failed. Please log in again." });
    expectUnauthorized(await refresh(third.refreshToken));
    // The thief may hold the family's newest access token: it stops at once, not 15 minutes later.
    expectUnauthorized(await me(bearer(third.accessToken)));

    const [{ familyId }] = await test.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(first.refreshToken)));
    const family = await test.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, familyId));
    expect(family).toHaveLength(3);
    expect(family.every((row) => row.revokedAt !== null)).toBe(true);

    const otherDeviceRefreshed = await refresh(otherDevice.refreshToken);
    expect(otherDeviceRefreshed.status).toBe(200);
    expect((await me(bearer(otherDeviceRefreshed.data.accessToken))).status).toBe(200);
  });

  // Races are decided by timing: a few rounds each, so a lost revocation cannot hide by luck.
  it("two refreshes racing with one token: one wins, and afterwards no token of the family works", async () => {
    const user = await createUser();
    for (let round = 0; round < 6; round++) {
      const { refreshToken } = await issueTokenPair(user.id);
      const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
      expect(answers.map((reply) => reply.status).sort()).toEqual([200, 401]);
      const winner = answers.find((reply) => reply.status === 200)!;
      expectUnauthorized(await refresh(winner.data.refreshToken));
    }
  });

  it("a stolen spent token replayed while the owner rotates the current one: the family ends revoked either way", async () => {
    const user = await createUser();
    for (let round = 0; round < 6; round++) {
      const stolen = (await issueTokenPair(user.id)).refreshToken;
      const current = (await refresh(stolen)).data.refreshToken;
      const [owner, thief] = await Promise.all([refresh(current), refresh(stolen)]);
      expectUnauthorized(thief);
      if (owner.status === 200) expectUnauthorized(await refresh(owner.data.refreshToken));
      else expectUnauthorized(owner);
    }
  });

  it("refuses a missing, unknown or expired refresh token", async () => {
    const user = await createUser();
    expect(await refresh(undefined)).toMatchObject({ status: 400, data: { message: "refreshToken is required" } });
    expectUnauthorized(await refresh("x".repeat(43)));
    const { refreshToken } = await tokensFor(user.email);
    await test.db
      .update(refreshTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
    expectUnauthorized(await refresh(refreshToken));
  });
});
