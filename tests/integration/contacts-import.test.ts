import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactImports, contacts } from "~/db/schema";
import { makeContact, makeUser } from "~/db/seed/factories.server";
import { NOT_A_CSV } from "~/lib/contact-csv";
import { INVALID_MOBILE, NAME_AND_MOBILE_REQUIRED } from "~/lib/schemas/contacts";
import { contactsCsv } from "~/models/contact-export.server";
import {
  EMPTY_FILE,
  ONE_COLUMN,
  ONLY_HEADER,
  TOO_LARGE,
  TOO_MANY_ROWS,
  cellTooLong,
  confirmContactImport,
  getContactImport,
  getImportErrors,
  importContactsNow,
  runContactImport,
  startContactImport,
  tooManyColumns,
} from "~/models/contact-import.server";
import { issueTokenPair } from "~/models/api-tokens.server";
import { action as importAction } from "~/routes/api+/contacts_.import";

import { jobsSettled, setupTestDatabase } from "../support/database";
import { SITE, call, freshIp } from "../support/http";

const test = setupTestDatabase();

const bytes = (text: string) => new TextEncoder().encode(text);
const importCsv = (userId: string, text: string) => importContactsNow(userId, "contacts.csv", bytes(text));

/** A business's contacts by number, as a file can set them (no ids or times, which differ between businesses). */
async function contactsOf(userId: string) {
  const rows = await test.db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.mobileNumber));
  return rows.map(({ name, mobileNumber, email, tags, notes, optedOut }) => ({ name, mobileNumber, email, tags, notes, optedOut }));
}

async function exportOf(userId: string, filter: { q?: string; tag?: string } = {}) {
  let text = "";
  for await (const chunk of contactsCsv(userId, filter)) text += chunk;
  return text;
}

/** The export's data lines, in a stable order (contacts imported together share their creation time). */
const sortedLines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .slice(1)
    .sort();

/** An API report with nothing in it: the counts and every list empty. */
const NOTHING_TO_REPORT = {
  id: expect.any(String),
  imported: 0,
  updated: 0,
  skipped: 0,
  errors: [],
  warnings: [],
  updatedContacts: [],
  proposedUpdates: [],
};

