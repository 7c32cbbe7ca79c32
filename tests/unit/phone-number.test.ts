import { describe, expect, it } from "vitest";

import { indianMobileE164, indianPhoneE164, isIndianMobile } from "~/lib/phone-number.server";

describe("Indian numbers parsed to E.164", () => {
  it.each([
    "98123 45678",
    "+91 98123-45678",
    "09812345678",
    "919812345678",
    "+919812345678",
    "98123.45678",
    "(98123) 45678",
    "  98123 45678 ",
  ])("reads the mobile typed as %j as +919812345678", (typed) => {
    expect(indianMobileE164(typed)).toBe("+919812345678");
    expect(indianPhoneE164(typed)).toBe("+919812345678");
  });

  it("refuses a landline as a mobile, and takes it as a phone", () => {
    expect(indianMobileE164("080 2345 6789")).toBeNull();
    expect(indianPhoneE164("080 2345 6789")).toBe("+918023456789");
    expect(indianPhoneE164("+91 80 2345 6789")).toBe("+918023456789");
  });

  it.each(["+44 7911 123456", "+1 202 555 0143", "12345", "98123", "98123 45678 ext 2", "9812345678#", "", "nine eight one"])(
    "refuses %j, which is not a real Indian number",
    (typed) => {
      expect(indianMobileE164(typed)).toBeNull();
      expect(indianPhoneE164(typed)).toBeNull();
    },
  );

  it("tells a stored Indian mobile from a landline, a foreign number and a number not in E.164", () => {
    expect(isIndianMobile("+919812345678")).toBe(true);
    expect(isIndianMobile("+918023456789")).toBe(false);
    expect(isIndianMobile("+447911123456")).toBe(false);
    expect(isIndianMobile("9812345678")).toBe(false);
    expect(isIndianMobile("+91 98123 45678")).toBe(false);
  });
});
