import { describe, expect, it } from "vitest";
import { z } from "zod";

import { DETOURS, isDetour, keptFormName } from "~/lib/detour";
import { draftPath } from "~/lib/draft-path";
import {
  CONTACTS_SESSION_EXPIRED,
  KEPT_DRAFT_LIMITS,
  SESSION_ENDED,
  draftFitsForm,
  formShowsDraft,
  keptDraftMessage,
  keptDraftValues,
  restoredDraftMessage,
  sessionEndedMessage,
  shapeKeptDraft,
} from "~/lib/kept-draft";
import { schemaFields } from "~/lib/schema-field-names";
import { contactSchema } from "~/lib/schemas/contacts";
import { postSchema } from "~/lib/schemas/posts";

const photo = new File([new Uint8Array(10)], "shop.jpg", { type: "image/jpeg" });
const noFileChosen = new File([], "", { type: "application/octet-stream" });

describe("shapeKeptDraft", () => {
  it("keeps the text fields in their order, repeats included, and counts the files it drops", () => {
    expect(
      shapeKeptDraft([
        ["content", "Fresh jalebi"],
        ["imageFiles", photo],
        ["imageFiles", noFileChosen],
        ["categories", "Sweets"],
        ["categories", "Snacks"],
      ]),
    ).toEqual({
      fields: [
        ["content", "Fresh jalebi"],
        ["categories", "Sweets"],
        ["categories", "Snacks"],
      ],
      droppedFiles: 1,
      intent: null,
    });
  });

  it("never keeps which button was pressed, the form's key, where to go, a password, a confirmation or an empty field", () => {
    const shaped = shapeKeptDraft([
      ["intent", "publish"],
      ["idempotencyKey", "a1b2c3d4e5"],
      ["csrf", "token"],
      ["redirectTo", "/app"],
      ["currentPassword", "secret123"],
      ["newPassword", "secret456"],
      ["confirmDuplicate", "yes"],
      ["hashtags", ""],
      ["name", "Asha"],
    ]);
    // The intent is kept apart, to tell which of a screen's forms was sent: never a value to fill in.
    expect(shaped).toEqual({ fields: [["name", "Asha"]], droppedFiles: 0, intent: "publish" });
  });

  it("is nothing when nothing is left to keep", () => {
    expect(shapeKeptDraft([["intent", "save"]])).toBeNull();
    expect(shapeKeptDraft([["imageFiles", photo]])).toBeNull();
  });

  it("stays within its bounds: a field that does not fit is left out, the rest kept", () => {
    const half = "x".repeat(KEPT_DRAFT_LIMITS.bytes / 2);
    const shaped = shapeKeptDraft([
      ["first", half],
      ["second", half],
      ["third", "short"],
    ]);
    expect(shaped?.fields.map(([name]) => name)).toEqual(["first", "third"]);
    // Counted in bytes, not characters: a Devanagari letter is 3 bytes.
    const hindi = "अ".repeat(KEPT_DRAFT_LIMITS.bytes / 3);
    expect(shapeKeptDraft([["content", hindi]])).toBeNull();
    const many = Array.from({ length: KEPT_DRAFT_LIMITS.fields + 5 }, (_, index) => [`f${index}`, "v"] as [string, string]);
    expect(shapeKeptDraft(many)?.fields).toHaveLength(KEPT_DRAFT_LIMITS.fields);
  });
});