describe("importing a CSV", () => {
  it("reads Excel's CSV (BOM, ';', quoted fields with separators and line breaks), normalising every number", async () => {
    const owner = await makeUser();
    const csv =
      '\uFEFFNom;Phone;E-mail;Groups;Remarks\r\n"Rao; Ravi";98123 45678;RAVI@example.in;"Regulars, Diwali";"likes\r\nsweets"\r\nआशा 🙂;+91 98123-45679;;;\r\n';
    const report = await importCsv(owner.id, csv.replace("Nom", "Name"));
    expect(report).toEqual({ ...NOTHING_TO_REPORT, imported: 2 });
    expect(await contactsOf(owner.id)).toEqual([
      {
        name: "Rao; Ravi",
        mobileNumber: "+919812345678",
        email: "ravi@example.in",
        tags: ["Regulars", "Diwali"],
        notes: "likes\r\nsweets",
        optedOut: false,
      },
      { name: "आशा 🙂", mobileNumber: "+919812345679", email: null, tags: [], notes: null, optedOut: false },
    ]);
  });

  it("rejects bad rows with their line numbers and reasons, keeps HTML as text, and imports the rest", async () => {
    const owner = await makeUser();
    const csv = [
      "name,mobile,email,notes",
      "Ravi,9812345678,", // line 2
      ",9812345670,", // 3: no name
      'Short,98123,,"two\nlines"', // 4-5: too short
      "Landline,022 2345 6789,", // 6
      "Letters,98123abcde,", // 7
      "Mail,9812345671,not-an-email", // 8: imported without its email
      "<b>Bold</b>,9812345672,", // 9
      `${"x".repeat(500)},9812345673,`, // 10
      "Both bad,022 2345 6789,not-an-email", // 11: rejected for its number, no warning
    ].join("\n");
    const report = await importCsv(owner.id, csv);
    expect(report.imported).toBe(3);
    expect(report.errors).toEqual([
      { line: 3, message: NAME_AND_MOBILE_REQUIRED },
      { line: 4, message: INVALID_MOBILE },
      { line: 6, message: INVALID_MOBILE },
      { line: 7, message: INVALID_MOBILE },
      { line: 10, message: "Name must be at most 120 characters" },
      { line: 11, message: INVALID_MOBILE },
    ]);
    expect(report.warnings).toEqual([{ line: 8, message: "Email not imported: Please enter a valid email address" }]);
    // (By mobile number.)
    expect((await contactsOf(owner.id)).map(({ name, email }) => [name, email])).toEqual([
      ["Mail", null],
      ["<b>Bold</b>", null],
      ["Ravi", null],
    ]);
  });

  it("imports a row whose optional cells are bad without them, listing each as a warning with its line; never a bad name or mobile", async () => {
    const owner = await makeUser();
    await makeContact({ userId: owner.id, name: "Asha", mobileNumber: "+919812345601", email: "asha@example.in", tags: ["Regulars"] });
    const csv = [
      "name,mobile,email,groups,notes,consent source,consent",
      "Ravi,9812345600,ravi@,Regulars,Likes sweets,,", // 2: a typo in the email
      `Asha,9812345601,asha@,${"g".repeat(41)},,,`, // 3: an existing contact: keeps her email and groups
      `Meena,9812345602,meena@example.in,"${Array.from({ length: 21 }, (_, n) => `G${n}`).join(", ")}",,${"s".repeat(121)},`, // 4
      'Kavya,9812345603,,,"bell\u0007",,', // 5: a control character in the notes
      ",9812345604,bad@,,,,", // 6: no name: rejected, no warning
      "Odd,9812345605,bad@,,,,maybe", // 7: a consent it cannot read: rejected
    ].join("\n");
    const report = await importCsv(owner.id, csv);
    expect(report).toEqual({
      ...NOTHING_TO_REPORT,
      imported: 3,
      updated: 0,
      skipped: 1,
      errors: [
        { line: 6, message: NAME_AND_MOBILE_REQUIRED },
        { line: 7, message: "Consent must be opted_in or opted_out" },
      ],
      warnings: [
        { line: 2, message: "Email not imported: Please enter a valid email address" },
        { line: 3, message: "Email not imported: Please enter a valid email address" },
        { line: 3, message: "Groups not imported: A group name must be at most 40 characters" },
        { line: 4, message: "Groups not imported: A contact can be in at most 20 groups" },
        { line: 4, message: "Consent source not imported: Where the consent came from must be at most 120 characters" },
        { line: 5, message: "Notes not imported: Remove the invisible control characters from this field" },
      ],
    });
    expect(await contactsOf(owner.id)).toEqual([
      { name: "Ravi", mobileNumber: "+919812345600", email: null, tags: ["Regulars"], notes: "Likes sweets", optedOut: false },
      { name: "Asha", mobileNumber: "+919812345601", email: "asha@example.in", tags: ["Regulars"], notes: null, optedOut: false },
      { name: "Meena", mobileNumber: "+919812345602", email: "meena@example.in", tags: [], notes: null, optedOut: false },
      { name: "Kavya", mobileNumber: "+919812345603", email: null, tags: [], notes: null, optedOut: false },
    ]);
    // This business's Meena: other tests' businesses have contacts with her number too.
    const [meena] = await test.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.userId, owner.id), eq(contacts.mobileNumber, "+919812345602")));
    expect(meena.consentSource).toBe("CSV import (contacts.csv)");
  });

  it("merges a number seen twice in the file and one the business has, never doubling; an opt-out stays", async () => {
    const owner = await makeUser();
    await makeContact({ userId: owner.id, name: "Asha", mobileNumber: "+919812345601", tags: ["Regulars"], email: "asha@example.in" });
    await makeContact({ userId: owner.id, name: "Out", mobileNumber: "+919812345602", optedOut: true, consentSource: "Replied STOP" });
    const csv = [
      "name,mobile,groups,consent",
      "Ravi,9812345600,Diwali,", // new
      "Ravi,09812345600,Diwali,", // the same again: nothing new
      "Ravi,+91 98123 45600,Weekend,", // the same number, a new group
      "Asha,9812345601,Regulars,", // as she is
      "Asha,9812345601,Diwali,yes", // a new group for an existing contact
      "Out,9812345602,,opted_in", // opted out stays opted out
      "Newly out,9812345603,,unsubscribed", // a new contact can arrive opted out
      "Odd,9812345604,,maybe",
    ].join("\n");
    const report = await importCsv(owner.id, csv);
    expect(report).toEqual({
      ...NOTHING_TO_REPORT,
      imported: 2,
      updated: 2,
      skipped: 3,
      errors: [{ line: 9, message: "Consent must be opted_in or opted_out" }],
      // Who was updated, and how: Ravi (new in this file) by a later row of his, Asha by hers.
      updatedContacts: [
        { line: 4, contactId: expect.any(String), name: "Ravi", addedGroups: ["Weekend"], filled: [], optedOut: false },
        { line: 6, contactId: expect.any(String), name: "Asha", addedGroups: ["Diwali"], filled: [], optedOut: false },
      ],
    });
    expect(await contactsOf(owner.id)).toEqual([
      { name: "Ravi", mobileNumber: "+919812345600", email: null, tags: ["Diwali", "Weekend"], notes: null, optedOut: false },
      { name: "Asha", mobileNumber: "+919812345601", email: "asha@example.in", tags: ["Regulars", "Diwali"], notes: null, optedOut: false },
      { name: "Out", mobileNumber: "+919812345602", email: null, tags: [], notes: null, optedOut: true },
      { name: "Newly out", mobileNumber: "+919812345603", email: null, tags: [], notes: null, optedOut: true },
    ]);
  });

  it("imports 10,000 rows with 200 bad rows, 50 duplicates and 10 opted-out numbers, and reports them right", async () => {
    const owner = await makeUser();
    const optedOut = Array.from({ length: 10 }, (_, n) => `+91700000${String(n).padStart(4, "0")}`);
    for (const mobileNumber of optedOut) await makeContact({ userId: owner.id, name: "Said stop", mobileNumber, optedOut: true });
    const lines = ["Name,Mobile number,Groups"];
    for (let n = 0; n < 9_740; n++) lines.push(`Customer ${n},9${String(n).padStart(9, "0")},Regulars`);
    for (let n = 0; n < 200; n++) lines.push(`Bad ${n},12345`);
    for (let n = 0; n < 50; n++) lines.push(`Customer ${n},9${String(n).padStart(9, "0")},Regulars`);
    for (const mobileNumber of optedOut) lines.push(`Said stop,${mobileNumber},`);
    const report = await importCsv(owner.id, lines.join("\n"));
    expect(report).toMatchObject({ imported: 9_740, updated: 0, skipped: 60 });
    expect(report.errors).toHaveLength(200);
    expect(report.errors[0]).toEqual({ line: 9_742, message: INVALID_MOBILE });
    const stored = await contactsOf(owner.id);
    expect(stored).toHaveLength(9_750);
    expect(stored.filter((contact) => contact.optedOut)).toHaveLength(10);

    // Exported and imported again, nothing changes.
    const exported = await exportOf(owner.id);
    expect(await importCsv(owner.id, exported)).toEqual({ ...NOTHING_TO_REPORT, skipped: 9_750 });
    expect(await exportOf(owner.id)).toBe(exported);
  }, 120_000);

  // (A contact the file gives no consent source gets 'CSV import (file name)'.)
  it("round-trips an export into another business unchanged: formulas, quotes, commas, Hindi and emoji", async () => {
    const owner = await makeUser();
    await makeContact({
      userId: owner.id,
      name: '=HYPERLINK("http://evil.example")',
      mobileNumber: "+919812345610",
      notes: '-5 kg, "fresh"\nline two',
      consentSource: "In store",
    });
    await makeContact({
      userId: owner.id,
      name: "@home सुरेश 🙂",
      mobileNumber: "+919812345611",
      tags: ["Regulars", "Diwali 2026"],
      email: "s@example.in",
      consentSource: "Website",
    });
    await makeContact({ userId: owner.id, name: "Out", mobileNumber: "+919812345612", optedOut: true, consentSource: "Replied STOP" });
    const exported = await exportOf(owner.id);
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(exported).toContain(`"'-5 kg, ""fresh""\nline two"`);
    expect(exported).toContain(`'@home`);
    // A mobile number is a number, not a formula: written as it is.
    expect(exported).toContain(",+919812345611,");
    expect(exported).not.toContain("'+91");

    const other = await makeUser();
    expect(await importCsv(other.id, exported)).toMatchObject({ imported: 3, errors: [], warnings: [] });
    expect(await contactsOf(other.id)).toEqual(await contactsOf(owner.id));
    expect(sortedLines(await exportOf(other.id))).toEqual(sortedLines(exported));
  });

  it("exports only the contacts the search and group match", async () => {
    const owner = await makeUser();
    await makeContact({ userId: owner.id, name: "Ravi", tags: ["Regulars"] });
    await makeContact({ userId: owner.id, name: "Asha" });
    await makeContact({ name: "Ravi of another business", tags: ["Regulars"] });
    expect(sortedLines(await exportOf(owner.id, { tag: "Regulars" }))).toEqual([expect.stringMatching(/^Ravi,/)]);
    expect(sortedLines(await exportOf(owner.id, { q: "ash" }))).toEqual([expect.stringMatching(/^Asha,/)]);
  });

  it.each<[string, Uint8Array | string, string]>([
    ["an empty file", "", EMPTY_FILE],
    ["only blank lines", "\n\n \n", EMPTY_FILE],
    ["only a header", "name,mobile\n", ONLY_HEADER],
    [
      "a PNG renamed .csv",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
      NOT_A_CSV,
    ],
    [
      "a header without a name or mobile column",
      "first,second\nRavi,9812345678\n",
      "The header row needs a name column and a mobile column (found: first, second).",
    ],
    ["an unclosed quote", 'name,mobile\n"Ravi,9812345678\n', "The file could not be read as CSV"],
    ["100,000 rows", `name,mobile\n${"a,1\n".repeat(100_000)}`, TOO_MANY_ROWS],
    ["more than 5 MB", `name,mobile,notes\n${`a,1,${"x".repeat(1000)}\n`.repeat(5300)}`, TOO_LARGE],
    ["a header of 51 columns", `name,mobile${",x".repeat(49)}\nRavi,9812345678\n`, tooManyColumns(1)],
    ["a row of 51 columns", `name,mobile\nRavi,9812345678\nAsha,9812345679${",x".repeat(49)}\n`, tooManyColumns(3)],
    ["a cell of 2,501 characters", `name,mobile,notes\nRavi,9812345678,"${"x".repeat(2501)}"\n`, cellTooLong(2)],
    ["a cell of 3 MB", `name,mobile,notes\nRavi,9812345678,${"x".repeat(3_000_000)}\n`, cellTooLong(2)],
    ["one column", `mobile\n${"9812345678\n".repeat(50_000)}`, ONE_COLUMN],
  ])("refuses %s with a clear message, saving nothing", async (_case, file, message) => {
    const owner = await makeUser();
    const body = typeof file === "string" ? bytes(file) : file;
    await expect(importContactsNow(owner.id, "contacts.csv", body)).rejects.toThrow(message);
    // The page's upload keeps a file whose header names neither column: its user chooses them next.
    if (!message.startsWith("The header row")) await expect(startContactImport(owner.id, "contacts.csv", body)).rejects.toThrow(message);
    expect(await contactsOf(owner.id)).toEqual([]);
    expect(await test.db.select().from(contactImports).where(eq(contactImports.userId, owner.id))).toEqual([]);
  });
});

