import { describe, expect, it } from "vitest";

import { canonicalJson } from "~/lib/canonical-json";

describe("canonicalJson", () => {
  it("writes objects' keys in sorted order at every depth, keeping arrays' order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [3, 1] }, b: 1 })).toBe(canonicalJson({ b: 1, a: { d: [3, 1], c: null } }));
    expect(canonicalJson([{ y: 1, x: 2 }])).toBe('[{"x":2,"y":1}]');
  });

  it("tells different values apart, and writes dates and undefined members as JSON does", () => {
    expect(canonicalJson({ a: [1, 3] })).not.toBe(canonicalJson({ a: [3, 1] }));
    expect(canonicalJson({ at: new Date("2026-12-01T09:30:00Z"), gone: undefined })).toBe('{"at":"2026-12-01T09:30:00.000Z"}');
    expect(canonicalJson("text")).toBe('"text"');
  });
});