describe("a kept draft filling a form", () => {
  it("gives a name sent several times as a list", () => {
    expect(
      keptDraftValues([
        ["name", "Asha"],
        ["images", "/uploads/a.webp"],
        ["images", "/uploads/b.webp"],
      ]),
    ).toEqual({ name: "Asha", images: ["/uploads/a.webp", "/uploads/b.webp"] });
  });

  it("reads the field names and intents of a schema through its refinements and wrappers", () => {
    const contact = schemaFields(contactSchema);
    expect(contact.fieldNames.has("name")).toBe(true);
    expect(contact.fieldNames.has("mobileNumber")).toBe(true);
    expect(contact.intents.size).toBe(0);
    expect(schemaFields(postSchema).fieldNames.has("content")).toBe(true);
    const wrapped = z
      .discriminatedUnion("kind", [
        z.object({ intent: z.literal("one"), kind: z.literal("a"), one: z.string() }),
        z.object({ intent: z.enum(["two", "deux"]), kind: z.literal("b"), two: z.string() }),
      ])
      .and(z.object({ three: z.string().optional() }))
      .superRefine(() => {});
    expect([...schemaFields(wrapped).fieldNames].sort()).toEqual(["intent", "kind", "one", "three", "two"]);
    expect([...schemaFields(wrapped).intents].sort()).toEqual(["deux", "one", "two"]);
  });

  it("fills only the form it was sent from: its fields, its intent, its row", () => {
    const contact = schemaFields(contactSchema);
    const draft = (fields: [string, string][], intent: string | null = null) => ({ fields, intent });
    expect(draftFitsForm(draft([["name", "Asha"]]), contact)).toBe(true);
    expect(draftFitsForm(draft([["tags[0]", "Regulars"]]), contact)).toBe(true);
    // Another form's draft is not the contact form's.
    expect(draftFitsForm(draft([["reason", "Spam"]]), contact)).toBe(false);
    expect(draftFitsForm(draft([]), contact)).toBe(false);
    // Two forms reading the same field ('reason'): the intent sent tells them apart.
    const suspend = { fieldNames: new Set(["intent", "reason"]), intents: new Set(["suspend"]) };
    const adjust = { fieldNames: new Set(["intent", "direction", "amount", "reason"]), intents: new Set(["adjust-credits"]) };
    expect(draftFitsForm(draft([["reason", "Spam"]], "suspend"), suspend)).toBe(true);
    expect(draftFitsForm(draft([["reason", "Spam"]], "suspend"), adjust)).toBe(false);
    expect(draftFitsForm(draft([["reason", "Spam"]]), adjust)).toBe(false);
    // One form per row (a price each): only the row it was sent for.
    const price = { fieldNames: new Set(["key", "credits"]) };
    const sent = draft([
      ["key", "post_update"],
      ["credits", "7"],
    ]);
    expect(draftFitsForm(sent, { ...price, defaults: { key: "post_update", credits: "5" } })).toBe(true);
    expect(draftFitsForm(sent, { ...price, defaults: { key: "post_offer", credits: "8" } })).toBe(false);
    // An edit form's record has an id the form does not send (the URL carries it): the draft still fits.
    expect(draftFitsForm(draft([["name", "Asha R"]]), { ...contact, defaults: { id: "c0ffee", name: "Asha" } })).toBe(true);
  });

  it("is shown by a form whose starting values are the draft's", () => {
    const fields: [string, string][] = [
      ["name", "Asha"],
      ["tags", "a"],
      ["tags", "b"],
    ];
    expect(formShowsDraft({ name: "Asha", tags: ["a", "b"], notes: "" }, fields)).toBe(true);
    expect(formShowsDraft({ name: "Asha R", tags: ["a", "b"] }, fields)).toBe(false);
    expect(formShowsDraft(undefined, fields)).toBe(false);
  });

  it("is found by the screen's path and query, not what only routing adds", () => {
    expect(draftPath(new URL("http://x/send-post?template=abc"))).toBe("/send-post?template=abc");
    expect(draftPath(new URL("http://x/admin/templates?index&_data=routes%2Fadmin"))).toBe("/admin/templates");
  });
});

describe("what the screens say", () => {
  it("says the contacts screen's exact words on the way to contacts, plain words elsewhere", () => {
    expect(sessionEndedMessage("/contacts")).toBe(CONTACTS_SESSION_EXPIRED);
    expect(sessionEndedMessage("/contacts?page=2")).toBe("Authentication expired: Please log in again to access your contacts.");
    expect(sessionEndedMessage("/send-post")).toBe(SESSION_ENDED);
    expect(sessionEndedMessage("")).toBe(SESSION_ENDED);
    expect(sessionEndedMessage("/contactsx")).toBe(SESSION_ENDED);
  });

  it("says files are not kept only when there were some", () => {
    expect(keptDraftMessage(0)).not.toMatch(/Pictures/);
    expect(keptDraftMessage(2)).toMatch(/Pictures and files are not kept: choose them again\./);
    expect(restoredDraftMessage(1)).toMatch(/Nothing was sent.*Pictures and files were not kept/);
  });

  it("says a detour's form is back as it was left, not that a session ended", () => {
    expect(restoredDraftMessage(0, "detour")).toBe(
      "Everything you typed and chose is back, as you left it. Nothing was sent yet: check it and press the button.",
    );
    expect(restoredDraftMessage(0, "detour")).not.toMatch(/session/);
    expect(restoredDraftMessage(1, "detour")).toMatch(/Pictures and files were not kept: choose them again\.$/);
  });

  it("never keeps which detour was pressed: the form comes back ready, not on its way out again", () => {
    const shaped = shapeKeptDraft([
      ["content", "Hello"],
      ["detour", "credits"],
    ]);
    expect(shaped?.fields).toEqual([["content", "Hello"]]);
  });
});

describe("a form filled from a nested draft", () => {
  it("says so when its starting values, nested as conform keeps them, are the draft's", () => {
    const fields: [string, string][] = [
      ["name", "Diwali"],
      ["fills[1].source", "fixed"],
      ["fills[1].value", "सोमवार"],
    ];
    expect(formShowsDraft({ name: "Diwali", fills: [undefined, { source: "fixed", value: "सोमवार" }] }, fields)).toBe(true);
    expect(formShowsDraft({ name: "Diwali", fills: [undefined, { source: "fixed", value: "Monday" }] }, fields)).toBe(false);
  });
});

describe("detours", () => {
  it("go only to the screens that fix a form's refusal", () => {
    expect(DETOURS).toEqual({ credits: "/credits", location: "/edit-profile/location" });
    expect([isDetour("credits"), isDetour("location"), isDetour("toString"), isDetour("admin"), isDetour(null)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("name the form left behind as its owner would", () => {
    expect(keptFormName("/send-post?template=abc")).toBe("your post");
    expect(keptFormName("/send-offers")).toBe("your offer");
    expect(keptFormName("/campaigns/new?contactId=x")).toBe("your campaign");
    expect(keptFormName("/edit-profile")).toBe("your profile");
    expect(keptFormName("/add-contact")).toBe("your form");
  });
});
