import { describe, expect, it } from "vitest";

import { GSTIN_MESSAGES, GST_STATE_CODES, gstinCheckCharacter, gstinProblem } from "~/lib/gstin";

/** A valid GSTIN for a state code and PAN, made with the check character. */
const valid = (code: string, pan = "AAPFU0939F", entity = "1") => {
  const first14 = `${code}${pan}${entity}Z`;
  return `${first14}${gstinCheckCharacter(first14)}`;
};

describe("GSTIN", () => {
  it("computes the check character of published GSTINs", () => {
    // GSTINs published with their check characters.
    expect(gstinCheckCharacter("27AAPFU0939F1Z")).toBe("V");
    expect(gstinCheckCharacter("29AAGCB7383J1Z")).toBe("4");
  });

  it("accepts a valid GSTIN of the business's state, and of any state when the state is not known", () => {
    expect(gstinProblem("27AAPFU0939F1ZV", "Maharashtra")).toBeNull();
    expect(gstinProblem("27AAPFU0939F1ZV", null)).toBeNull();
    expect(gstinProblem(valid("37"), "Andhra Pradesh")).toBeNull();
    expect(gstinProblem(valid("28"), "Andhra Pradesh")).toBeNull();
    expect(gstinProblem(valid("26", "AAPFU0939F", "A"), "Dadra and Nagar Haveli and Daman and Diu")).toBeNull();
  });

  it.each([
    ["too short", "27AAPFU0939F1Z"],
    ["16 characters", "27AAPFU0939F1ZVV"],
    ["lower case", "27aapfu0939f1zv"],
    ["a PAN with a digit where a letter goes", "271APFU0939F1ZV"],
    ["no Z in 14th place", "27AAPFU0939F1YV"],
    ["spaces", "27 AAPFU 0939F 1ZV"],
  ])("refuses %s with the format message", (_case, gstin) => {
    expect(gstinProblem(gstin, null)).toBe(GSTIN_MESSAGES.format);
  });

  it("refuses a wrong check character, and a mistyped character the check catches", () => {
    expect(gstinProblem("27AAPFU0939F1ZW", null)).toBe(GSTIN_MESSAGES.checkCharacter);
    expect(gstinProblem("27AAPFU0839F1ZV", null)).toBe(GSTIN_MESSAGES.checkCharacter);
  });

  it("refuses a GSTIN of another state than the business's, naming the state and its code", () => {
    expect(gstinProblem("27AAPFU0939F1ZV", "Karnataka")).toBe(GSTIN_MESSAGES.otherState("Karnataka"));
    expect(GSTIN_MESSAGES.otherState("Karnataka")).toContain("must start with 29");
    expect(gstinProblem(valid("98"), null)).toBe(GSTIN_MESSAGES.unknownState);
  });

  it("knows a code for every state and union territory the place search has", () => {
    expect(Object.keys(GST_STATE_CODES)).toHaveLength(36);
  });
});
