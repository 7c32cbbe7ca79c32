import { describe, expect, it } from "vitest";

import { parsePageBody } from "~/lib/page-body";

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
