import { describe, expect, it } from "vitest";

import { MASK, redactFields, redactText } from "~/lib/redact";

describe("redactText (what a log line may not carry)", () => {
  it.each([
    ["+91 98765 43210", "******3210"],
    ["+919876543210", "******3210"],
    ["0091-98765-43210", "******3210"],
    ["09876543210", "******3210"],
    ["9876543210", "******3210"],
    ["to 6000012345, sent", "to ******2345, sent"],
  ])("masks the Indian mobile %s", (text, expected) => {
    expect(redactText(text)).toBe(expected);
  });

  it("leaves numbers that are not mobiles: landline-like, longer runs, uuids, durations", () => {
    for (const text of [
      "5876543210",
      "98765432101234",
      "user 4f3e9876-5432-10ab-9876-543210fedcba",
      "order e9876543210f",
      "took 12.5 ms, 413 status",
    ]) {
      expect(redactText(text)).toBe(text);
    }
  });

  it("masks email addresses, keeping the first letter and the domain", () => {
    expect(redactText("reset mail to priya.sharma+shop@example.co.in failed")).toBe("reset mail to p***@example.co.in failed");
  });

  it("masks credential parameters in addresses and bodies, keeping their names", () => {
    expect(redactText("/reset-password?token=abc.DEF-123&x=1")).toBe(`/reset-password?token=${MASK}&x=1`);
    expect(redactText("/auth/google/callback?state=s1&code=4/0Ab_x")).toBe(`/auth/google/callback?state=${MASK}&code=${MASK}`);
    expect(redactText("/api/sms/msg91/report?TOKEN=zzz")).toBe(`/api/sms/msg91/report?TOKEN=${MASK}`);
    expect(redactText("/feed?lat=12.97&lon=77.59")).toBe("/feed?lat=12.97&lon=77.59");
  });

  it("masks bearer and basic credentials written into text", () => {
    expect(redactText("sent Authorization: Bearer eyJhbGciOi.J9.x-y_z")).toBe(`sent Authorization: Bearer ${MASK}`);
    expect(redactText("Basic QUM6c2VjcmV0")).toBe(`Basic ${MASK}`);
  });
});

describe("redactFields", () => {
  it("masks fields named as secrets and redacts strings at any depth, leaving the rest", () => {
    const record = {
      userId: "4f3e9876-5432-10ab-9876-543210fedcba",
      status: 200,
      password: "hunter22",
      apiKey: "k",
      headers: { cookie: "__session=abc", "x-razorpay-signature": "f00", accept: "text/html" },
      contact: { mobile: "+91 98765 43210", notes: ["mail a@b.in"] },
      sessionToken: null,
    };
    expect(redactFields(record)).toEqual({
      userId: "4f3e9876-5432-10ab-9876-543210fedcba",
      status: 200,
      password: MASK,
      apiKey: MASK,
      headers: { cookie: MASK, "x-razorpay-signature": MASK, accept: "text/html" },
      contact: { mobile: "******3210", notes: ["mail a***@b.in"] },
      sessionToken: null,
    });
  });
});
