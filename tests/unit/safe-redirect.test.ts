import { describe, expect, it } from "vitest";

import { safeRedirect } from "~/lib/safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/app", "/app"],
    ["/contacts?q=ravi&page=2", "/contacts?q=ravi&page=2"],
    ["/?post=5#top", "/?post=5#top"],
    ["/reset-password?token=abc", "/reset-password?token=abc"],
    // Encoded characters stay encoded: a browser does not decode them into a host.
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
  ])("keeps the path on this site %j", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    ["a TAB that browsers drop", "/\t/evil.example"],
    ["a LF", "/\n/evil.example"],
    ["a CR", "/\r/evil.example"],
    ["a CR LF header injection", "/app\r\nSet-Cookie: x=1"],
    ["a NUL", "/app\u0000"],
    ["a DEL", "/\u007f/evil.example"],
    ["a backslash", "/\\evil.example"],
    ["a backslash later on", "/app\\..\\\\evil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["a dot segment that normalises to //", "/.//evil.example"],
    ["a parent segment that normalises to //", "/a/..//evil.example"],
    ["an encoded dot segment", "/%2e//evil.example"],
    ["a full URL", "https://evil.example/app"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "app"],
    ["an empty string", ""],
  ])("refuses %s", (_, target) => {
    expect(safeRedirect(target, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
