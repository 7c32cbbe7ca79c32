import { createHmac, randomUUID } from "node:crypto";

import { afterEach, describe, expect, it, vi } from "vitest";

import { issueVisitorId, verifyVisitorToken, visitorIdOf } from "~/models/visitors.server";

const secrets = vi.hoisted(() => ({ current: ["first-secret"] }));
vi.mock("~/utils/secrets.server", async (importOriginal) => {
  const { hkdfSync } = await import("node:crypto");
  return {
    ...(await importOriginal<typeof import("~/utils/secrets.server")>()),
    cookieSecrets: () => secrets.current,
    // As the real one derives them, without its cache: the tests rotate the secrets.
    derivedSecrets: (purpose: string) => secrets.current.map((secret) => Buffer.from(hkdfSync("sha256", secret, "", purpose, 32))),
  };
});
afterEach(() => {
  secrets.current = ["first-secret"];
});

describe("signed visitor ids", () => {
  it("a token the server issued names its visitor", () => {
    const { id, token } = issueVisitorId();
    expect(token.startsWith(`${id}.`)).toBe(true);
    expect(verifyVisitorToken(token)).toBe(id);
  });

  it("anything a client makes up names nobody", () => {
    const { id, token } = issueVisitorId();
    const signature = token.slice(id.length + 1);
    const forged = [
      randomUUID(),
      `${randomUUID()}.${signature}`,
      `${id}.${signature.slice(0, -1)}`,
      `${id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${id.toUpperCase()}.${signature}`,
      `${id}.`,
      `${token}.extra`,
      `${id}.${Buffer.from(signature, "base64url").toString("hex")}`,
    ];
    for (const token of [...forged, "", null, undefined, 42, { id }]) expect(verifyVisitorToken(token)).toBeNull();
  });

  it("are signed with a key of their own, not with the cookie secret itself", () => {
    const { id } = issueVisitorId();
    expect(verifyVisitorToken(`${id}.${createHmac("sha256", secrets.current[0]).update(id).digest("base64url")}`)).toBeNull();
  });

  it("stay valid while their secret is still listed after a new one, and end with it", () => {
    const { id, token } = issueVisitorId();
    secrets.current = ["second-secret", "first-secret"];
    expect(verifyVisitorToken(token)).toBe(id);
    const newer = issueVisitorId();
    secrets.current = ["second-secret"];
    expect(verifyVisitorToken(token)).toBeNull();
    expect(verifyVisitorToken(newer.token)).toBe(newer.id);
  });
});

describe("who a visitor is", () => {
  it("a signed-in user is themselves on every device, whatever anonymous ids come along", () => {
    expect(visitorIdOf({ userId: "u-1", cookieToken: issueVisitorId().token, bodyToken: issueVisitorId().token })).toBe("user:u-1");
  });

  it("else the cookie's visitor, before one the client sent", () => {
    const [cookie, body] = [issueVisitorId(), issueVisitorId()];
    expect(visitorIdOf({ userId: null, cookieToken: cookie.token, bodyToken: body.token })).toBe(cookie.id);
  });

  it("else the visitor the client sent, when the cookie has none the server signed", () => {
    const body = issueVisitorId();
    for (const cookieToken of [undefined, randomUUID(), `${randomUUID()}.forged`]) {
      expect(visitorIdOf({ userId: null, cookieToken, bodyToken: body.token })).toBe(body.id);
    }
  });

  it("else nobody: an id the client made up does not count", () => {
    for (const bodyToken of [randomUUID(), "not-a-uuid", 42, null, undefined]) {
      expect(visitorIdOf({ userId: null, cookieToken: randomUUID(), bodyToken })).toBeNull();
    }
  });
});
