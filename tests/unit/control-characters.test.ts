import { describe, expect, it } from "vitest";
import { z } from "zod";

import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, noControlCharacters } from "~/lib/schemas/text";

const singleLine = noControlCharacters(z.string().trim().max(100, "Too long"));
const multiLine = noControlCharacters(z.string().max(1000, "Too long"), { multiLine: true });
const messages = (result: z.SafeParseReturnType<unknown, unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe("control characters in text", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["a line feed", "a\nb"],
    ["a carriage return", "a\rb"],
    ["a tab", "a\tb"],
    ["escape", "a\u001bb"],
    ["DEL", "a\u007fb"],
    ["a C1 control (NEL)", "a\u0085b"],
  ])("a single-line field refuses %s with one message", (_, value) => {
    expect(messages(singleLine.safeParse(value))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
  });

  it("a single-line field takes any other text, other scripts and emoji too, and keeps its own rules", () => {
    expect(singleLine.parse("  Sharma Stores, दिवाली ऑफ़र 🙂  ")).toBe("Sharma Stores, दिवाली ऑफ़र 🙂");
    // Line breaks at either end are trimmed away before the check.
    expect(singleLine.parse("Sharma Stores\n")).toBe("Sharma Stores");
    expect(messages(singleLine.safeParse("x".repeat(101)))).toEqual(["Too long"]);
  });

  it("a multi-line field keeps tabs and line breaks but refuses NUL and the other controls", () => {
    expect(multiLine.parse("Line one\r\nLine two\n\tindented")).toBe("Line one\r\nLine two\n\tindented");
    for (const value of ["a\u0000b", "a\u000bb", "a\u000cb", "a\u001bb", "a\u007fb", "a\u009fb"]) {
      expect(messages(multiLine.safeParse(value))).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    }
  });

  it("tells a value read without a schema", () => {
    expect(hasControlCharacters("Indiranagar")).toBe(false);
    expect(hasControlCharacters("Indira\u0000nagar")).toBe(true);
    expect(hasControlCharacters("two\nlines")).toBe(true);
    expect(hasControlCharacters("two\nlines", { multiLine: true })).toBe(false);
  });
});
