import { describe, expect, it } from "vitest";

import { slotLabels } from "~/lib/slot-labels";

describe("a blank's label in the composer", () => {
  it("is the template's own hint when it has one", () => {
    expect(slotLabels("Hi {#var#}, ref {#var#}", ["Customer name", "Order reference"])).toEqual(["Customer name", "Order reference"]);
  });

  it("is guessed from the words around the blank when the template has no hint for it", () => {
    expect(
      slotLabels("Hi {#var#}, your order from {#var#} is ready. Pay Rs {#var#} by {#var#}. Get {#var#}% off with code {#var#}.", []),
    ).toEqual(["Customer's name", "Business name", "Amount", "Date or day", "Discount", "Code"]);
    expect(slotLabels("Dear {#var#}, call us on {#var#}. Order #{#var#}", ["", " "])).toEqual([
      "Customer's name",
      "Phone number",
      "Reference",
    ]);
  });

  it("falls back to the blank's place when nothing says what it is for", () => {
    expect(slotLabels("{#var#} and {#var#} are waiting", ["Item"])).toEqual(["Item", "Blank 2"]);
    expect(slotLabels("No blanks here", ["Unused"])).toEqual([]);
  });
});
