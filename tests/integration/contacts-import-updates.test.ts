import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts } from "~/db/schema";
import { makeContact, makeUser } from "~/db/seed/factories.server";
import { contactInputSchema } from "~/lib/schemas/contacts.server";
import { issueTokenPair } from "~/models/api-tokens.server";
import {
  IMPORT_NOT_FINISHED,
  applyImportUpdates,
  importContactsNow,
  listImportChanges,
  startContactImport,
} from "~/models/contact-import.server";
import { updateContact } from "~/models/contacts.server";
import { action as importPageAction, loader as importPageLoader } from "~/routes/_app+/contacts_.import_.$id";
import { action as apiImportAction } from "~/routes/api+/contacts_.import";
import { action as apiApplyAction } from "~/routes/api+/contacts_.import_.$id_.apply";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, SITE, call, formPost, freshIp } from "../support/http";

const test = setupTestDatabase();

const importCsv = (userId: string, text: string) => importContactsNow(userId, "customers.csv", new TextEncoder().encode(text));

/** A business's contacts by number: what the owner typed and what the import may add. */
async function contactsOf(userId: string) {
  const rows = await test.db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.mobileNumber));
  return rows.map(({ name, email, notes, tags }) => ({ name, email, notes, tags }));
}

async function contactByNumber(userId: string, mobileNumber: string) {
  const [contact] = await test.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.mobileNumber, mobileNumber)));
  return contact;
}

/** Lakshmi as the owner typed her, and Ravi, both in 'Regulars'. */
async function shopWithTypedContacts() {
  const owner = await makeUser();
  await makeContact({
    userId: owner.id,
    name: "Lakshmi Narayan",
    mobileNumber: "+919812345601",
    notes: "Prefers evening delivery",
    email: "lakshmi@example.in",
    tags: ["Regulars"],
  });
  await makeContact({ userId: owner.id, name: "Ravi Kumar", mobileNumber: "+919812345602", tags: ["Regulars"] });
  return owner;
}

const FILE = [
  "name,mobile,email,groups,notes",
  "Lakshmi N (dup),98123 45601,,Diwali,Old list", // another name and notes: kept back; a group added
  "Ravi K,9812345602,ravi@example.in,,Wants sweets", // another name (kept back); a blank email and notes filled
  "Asha,9812345603,,,", // new
].join("\n");

