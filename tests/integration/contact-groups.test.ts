import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { contactInputSchema } from "~/lib/schemas/contacts.server";
import { contactsCsv } from "~/models/contact-export.server";
import { importContactsNow } from "~/models/contact-import.server";
import { createContact, listContactGroups, listContacts, listContactsForApi, updateContact } from "~/models/contacts.server";

import { createUser } from "../support/accounts";
import { contactsApiClient } from "../support/contacts-api";
import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

const input = (fields: { name: string; mobileNumber: string; tags: string | string[] }) => contactInputSchema.parse(fields);

/** Each contact's groups, by name. */
async function groupsOf(userId: string) {
  const rows = await test.db
    .select({ name: contacts.name, tags: contacts.tags })
    .from(contacts)
    .where(eq(contacts.userId, userId))
    .orderBy(asc(contacts.name));
  return Object.fromEntries(rows.map((row) => [row.name, row.tags]));
}

/** Contacts made in this order, a minute apart: the first is the oldest. */
async function addContacts(userId: string, list: Array<{ name: string; tags: string[] }>) {
  const start = Date.now() - list.length * 60_000;
  for (const [index, contact] of list.entries()) await makeContact({ userId, createdAt: new Date(start + index * 60_000), ...contact });
}

const importCsv = (userId: string, text: string) => importContactsNow(userId, "groups.csv", new TextEncoder().encode(text));

describe("a business's groups are one whatever their case", () => {
  it("gives a new contact's group the spelling the business already has (form and API alike), and one group for two spellings typed together", async () => {
    const owner = await createUser();
    await addContacts(owner.id, [{ name: "Asha", tags: ["Regulars"] }]);
    await createContact(owner.id, input({ name: "Ravi", mobileNumber: "98123 45601", tags: "regulars, VIP, vip" }), "form");
    const api = await contactsApiClient(owner.id);
    const reply = await api<{ tags: string[] }>("POST", "/api/contacts", {
      name: "Meena",
      mobileNumber: "98123 45602",
      tags: ["REGULARS", "Vip"],
    });
    expect(reply).toMatchObject({ status: 201, data: { tags: ["Regulars", "VIP"] } });
    expect(await groupsOf(owner.id)).toEqual({ Asha: ["Regulars"], Ravi: ["Regulars", "VIP"], Meena: ["Regulars", "VIP"] });

    // Another business's spelling is its own.
    const neighbour = await createUser();
    await createContact(neighbour.id, input({ name: "Kavya", mobileNumber: "98123 45603", tags: "regulars" }), "api");
    expect(await groupsOf(neighbour.id)).toEqual({ Kavya: ["regulars"] });
  });

  it("gives an edited contact's group the spelling of the business's other contacts; a contact alone in its group may change its case", async () => {
    const owner = await createUser();
    await addContacts(owner.id, [
      { name: "Asha", tags: ["Regulars"] },
      { name: "Ravi", tags: ["diwali"] },
    ]);
    const [ravi] = (await listContacts(owner.id, { q: "Ravi", page: 1 })).contacts;
    await updateContact(owner.id, ravi.id, input({ name: "Ravi", mobileNumber: ravi.mobileNumber, tags: "REGULARS, Diwali" }), "form");
    expect(await groupsOf(owner.id)).toEqual({ Asha: ["Regulars"], Ravi: ["Regulars", "Diwali"] });
  });

  it("lists case variants already stored as one group, counting each contact once, and filters by it in any case", async () => {
    const owner = await createUser();
    await addContacts(owner.id, [
      { name: "Asha", tags: ["Regulars"] },
      { name: "Ravi", tags: ["regulars"] },
      { name: "Meena", tags: ["REGULARS", "Regulars", "Wholesale"] },
      { name: "Kavya", tags: ["wholesale"] },
      { name: "Priya", tags: ["Wholesale"] },
      { name: "Sunita", tags: [] },
    ]);
    // Named as most of its contacts spell it (the writes and migration 0019 leave a business one spelling).
    expect(await listContactGroups(owner.id)).toEqual([
      { name: "Regulars", contacts: 3 },
      { name: "Wholesale", contacts: 3 },
    ]);
    for (const tag of ["Regulars", "regulars", "REGULARS"]) {
      const page = await listContacts(owner.id, { tag, page: 1 });
      expect(page.contacts.map((contact) => contact.name).sort()).toEqual(["Asha", "Meena", "Ravi"]);
      expect(page.total).toBe(3);
    }
    expect((await listContactsForApi(owner.id, { tag: "WHOLESALE", limit: 100, offset: 0 })).map((contact) => contact.name).sort()).toEqual(
      ["Kavya", "Meena", "Priya"],
    );
    let exported = "";
    for await (const chunk of contactsCsv(owner.id, { tag: "wholesale" })) exported += chunk;
    expect(exported.split("\r\n").filter(Boolean)).toHaveLength(4);
  });

  it("imports a group in the business's spelling; a new group written two ways in one file, even batches apart, takes the first", async () => {
    const owner = await createUser();
    await addContacts(owner.id, [{ name: "Asha", tags: ["Regulars"] }]);
    const existing = (await listContacts(owner.id, { page: 1 })).contacts[0];
    const lines = [
      "Name,Mobile,Groups",
      `Asha,${existing.mobileNumber},REGULARS`,
      'Ravi,9812345601,"regulars, Festive"',
      'Meena,9812345602,"VIP, vip"',
    ];
    // Past the first batch of 250 rows: the later spelling of a group the file brought in earlier.
    for (let n = 0; n < 300; n++) lines.push(`Filler ${n},97${String(n).padStart(8, "0")},`);
    lines.push('Kavya,9812345603,"FESTIVE, Vip"');
    const report = await importCsv(owner.id, lines.join("\n"));
    expect(report).toMatchObject({ imported: 303, updated: 0, skipped: 1, errors: [], warnings: [] });
    const groups = await groupsOf(owner.id);
    expect([groups.Asha, groups.Ravi, groups.Meena, groups.Kavya]).toEqual([
      ["Regulars"],
      ["Regulars", "Festive"],
      ["VIP"],
      ["Festive", "VIP"],
    ]);
    expect(await listContactGroups(owner.id)).toEqual([
      { name: "Festive", contacts: 2 },
      { name: "Regulars", contacts: 2 },
      { name: "VIP", contacts: 2 },
    ]);
  });
});
