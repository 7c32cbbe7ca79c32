import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts, users } from "~/db/schema";
import { makeContact, makeUser } from "~/db/seed/factories.server";
import { importContactsNow } from "~/models/contact-import.server";
import { countContacts, deleteContact, listContactGroups } from "~/models/contacts.server";

import { setupTestDatabase } from "../support/database";

const test = setupTestDatabase();

async function versionOf(userId: string) {
  const [row] = await test.db.select({ version: users.contactsVersion }).from(users).where(eq(users.id, userId));
  return row.version;
}

describe("the contacts version (what the count and groups are kept by)", () => {
  it("rises once per statement for each business whose contacts it adds, changes or deletes, and only for those", async () => {
    const [owner, neighbour] = [await makeUser(), await makeUser()];
    const start = await versionOf(owner.id);
    const contact = await makeContact({ userId: owner.id });
    expect(await versionOf(owner.id)).toBe(start + 1);

    const csv = ["name,mobile", ...Array.from({ length: 40 }, (_, n) => `Customer ${n},98450${String(10000 + n)}`)].join("\n");
    const report = await importContactsNow(owner.id, "list.csv", new TextEncoder().encode(csv));
    expect(report.imported).toBe(40);
    const afterImport = await versionOf(owner.id);
    // The import's rows went in by the statement, not one by one.
    expect(afterImport - (start + 1)).toBeLessThan(40);
    expect(afterImport).toBeGreaterThan(start + 1);

    await test.db
      .update(contacts)
      .set({ tags: ["Regulars"] })
      .where(eq(contacts.id, contact.id));
    expect(await versionOf(owner.id)).toBe(afterImport + 1);
    expect(await deleteContact(owner.id, contact.id)).toBe(true);
    expect(await versionOf(owner.id)).toBe(afterImport + 2);
    expect(await versionOf(neighbour.id)).toBe(0);
  });

  it("makes the kept count and groups follow every change at once, whoever made it", async () => {
    const owner = await makeUser();
    const first = await makeContact({ userId: owner.id, tags: ["Regulars"] });
    expect(await countContacts(owner.id)).toBe(1);
    expect(await listContactGroups(owner.id)).toEqual([{ name: "Regulars", contacts: 1 }]);

    // Straight into the table, as another instance or a background job would.
    await makeContact({ userId: owner.id, tags: ["Regulars", "VIP"] });
    expect(await countContacts(owner.id)).toBe(2);
    expect(await listContactGroups(owner.id)).toEqual([
      { name: "Regulars", contacts: 2 },
      { name: "VIP", contacts: 1 },
    ]);
    await test.db.delete(contacts).where(eq(contacts.id, first.id));
    expect(await countContacts(owner.id)).toBe(1);
    expect(await listContactGroups(owner.id)).toEqual([
      { name: "Regulars", contacts: 1 },
      { name: "VIP", contacts: 1 },
    ]);
  });
});
