import { describe, expect, it } from "vitest";

import { fillTemplate, missingDetails, templateValues, type TemplateBusiness } from "~/lib/template-fill";

const business: TemplateBusiness = {
  name: "Asha Verma",
  businessName: "Asha's Kitchen",
  businessPhone: "9876543210",
  mobileNumber: "9123456789",
  address: "14, 12th Main Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
};

describe("fillTemplate", () => {
  it("puts the business's details in place of every placeholder, the phone with +91", () => {
    const text =
      "{{businessName}} in {{city}}, {{state}} wishes you a Happy Diwali! {{name}} and team. Call {{phone}}. Visit us at {{address}}.";
    expect(fillTemplate(text, templateValues(business))).toBe(
      "Asha's Kitchen in Bengaluru, Karnataka wishes you a Happy Diwali! Asha Verma and team. Call +91 98765 43210. Visit us at 14, 12th Main Road, Indiranagar.",
    );
  });

  it("takes the mobile when there is no business phone", () => {
    expect(fillTemplate("Call {{phone}}", templateValues({ ...business, businessPhone: null }))).toBe("Call +91 91234 56789");
  });

  it("fills an offer's title, code and last day (as 7 Dec, in India)", () => {
    const values = templateValues(business, { title: "Flat 20% off", couponCode: "DIWALI20", validUntil: "2026-12-07" });
    expect(fillTemplate("{{offerTitle}} with code {{couponCode}} till {{validUntil}}!", values)).toBe(
      "Flat 20% off with code DIWALI20 till 7 Dec!",
    );
    // 31 Dec 20:00 UTC is already 1 Jan in India.
    const lateEvening = templateValues(business, { title: null, couponCode: null, validUntil: new Date("2026-12-31T20:00:00Z") });
    expect(fillTemplate("Till {{validUntil}}", lateEvening)).toBe("Till 1 Jan");
  });

  it("accepts spaces inside the braces", () => {
    expect(fillTemplate("Hello from {{ businessName }}", templateValues(business))).toBe("Hello from Asha's Kitchen");
  });

  it("leaves no braces, doubled spaces or stray spaces for empty and unknown placeholders", () => {
    const bare = templateValues({ ...business, businessPhone: null, mobileNumber: null, address: null, state: "" });
    expect(fillTemplate("Call us {{phone}} today", bare)).toBe("Call us today");
    expect(fillTemplate("Call us on {{phone}}.", bare)).toBe("Call us on.");
    expect(fillTemplate("In {{city}}, {{state}}!", bare)).toBe("In Bengaluru!");
    expect(fillTemplate("Visit {{businessName}}, {{address}}\nOpen daily", bare)).toBe("Visit Asha's Kitchen\nOpen daily");
    expect(fillTemplate("{{unknownThing}} Fresh stock at {{businessName}} {{favouriteColour}}", bare)).toBe(
      "Fresh stock at Asha's Kitchen",
    );
    expect(fillTemplate("Dear {{customerName}}, thank you!", bare)).toBe("Dear, thank you!");
  });

  it("shows a {{#name}}…{{/name}} section only when its value is there", () => {
    const text = "Fresh jalebi today!{{#phone}} Order on {{phone}}.{{/phone}}\n{{#address}}📍 {{address}}{{/address}}\n#sweets";
    expect(fillTemplate(text, templateValues(business))).toBe(
      "Fresh jalebi today! Order on +91 98765 43210.\n📍 14, 12th Main Road, Indiranagar\n#sweets",
    );
    const bare = templateValues({ ...business, businessPhone: null, mobileNumber: null, address: null });
    // The line that held only the address goes, and nothing is left of the phone's sentence.
    expect(fillTemplate(text, bare)).toBe("Fresh jalebi today!\n#sweets");
  });

  it("drops a section tag without its pair, and keeps the author's own spacing and line breaks", () => {
    expect(fillTemplate("Open {{#phone}}today", templateValues(business))).toBe("Open today");
    expect(fillTemplate("Line one\n\nLine  two,  as typed", templateValues(business))).toBe("Line one\n\nLine  two,  as typed");
  });

  it("never reads a value again for placeholders, and keeps markup as text", () => {
    const odd = templateValues({ ...business, businessName: "{{phone}} <b>Shop</b>" });
    expect(fillTemplate("Welcome to {{businessName}}", odd)).toBe("Welcome to {{phone}} <b>Shop</b>");
  });

  it("never throws, whatever the text", () => {
    for (const text of ["", "{{", "}}", "{{}}", "{{#}}{{/}}", "{{ 1abc }}", "{{a}}{{b}}{{c}}", "{{#x}}{{#x}}{{/x}}", "{".repeat(5000)]) {
      expect(() => fillTemplate(text, {})).not.toThrow();
    }
    expect(fillTemplate("{{}} and {{ 1abc }} {{ a b }}", {})).toBe("and");
    expect(fillTemplate("{{toString}} {{constructor}} {{__proto__}}", {})).toBe("");
    expect(fillTemplate("{ single } braces stay", {})).toBe("{ single } braces stay");
  });
});

describe("missingDetails", () => {
  it("names the business details a text uses that the profile lacks, sections included", () => {
    const bare = templateValues({ ...business, businessPhone: null, mobileNumber: null, city: null });
    const text = "{{businessName}} in {{city}}{{#phone}}, call {{phone}}{{/phone}}. {{couponCode}} {{customerName}} {{address}}";
    expect(missingDetails(text, bare)).toEqual(["phone", "city"]);
    expect(missingDetails(text, templateValues(business))).toEqual([]);
  });
});
