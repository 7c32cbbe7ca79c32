import { createHmac } from "node:crypto";

import { afterEach, describe, expect, it, vi } from "vitest";

const ALICE = { userId: "00000000-0000-4000-8000-00000000000a", tokenVersion: 3 };

/** The token functions and key derivation as loaded with this SESSION_SECRET (secrets are read once per load). */
async function withSecret(secret: string) {
  vi.resetModules();
  vi.stubEnv("SESSION_SECRET", secret);
  const tokens = await import("~/models/api-tokens.server");
  const secrets = await import("~/utils/secrets.server");
  return { ...tokens, ...secrets };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("derivedSecrets", () => {
  it("gives each purpose its own 32-byte key per secret, newest first, none of them the secret itself", async () => {
    const { derivedSecrets } = await withSecret("new-secret,old-secret");
    const tokens = derivedSecrets("isent access-token v2");
    const visitors = derivedSecrets("isent visitor id");
    expect(tokens).toHaveLength(2);
    expect(tokens.every((key) => key.length === 32)).toBe(true);
    expect(tokens[0].equals(tokens[1])).toBe(false);
    expect(tokens[0].equals(visitors[0])).toBe(false);
    expect((await withSecret("new-secret")).derivedSecrets("isent access-token v2")[0].equals(tokens[0])).toBe(true);
  });
});

describe("access token keys", () => {
  it("survive a rotation: a token signed under the old secret verifies while it is still listed, and not after", async () => {
    const oldToken = (await withSecret("old-secret")).issueAccessToken(ALICE);
    expect((await withSecret("old-secret")).verifyAccessToken(oldToken)).toEqual(ALICE);
    expect((await withSecret("new-secret,old-secret")).verifyAccessToken(oldToken)).toEqual(ALICE);
    expect((await withSecret("new-secret")).verifyAccessToken(oldToken)).toBeNull();
  });

  it("are not the cookie secret: a token HMACed with the secret itself is refused, as v2 or v1", async () => {
    const { verifyAccessToken } = await withSecret("the-secret");
    const payload = Buffer.from(JSON.stringify({ sub: ALICE.userId, ver: ALICE.tokenVersion, exp: Date.now() / 1000 + 600 })).toString(
      "base64url",
    );
    const rawSignature = createHmac("sha256", "the-secret").update(payload).digest("base64url");
    expect(verifyAccessToken(`v2.${payload}.${rawSignature}`)).toBeNull();
    expect(verifyAccessToken(`v1.${payload}.${rawSignature}`)).toBeNull();
  });
});
