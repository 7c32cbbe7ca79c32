import { describe, expect, it } from "vitest";

import { malformedSlot } from "~/lib/sms-text";
import { previewTemplateForm, sampleSlotValue } from "~/lib/template-preview";

describe("malformedSlot", () => {
  it.each([
    ["Hi {#var}, sale today", "{#var}"],
    ["Hi {#VAR#}, sale today", "{#VAR#}"],
    ["Hi {#var#}, {#foo#} today", "{#foo#}"],
    ["Hi {var#}", "{var#}"],
    ["Hi {var}", "{var}"],
    ["Hi {{var}}", "{{var}}"],
    ["Hi { #var# }", "{ #var# }"],
    ["Hi {#var#, see you", "{#var#, see you"],
  ])("finds %j's malformed slot", (text, slot) => {
    expect(malformedSlot(text)).toBe(slot);
  });

  it.each([
    "Hi {#var#}, sale at {#var#}.",
    "{#var#}{#var#}",
    "Flat 20% off #diwali #sale today",
    "No slots at all.",
    "Price {#var#}# only",
  ])("accepts %j", (text) => {
    expect(malformedSlot(text)).toBeNull();
  });
});

describe("the admin's template preview", () => {
  it("fills a post with the sample business and keeps only its own images", () => {
    const preview = previewTemplateForm({
      kind: "post",
      content: "Fresh at {{businessName}}, {{city}}. Call {{phone}}.",
      hashtags: "#Fresh, sweets",
      imageUrl: "https://elsewhere.example/x.jpg",
    });
    expect(preview).toMatchObject({
      kind: "post",
      content: "Fresh at Kiran Sweets, Bengaluru. Call +91 98450 12345.",
      hashtags: ["fresh", "sweets"],
      imageUrl: null,
    });
  });

  it("fills an offer's block and its last day as the composer would", () => {
    const preview = previewTemplateForm(
      {
        kind: "offer",
        content: "{{offerTitle}} till {{validUntil}}",
        offerTitle: "20% off at {{businessName}}",
        validDays: "7",
        callToAction: "call",
      },
      new Date("2026-12-01T06:00:00Z"),
    );
    expect(preview).toMatchObject({
      kind: "offer",
      content: "20% off at Kiran Sweets till 7 Dec",
      offer: { title: "20% off at Kiran Sweets", validUntil: "2026-12-07", validUntilLabel: "7 Dec", callToAction: "Call now" },
    });
  });

  it("fills an SMS's slots from their hints and counts its parts, naming a malformed slot", () => {
    const preview = previewTemplateForm({
      kind: "sms",
      content: "Hi {#var#}, {#var#} offers {#var#} off. {#var}",
      slotHints: "Customer name\nBusiness name\nDiscount (e.g. 25%)",
    });
    expect(preview).toMatchObject({ kind: "sms", text: "Hi Priya, Kiran Sweets offers 25% off. {#var}", slots: 3, parts: 1 });
    expect(preview.kind === "sms" && preview.problem).toContain('"{#var}"');
    expect(sampleSlotValue(undefined, 3)).toBe("[Slot 4]");
  });
});
