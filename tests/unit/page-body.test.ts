import { describe, expect, it } from "vitest";

import { linkContactDetails, parsePageBody } from "~/lib/page-body";

describe("information page bodies", () => {
  it("splits blocks on blank lines and marks '## ' blocks as headings", () => {
    expect(parsePageBody("## Who we are\n\nWe help local\nbusinesses.\r\n\r\n\n## Contact\n\nWrite to us.")).toEqual([
      { type: "heading", text: "Who we are" },
      { type: "paragraph", text: "We help local businesses." },
      { type: "heading", text: "Contact" },
      { type: "paragraph", text: "Write to us." },
    ]);
  });

  it("returns nothing for an empty body", () => {
    expect(parsePageBody("  \n\n ")).toEqual([]);
  });
});

describe("bulleted lists", () => {
  it("make a list of a block whose every line starts with '- ', and a paragraph otherwise", () => {
    expect(parsePageBody("- Open the app\n-  Tap Send Post\n\n- one line\nnot an item")).toEqual([
      { type: "list", items: ["Open the app", "Tap Send Post"] },
      { type: "paragraph", text: "- one line not an item" },
    ]);
  });
});

describe("email addresses and phone numbers in a page's text", () => {
  it("links them, to write (mailto:) and to call (tel:), leaving the rest as text", () => {
    expect(linkContactDetails("Email: support@isent.example.in. Phone: +91 80 4000 1234 (Mon–Fri)")).toEqual([
      { text: "Email: " },
      { text: "support@isent.example.in", mark: "mailto:support@isent.example.in" },
      { text: ". Phone: " },
      { text: "+91 80 4000 1234", mark: "tel:+918040001234" },
      { text: " (Mon–Fri)" },
    ]);
  });

  it("knows a mobile written without +91 and a toll-free number, and leaves other numbers alone", () => {
    expect(linkContactDetails("Call 98450-12345 or 1800 123 4567")).toEqual([
      { text: "Call " },
      { text: "98450-12345", mark: "tel:+919845012345" },
      { text: " or " },
      { text: "1800 123 4567", mark: "tel:18001234567" },
    ]);
    expect(linkContactDetails("Bengaluru 560025, within 48 hours and 30 days")).toEqual([
      { text: "Bengaluru 560025, within 48 hours and 30 days" },
    ]);
  });
});