describe("a hostile file costs no more than its first bad row", () => {
  it.each([
    ["2.6 million columns in 5.2 MB", `${"a,".repeat(2_600_000)}\n`, tooManyColumns(1)],
    [
      "10,000 columns",
      `${Array.from({ length: 10_000 }, (_, index) => `column ${index}`).join(",")}\nRavi,9812345678\n`,
      tooManyColumns(1),
    ],
    ["50,000 rows of one column", `mobile\n${"9812345678\n".repeat(50_000)}`, ONE_COLUMN],
  ])("refuses %s within a second, for the page and the API alike", async (_case, file, message) => {
    const owner = await makeUser();
    for (const upload of [startContactImport, importContactsNow]) {
      const started = performance.now();
      await expect(upload(owner.id, "contacts.csv", bytes(file))).rejects.toThrow(message);
      // Measured ~30-80 ms; before the limits the 2.6 million columns took ~20 s and gigabytes (then crashed the mapping page).
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it("takes a file at the limits: 50 columns, notes of 2,000 characters", async () => {
    const owner = await makeUser();
    const extra = Array.from({ length: 47 }, (_, index) => `extra ${index}`);
    const file = [["Name", "Mobile", "Notes", ...extra].join(","), ["Ravi", "9812345678", "n".repeat(2000), ...extra].join(",")].join("\n");
    expect(await importCsv(owner.id, file)).toMatchObject({ imported: 1, errors: [] });
    expect(await contactsOf(owner.id)).toMatchObject([{ name: "Ravi", notes: "n".repeat(2000) }]);
  });
});

describe("the three-step import (upload, map, import)", () => {
  it("keeps the file, guesses the columns, imports once however often the mapping is sent", async () => {
    const owner = await makeUser();
    const importId = await startContactImport(
      owner.id,
      "shop.csv",
      bytes("Customer,Phone number,Remarks\nRavi,9812345678,first\nAsha,12,\n"),
    );
    const waiting = await getContactImport(owner.id, importId);
    expect(waiting).toMatchObject({
      status: "mapping",
      rowCount: 2,
      header: ["Customer", "Phone number", "Remarks"],
      mapping: { name: 0, mobileNumber: 1, notes: 2 },
    });
    expect(waiting?.preview).toEqual([
      ["Ravi", "9812345678", "first"],
      ["Asha", "12", ""],
    ]);

    expect(await confirmContactImport(owner.id, importId, { name: 0 })).toBe("bad-mapping");
    expect(await confirmContactImport(owner.id, importId, { name: 0, mobileNumber: 7 })).toBe("bad-mapping");
    expect(await confirmContactImport(owner.id, importId, { name: 0, mobileNumber: 1 })).toBe("queued");
    expect(await confirmContactImport(owner.id, importId, { name: 0, mobileNumber: 1 })).toBe("already");
    await runContactImport(importId);
    await runContactImport(importId);
    expect(await getContactImport(owner.id, importId)).toMatchObject({
      status: "done",
      processedRows: 2,
      imported: 1,
      errorCount: 1,
      firstErrors: [{ line: 3, message: INVALID_MOBILE }],
    });
    expect((await contactsOf(owner.id)).map((contact) => [contact.name, contact.notes])).toEqual([["Ravi", null]]);
    expect(await getImportErrors(owner.id, importId)).toMatchObject({
      errors: [{ line: 3, message: INVALID_MOBILE, cells: ["Asha", "12", ""] }],
    });
  });

  it("imports once when two runners start the same import (a job retried while the first still runs)", async () => {
    const owner = await makeUser();
    const lines = ["name,mobile", ...Array.from({ length: 1_200 }, (_, n) => `Customer ${n},9${String(n).padStart(9, "0")}`), "Bad,12"];
    const importId = await startContactImport(owner.id, "big.csv", bytes(lines.join("\n")));
    expect(await confirmContactImport(owner.id, importId, { name: 0, mobileNumber: 1 })).toBe("queued");
    await Promise.all([runContactImport(importId), runContactImport(importId)]);
    // The queued job is a third runner of the same import (confirming woke this process's worker):
    // when it took the batches over, the two above returned, and it finishes the import.
    await jobsSettled(test.handle, "contact-import");
    expect(await getContactImport(owner.id, importId)).toMatchObject({
      status: "done",
      processedRows: 1_201,
      imported: 1_200,
      updated: 0,
      skipped: 0,
      errorCount: 1,
    });
    expect(await contactsOf(owner.id)).toHaveLength(1_200);
  });

  it("shows, maps and reports another business's import to nobody but its owner", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const importId = await startContactImport(owner.id, "shop.csv", bytes("name,mobile\nRavi,9812345678\n"));
    expect(await getContactImport(stranger.id, importId)).toBeNull();
    expect(await confirmContactImport(stranger.id, importId, { name: 0, mobileNumber: 1 })).toBeNull();
    expect(await getImportErrors(stranger.id, importId)).toBeNull();
    expect(await getContactImport(owner.id, "not-a-uuid")).toBeNull();
    expect(await getContactImport(owner.id, importId)).toMatchObject({ status: "mapping" });
  });

  it("lets two businesses import the same customer, each its own contact", async () => {
    const first = await makeUser();
    const second = await makeUser();
    await makeContact({ userId: first.id, name: "Ravi (first's)", mobileNumber: "+919812345678", notes: "keep" });
    expect(await importCsv(second.id, "name,mobile,notes\nRavi,9812345678,theirs\n")).toMatchObject({ imported: 1 });
    expect(await contactsOf(first.id)).toMatchObject([{ name: "Ravi (first's)", notes: "keep" }]);
    expect(await contactsOf(second.id)).toMatchObject([{ name: "Ravi", notes: "theirs" }]);
  });
});

describe("POST /api/contacts/import", () => {
  const post = async (userId: string, body: string, contentType = "text/csv") => {
    const { accessToken } = await issueTokenPair(userId);
    const request = new Request(new URL("/api/contacts/import", SITE), {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": contentType, "X-Forwarded-For": freshIp() },
      body,
    });
    return call<{ imported: number; updated: number; skipped: number; errors: unknown[]; message?: string }>(importAction, request);
  };

  it("imports a text/csv body into the caller's business only and answers the report", async () => {
    const owner = await makeUser();
    const neighbour = await makeUser();
    await makeContact({ userId: neighbour.id, name: "Neighbour's Ravi", mobileNumber: "+919812345678" });
    const reply = await post(owner.id, "Mobile,Name\n9812345678,Ravi\n12,Bad\n");
    expect(reply).toMatchObject({
      status: 200,
      data: { imported: 1, updated: 0, skipped: 0, errors: [{ line: 3, message: INVALID_MOBILE }], warnings: [] },
    });
    expect(await contactsOf(owner.id)).toMatchObject([{ name: "Ravi" }]);
    expect(await contactsOf(neighbour.id)).toMatchObject([{ name: "Neighbour's Ravi" }]);
  });

  it("answers a file it cannot import with 400 {message}", async () => {
    const owner = await makeUser();
    expect(await post(owner.id, "name,mobile\n")).toMatchObject({ status: 400, data: { message: ONLY_HEADER } });
    expect(await post(owner.id, "")).toMatchObject({ status: 400, data: { message: EMPTY_FILE } });
  });

  it("refuses a caller without a token", async () => {
    const request = new Request(new URL("/api/contacts/import", SITE), {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body: "name,mobile\nRavi,9812345678\n",
    });
    expect((await call(importAction, request)).status).toBe(401);
  });
});
