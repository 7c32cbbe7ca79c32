import { describe, expect, it } from "vitest";
import { z } from "zod";

import {
  CONTACTS_SESSION_EXPIRED,
  KEPT_DRAFT_LIMITS,
  SESSION_ENDED,
  draftFitsForm,
  draftPath,
  keptDraftMessage,
  keptDraftValues,
  restoredDraftMessage,
  sessionEndedMessage,
  shapeKeptDraft,
} from "~/lib/kept-draft";
import { schemaFieldNames } from "~/lib/schema-field-names";
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
    expect(shaped).toEqual({ fields: [["name", "Asha"]], droppedFiles: 0 });
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

  it("reads the field names of a schema through its refinements and wrappers", () => {
    const names = schemaFieldNames(contactSchema);
    expect(names.has("name")).toBe(true);
    expect(names.has("mobileNumber")).toBe(true);
    expect(schemaFieldNames(postSchema).has("content")).toBe(true);
    const wrapped = z
      .discriminatedUnion("kind", [
        z.object({ kind: z.literal("a"), one: z.string() }),
        z.object({ kind: z.literal("b"), two: z.string() }),
      ])
      .and(z.object({ three: z.string().optional() }))
      .superRefine(() => {});
    expect([...schemaFieldNames(wrapped)].sort()).toEqual(["kind", "one", "three", "two"]);
  });

  it("fills only the form it was sent from: its fields, its row", () => {
    const contact = schemaFieldNames(contactSchema);
    expect(draftFitsForm([["name", "Asha"]], contact)).toBe(true);
    expect(draftFitsForm([["tags[0]", "Regulars"]], contact)).toBe(true);
    // Another form's draft is not the contact form's.
    expect(draftFitsForm([["smsSenderId", "ISENTL"]], contact)).toBe(false);
    expect(draftFitsForm([], contact)).toBe(false);
    // One form per row (a price each): only the row it was sent for.
    const price = new Set(["key", "credits"]);
    const sent: [string, string][] = [
      ["key", "post_update"],
      ["credits", "7"],
    ];
    expect(draftFitsForm(sent, price, { key: "post_update", credits: "5" })).toBe(true);
    expect(draftFitsForm(sent, price, { key: "post_offer", credits: "8" })).toBe(false);
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
});
