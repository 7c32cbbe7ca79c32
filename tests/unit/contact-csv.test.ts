import { describe, expect, it } from "vitest";

import {
  appliedUpdatesMessage,
  describeImportUpdate,
  mergeImportedRow,
  protectCell,
  unprotectCell,
  type ImportableContact,
  type ImportedRow,
} from "~/lib/contact-csv";
import { uniqueGroups } from "~/lib/contact-groups";
import { onboardingSteps } from "~/lib/onboarding";
import { contactSchema } from "~/lib/schemas/contacts";

describe("protectCell (the export's guard against formulas)", () => {
  it.each(["+919812345608", "-5", "+5", "Asha", "98123 45678", "", "'quoted", "a=b"])("writes %j as it is", (cell) => {
    expect(protectCell(cell)).toBe(cell);
  });

  it.each(['=HYPERLINK("http://evil.example")', "+91 98123-45678", "+1+1", "-5 discount", "-2+3", "@SUM(A1)", "\tTab", "\rReturn", "=1"])(
    "writes %j as text, after an apostrophe",
    (cell) => {
      expect(protectCell(cell)).toBe(`'${cell}`);
    },
  );

  it.each(["+919812345608", "=SUM(A1)", "-5 discount", "'+5", "''=x", "'Asha", "Asha", "@home"])(
    "gives %j back unchanged on import",
    (cell) => {
      expect(unprotectCell(protectCell(cell))).toBe(cell);
    },
  );

  it("still takes the apostrophe off the mobile numbers of older exports", () => {
    expect(unprotectCell("'+919812345608")).toBe("+919812345608");
  });
});

describe("groups, one whatever their case", () => {
  it("keeps the first spelling of each, in order", () => {
    expect(uniqueGroups(["Regulars", "VIP", "regulars", "vip", "REGULARS", "Diwali"])).toEqual(["Regulars", "VIP", "Diwali"]);
  });

  it("takes one group from a form's 'Regulars, regulars'", () => {
    const parsed = contactSchema.parse({ name: "Asha", mobileNumber: "98123 45678", tags: "Regulars, regulars , VIP,vip" });
    expect(parsed.tags).toEqual(["Regulars", "VIP"]);
  });

  it("merges an imported row's groups into a contact's without a second spelling", () => {
    const existing: ImportableContact = {
      name: "Asha",
      email: null,
      tags: ["Regulars"],
      notes: null,
      optedOut: false,
      consentSource: "In store",
    };
    const row = (tags: string[]): ImportedRow => ({
      name: "Asha",
      mobileNumber: "+919812345678",
      email: null,
      tags,
      notes: null,
      consent: null,
      consentSource: null,
    });
    expect(mergeImportedRow(existing, row(["REGULARS"]), "CSV import")).toMatchObject({ changed: false, contact: { tags: ["Regulars"] } });
    expect(mergeImportedRow(existing, row(["regulars", "VIP"]), "CSV import")).toMatchObject({
      changed: true,
      contact: { tags: ["Regulars", "VIP"] },
    });
  });
});

describe("an imported row over a contact the owner typed", () => {
  const lakshmi: ImportableContact = {
    name: "Lakshmi Narayan",
    email: null,
    tags: ["Regulars"],
    notes: "Prefers evening delivery",
    optedOut: false,
    consentSource: "In store",
  };
  const row: ImportedRow = {
    name: "Lakshmi N (dup)",
    mobileNumber: "+919812345678",
    email: "lakshmi@example.in",
    tags: ["Diwali"],
    notes: "Old list",
    consent: "opted_out",
    consentSource: null,
  };

  it("keeps her name and notes, proposing the file's, fills her blank email, adds the group and keeps the opt-out", () => {
    const merged = mergeImportedRow(lakshmi, row, "CSV import");
    expect(merged.contact).toEqual({
      name: "Lakshmi Narayan",
      email: "lakshmi@example.in",
      tags: ["Regulars", "Diwali"],
      notes: "Prefers evening delivery",
      optedOut: true,
      consentSource: "CSV import",
    });
    expect(merged.proposed).toEqual({
      name: { from: "Lakshmi Narayan", to: "Lakshmi N (dup)" },
      notes: { from: "Prefers evening delivery", to: "Old list" },
    });
    expect(merged.update).toEqual({ addedGroups: ["Diwali"], filled: ["email"], optedOut: true });
    expect(describeImportUpdate(merged.update)).toBe("Added to Diwali · Email added · Opted out");
  });

  it("proposes nothing and changes nothing for a row that only differs in what it leaves blank", () => {
    const merged = mergeImportedRow(
      lakshmi,
      { ...row, name: lakshmi.name, email: null, tags: [], notes: null, consent: null },
      "CSV import",
    );
    expect(merged).toMatchObject({ changed: false, proposed: {}, contact: lakshmi });
  });

  it("says how many updates were applied and how many kept a newer edit", () => {
    expect(appliedUpdatesMessage({ applied: 1, skipped: 0 })).toEqual({ title: "Updated 1 contact" });
    expect(appliedUpdatesMessage({ applied: 3, skipped: 2 })).toEqual({
      title: "Updated 3 contacts",
      description: "2 contacts kept as edited since the import.",
    });
  });
});

describe("the setup checklist's links", () => {
  it("go to the field of the profile form each step is about, not the top of the form", () => {
    const steps = onboardingSteps({
      businessName: "My Business",
      businessCategories: [],
      lat: null,
      lon: null,
      businessPhone: null,
      mobileNumber: null,
      profileImageUrl: null,
    });
    expect(Object.fromEntries(steps.map((step) => [step.id, step.to]))).toEqual({
      "business-name": "/edit-profile#business-name",
      category: "/edit-profile#categories",
      location: "/edit-profile/location",
      phone: "/edit-profile#phone",
      image: "/edit-profile#profile-image",
    });
  });
});
