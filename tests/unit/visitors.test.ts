import { describe, expect, it } from "vitest";

import { visitorIdOf } from "~/models/visitors.server";

const ANON = "6f1c2b7e-1d2a-4c3b-9a8e-1234567890ab";
const OTHER = "0b5c7d3e-2f1a-4b6c-8d9e-abcdefabcdef";

describe("who a visitor is", () => {
  it("a signed-in user is themselves on every device, whatever anonymous ids come along", () => {
    expect(visitorIdOf({ userId: "u-1", cookieAnonId: ANON, bodyAnonId: OTHER })).toBe("user:u-1");
  });

  it("else the cookie's anonymous id, before one the client sent", () => {
    expect(visitorIdOf({ userId: null, cookieAnonId: ANON, bodyAnonId: OTHER })).toBe(ANON);
  });

  it("else an anonymous id from the body, when it is a uuid, lower-cased", () => {
    expect(visitorIdOf({ userId: null, cookieAnonId: null, bodyAnonId: OTHER.toUpperCase() })).toBe(OTHER);
    for (const bodyAnonId of ["not-a-uuid", 42, null, undefined, { id: OTHER }]) {
      expect(visitorIdOf({ userId: null, cookieAnonId: null, bodyAnonId })).toBeNull();
    }
  });
});
