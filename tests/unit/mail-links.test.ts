import { describe, expect, it } from "vitest";

import { linksIn } from "~/lib/mail-links";

describe("the links in a kept mail", () => {
  it("finds each web link once, in order, without a sentence's closing punctuation", () => {
    const text = [
      "Open this link within 48 hours: http://127.0.0.1:3221/verify-email?token=abc_DEF-123.",
      "Your invoice (https://isent.example.in/credits/invoices/42), and again https://isent.example.in/credits/invoices/42.",
      "Reply to support@isent.example.in or ftp://files.example.in/x, neither a web link.",
    ].join("\n");
    expect(linksIn(text)).toEqual(["http://127.0.0.1:3221/verify-email?token=abc_DEF-123", "https://isent.example.in/credits/invoices/42"]);
  });

  it("finds nothing in a mail without links", () => {
    expect(linksIn("Your campaign has finished: 12 sent, 10 delivered.")).toEqual([]);
    expect(linksIn("http:// is not a link")).toEqual([]);
  });
});