describe("an import over contacts the owner typed", () => {
  it("keeps their names and notes, adds groups, fills only blank fields, and lists each would-be change and who was updated", async () => {
    const owner = await shopWithTypedContacts();
    const report = await importCsv(owner.id, FILE);
    expect(report).toMatchObject({ imported: 1, updated: 2, skipped: 0, errors: [] });
    expect(await contactsOf(owner.id)).toEqual([
      { name: "Lakshmi Narayan", email: "lakshmi@example.in", notes: "Prefers evening delivery", tags: ["Regulars", "Diwali"] },
      { name: "Ravi Kumar", email: "ravi@example.in", notes: "Wants sweets", tags: ["Regulars"] },
      { name: "Asha", email: null, notes: null, tags: [] },
    ]);
    expect(report.updatedContacts).toEqual([
      { line: 2, contactId: expect.any(String), name: "Lakshmi Narayan", addedGroups: ["Diwali"], filled: [], optedOut: false },
      { line: 3, contactId: expect.any(String), name: "Ravi Kumar", addedGroups: [], filled: ["email", "notes"], optedOut: false },
    ]);
    expect(report.proposedUpdates).toEqual([
      {
        line: 2,
        contactId: expect.any(String),
        name: "Lakshmi Narayan",
        changes: {
          name: { from: "Lakshmi Narayan", to: "Lakshmi N (dup)" },
          notes: { from: "Prefers evening delivery", to: "Old list" },
        },
      },
      { line: 3, contactId: expect.any(String), name: "Ravi Kumar", changes: { name: { from: "Ravi Kumar", to: "Ravi K" } } },
    ]);
    expect(await listImportChanges(owner.id, report.id)).toMatchObject({
      updatedCount: 2,
      proposedCount: 2,
      appliedCount: 0,
      skippedCount: 0,
      proposed: [
        { name: "Lakshmi Narayan", outcome: null },
        { name: "Ravi Kumar", outcome: null },
      ],
    });
  });

  it("applies the proposed changes when asked, once however often it is asked", async () => {
    const owner = await shopWithTypedContacts();
    const { id } = await importCsv(owner.id, FILE);
    expect(await applyImportUpdates(owner.id, id)).toEqual({ applied: 2, skipped: 0, alreadyApplied: false });
    expect(await contactsOf(owner.id)).toMatchObject([
      { name: "Lakshmi N (dup)", email: "lakshmi@example.in", notes: "Old list" },
      { name: "Ravi K", notes: "Wants sweets" },
      { name: "Asha" },
    ]);
    // The owner renames her back by hand; pressing again (a second tab, a doubled request) changes nothing.
    const lakshmi = await contactByNumber(owner.id, "+919812345601");
    await updateContact(
      owner.id,
      lakshmi.id,
      contactInputSchema.parse({ name: "Lakshmi Narayan", mobileNumber: lakshmi.mobileNumber, notes: "Old list", tags: lakshmi.tags }),
      "form",
    );
    expect(await applyImportUpdates(owner.id, id)).toEqual({ applied: 2, skipped: 0, alreadyApplied: true });
    expect((await contactByNumber(owner.id, "+919812345601")).name).toBe("Lakshmi Narayan");
    expect(await listImportChanges(owner.id, id)).toMatchObject({ appliedCount: 2, skippedCount: 0 });
  });

  it("skips a contact edited by hand since the report, keeping that newer edit, and applies the others", async () => {
    const owner = await shopWithTypedContacts();
    const { id } = await importCsv(owner.id, FILE);
    const lakshmi = await contactByNumber(owner.id, "+919812345601");
    // Her notes are edited by hand after the report: the file's name and notes for her would undo that edit, so she is left whole.
    await updateContact(
      owner.id,
      lakshmi.id,
      contactInputSchema.parse({
        name: "Lakshmi Narayan",
        mobileNumber: lakshmi.mobileNumber,
        email: lakshmi.email,
        notes: "Moved to Jayanagar",
        tags: lakshmi.tags,
      }),
      "form",
    );
    expect(await applyImportUpdates(owner.id, id)).toEqual({ applied: 1, skipped: 1, alreadyApplied: false });
    expect(await contactsOf(owner.id)).toMatchObject([
      { name: "Lakshmi Narayan", notes: "Moved to Jayanagar" },
      { name: "Ravi K" },
      { name: "Asha" },
    ]);
    expect(await listImportChanges(owner.id, id)).toMatchObject({
      appliedCount: 1,
      skippedCount: 1,
      proposed: [
        { name: "Lakshmi Narayan", outcome: "skipped" },
        { name: "Ravi Kumar", outcome: "applied" },
      ],
    });
  });

  it("skips a contact deleted since the report", async () => {
    const owner = await shopWithTypedContacts();
    const { id } = await importCsv(owner.id, FILE);
    await test.db.delete(contacts).where(and(eq(contacts.userId, owner.id), eq(contacts.mobileNumber, "+919812345602")));
    expect(await applyImportUpdates(owner.id, id)).toEqual({ applied: 1, skipped: 1, alreadyApplied: false });
  });

  it("changes nothing for another business's import (404 on the page and the API) nor for one not yet run", async () => {
    const owner = await shopWithTypedContacts();
    const stranger = await makeUser();
    const { id } = await importCsv(owner.id, FILE);
    expect(await applyImportUpdates(stranger.id, id)).toBeNull();
    expect(await listImportChanges(stranger.id, id)).toBeNull();
    expect(await applyImportUpdates(owner.id, "not-a-uuid")).toBeNull();

    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(stranger.id));
    const path = `/contacts/import/${id}`;
    const applying = formPost(path, { intent: "apply-updates" }, { cookie: browser.cookie });
    expect((await call(importPageAction, applying, { id })).status).toBe(404);
    const { accessToken } = await issueTokenPair(stranger.id);
    const apiApply = new Request(new URL(`/api/contacts/import/${id}/apply`, SITE), {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "X-Forwarded-For": freshIp() },
    });
    expect(await call(apiApplyAction, apiApply, { id })).toMatchObject({ status: 404, data: { message: "Import not found" } });
    expect((await contactByNumber(owner.id, "+919812345601")).name).toBe("Lakshmi Narayan");

    const waiting = await startContactImport(owner.id, "later.csv", new TextEncoder().encode(FILE));
    expect(await applyImportUpdates(owner.id, waiting)).toBe(IMPORT_NOT_FINISHED);
  });

  it("offers 'Apply these updates' on the report page, which applies them and goes back to the report with a toast", async () => {
    const owner = await shopWithTypedContacts();
    const { id } = await importCsv(owner.id, FILE);
    const browser = new Browser();
    browser.setCookie(await sessionCookieFor(owner.id));
    const path = `/contacts/import/${id}`;
    const page = await call<{ changes: { proposedCount: number } }>(importPageLoader, browser.request(path), { id });
    expect(page.data.changes.proposedCount).toBe(2);
    const applied = await call(importPageAction, formPost(path, { intent: "apply-updates" }, { cookie: browser.cookie }), { id });
    expect(applied.location).toBe(path);
    expect(applied.headers.get("Set-Cookie")).toContain("toast=");
    expect((await contactByNumber(owner.id, "+919812345601")).name).toBe("Lakshmi N (dup)");
  });
});

describe("POST /api/contacts/import and /api/contacts/import/{id}/apply", () => {
  it("keeps what the owner typed by default, says what it would change, and applies it once when asked", async () => {
    const owner = await shopWithTypedContacts();
    const { accessToken } = await issueTokenPair(owner.id);
    const headers = { Authorization: `Bearer ${accessToken}`, "X-Forwarded-For": freshIp() };
    const imported = await call<{ id: string; proposedUpdates: unknown[]; updatedContacts: Array<{ name: string }> }>(
      apiImportAction,
      new Request(new URL("/api/contacts/import", SITE), {
        method: "POST",
        headers: { ...headers, "Content-Type": "text/csv" },
        body: FILE,
      }),
    );
    expect(imported.status).toBe(200);
    expect(imported.data.proposedUpdates).toHaveLength(2);
    expect(imported.data.updatedContacts.map((contact) => contact.name)).toEqual(["Lakshmi Narayan", "Ravi Kumar"]);
    expect((await contactByNumber(owner.id, "+919812345601")).name).toBe("Lakshmi Narayan");

    const apply = () =>
      call(apiApplyAction, new Request(new URL(`/api/contacts/import/${imported.data.id}/apply`, SITE), { method: "POST", headers }), {
        id: imported.data.id,
      });
    expect(await apply()).toMatchObject({ status: 200, data: { applied: 2, skipped: 0, alreadyApplied: false } });
    expect(await apply()).toMatchObject({ status: 200, data: { applied: 2, skipped: 0, alreadyApplied: true } });
    expect((await contactByNumber(owner.id, "+919812345601")).name).toBe("Lakshmi N (dup)");
  });
});
