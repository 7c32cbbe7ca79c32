import { describe, expect, it, vi } from "vitest";

import { db } from "~/db/db.server";
import { isUniqueViolation } from "~/db/errors.server";
import { makeContact } from "~/db/seed/factories.server";
import { CONTACTS_PAGE_SIZE } from "~/lib/schemas/contacts";
import {
  DuplicateContactError,
  GROUPS_OFFERED,
  getContact,
  listContactGroups,
  listContacts,
  updateContact,
  type ContactPage,
} from "~/models/contacts.server";
import { loader as contactsLoader } from "~/routes/_app+/contacts";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser } from "../support/http";

setupTestDatabase();

type NewContact = Partial<Parameters<typeof makeContact>[0]>;

/** Contacts of one business, made by the shared factory, the first longest ago (so the list shows it last). */
async function addContacts(userId: string, list: NewContact[]) {
  const start = Date.now() - list.length * 60_000;
  for (const [index, contact] of list.entries()) await makeContact({ userId, createdAt: new Date(start + index * 60_000), ...contact });
}

const names = (page: ContactPage) => page.contacts.map((contact) => contact.name);

describe("the contacts list", () => {
  it("shows a business only its own contacts, newest first, with the total", async () => {
    const owner = await createUser();
    const neighbour = await createUser();
    await addContacts(owner.id, [{ name: "Asha" }, { name: "Bala" }, { name: "Chitra" }]);
    await addContacts(neighbour.id, [{ name: "Someone Else's" }]);

    const page = await listContacts(owner.id, { page: 1 });
    expect(names(page)).toEqual(["Chitra", "Bala", "Asha"]);
    expect(page).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(names(await listContacts(neighbour.id, { page: 1 }))).toEqual(["Someone Else's"]);
  });

  it("finds a contact by name, email, group, or the digits of its mobile however they are typed", async () => {
    const owner = await createUser();
    await addContacts(owner.id, [
      { name: "Ravi Kumar", mobileNumber: "+919812345678", email: "ravi@mail.example", tags: ["Regulars"] },
      { name: "Sunita", mobileNumber: "+919900011122", tags: ["Wholesale", "Diwali 2026"] },
      { name: "Amit 50%", mobileNumber: "+919700011122" },
    ]);
    const search = async (q: string) => names(await listContacts(owner.id, { q, page: 1 }));
    expect(await search("ravi")).toEqual(["Ravi Kumar"]);
    expect(await search("MAIL.EXAMPLE")).toEqual(["Ravi Kumar"]);
    expect(await search("98123 45678")).toEqual(["Ravi Kumar"]);
    expect(await search("+91 98123-45678")).toEqual(["Ravi Kumar"]);
    expect(await search("wholesale")).toEqual(["Sunita"]);
    // A typed '%' is a percent sign, not a wildcard.
    expect(await search("%")).toEqual(["Amit 50%"]);
    expect(await search("nobody")).toEqual([]);
  });

  it("filters by group, and lists the business's groups once each, in order", async () => {
    const owner = await createUser();
    const other = await createUser();
    await addContacts(owner.id, [
      { name: "Ravi", tags: ["Regulars", "Wholesale"] },
      { name: "Sunita", tags: ["Wholesale"] },
      { name: "Amit" },
    ]);
    await addContacts(other.id, [{ name: "Elsewhere", tags: ["Secret group"] }]);
    expect(names(await listContacts(owner.id, { tag: "Wholesale", page: 1 }))).toEqual(["Sunita", "Ravi"]);
    expect(await listContactGroups(owner.id)).toEqual([
      { name: "Regulars", contacts: 1 },
      { name: "Wholesale", contacts: 2 },
    ]);
  });

  it("offers at most GROUPS_OFFERED groups in its filter, the most used, so thousands of groups never fill the page", async () => {
    const owner = await createUser();
    // 14 contacts of 20 groups each: 280 groups, 'Everyone' on all of them, 'Half' on 7.
    const groupsOf = (index: number) => [
      "Everyone",
      ...(index % 2 === 0 ? ["Half"] : []),
      ...Array.from({ length: index % 2 === 0 ? 18 : 19 }, (_, at) => `Batch ${index} group ${at}`),
    ];
    await addContacts(
      owner.id,
      Array.from({ length: 14 }, (_, index) => ({ name: `Bulk ${index}`, tags: groupsOf(index) })),
    );
    const groups = await listContactGroups(owner.id);
    expect(groups).toHaveLength(GROUPS_OFFERED);
    expect(groups).toContainEqual({ name: "Everyone", contacts: 14 });
    expect(groups).toContainEqual({ name: "Half", contacts: 7 });
    // In name order: the batches' groups, then Everyone, then Half.
    const order = groups.map((group) => group.name);
    expect(order[0]).toMatch(/^Batch /);
    expect(order.indexOf("Everyone")).toBe(GROUPS_OFFERED - 2);
    expect(order.indexOf("Half")).toBe(GROUPS_OFFERED - 1);
  });

  it("pages by 25 with a stable order; a page past the end shows the last page", async () => {
    const owner = await createUser();
    await addContacts(
      owner.id,
      Array.from({ length: CONTACTS_PAGE_SIZE * 2 + 3 }, (_, index) => ({ name: `Bulk ${String(index).padStart(2, "0")}` })),
    );
    const first = await listContacts(owner.id, { page: 1 });
    const third = await listContacts(owner.id, { page: 3 });
    expect(first).toMatchObject({ total: 53, pageCount: 3 });
    expect(first.contacts).toHaveLength(25);
    expect(names(first)[0]).toBe("Bulk 52");
    expect(names(third)).toEqual(["Bulk 02", "Bulk 01", "Bulk 00"]);
    expect(await listContacts(owner.id, { page: 99 })).toMatchObject({ page: 3, contacts: third.contacts });
  });

  it("is a signed-in screen whose search lives in the URL", async () => {
    const owner = await createUser();
    await addContacts(owner.id, [{ name: "Ravi", tags: ["Regulars"] }, { name: "Sunita" }]);
    const browser = new Browser();
    expect(await browser.visit(contactsLoader, "/contacts")).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fcontacts" });
    browser.setCookie(await sessionCookieFor(owner.id));
    const reply = await browser.visit<Awaited<ReturnType<typeof contactsLoader>>>(contactsLoader, "/contacts?q=ravi&page=abc");
    expect(reply.data).toMatchObject({ q: "ravi", tag: "", total: 1, page: 1, groups: [{ name: "Regulars", contacts: 1 }] });
    expect(reply.data.contacts.map((contact) => contact.mobileNumber)).toEqual([expect.stringMatching(/^\+91\d{10}$/)]);
  });
});

describe("a mobile number taken between updateContact's check and its write", () => {
  it("is recognised as the unique index's refusal on this database's driver, and nothing else is", async () => {
    const owner = await createUser();
    const first = await makeContact({ userId: owner.id, mobileNumber: "+919812345678" });
    const refusal = await makeContact({ userId: owner.id, mobileNumber: first.mobileNumber }).catch((error: unknown) => error);
    expect(isUniqueViolation(refusal)).toBe(true);
    const otherFailure = await makeContact({ userId: owner.id, name: null as unknown as string }).catch((error: unknown) => error);
    expect(otherFailure).toBeInstanceOf(Error);
    expect(isUniqueViolation(otherFailure)).toBe(false);
  });

  it("answers the same DuplicateContactError as the check, naming the contact that has it", async () => {
    const owner = await createUser();
    const holder = await makeContact({ userId: owner.id, mobileNumber: "+919812345601" });
    const moving = await makeContact({ userId: owner.id, mobileNumber: "+919812345602" });
    // The check sees the number free (another request takes it just after): the write meets the index.
    let checks = 0;
    const realSelect = db().select.bind(db());
    const spy = vi.spyOn(db(), "select").mockImplementation(((fields: never) => {
      checks += 1;
      if (checks === 1) return { from: () => ({ where: async () => [] }) } as never;
      return realSelect(fields);
    }) as never);
    try {
      const input = {
        name: "Moved",
        mobileNumber: holder.mobileNumber,
        email: null,
        tags: [],
        notes: null,
        consent: "opted_in" as const,
        consentSource: null,
      };
      await expect(updateContact(owner.id, moving.id, input, "form")).rejects.toEqual(new DuplicateContactError(holder.id));
    } finally {
      spy.mockRestore();
    }
    expect((await getContact(owner.id, moving.id))?.mobileNumber).toBe("+919812345602");
  });
});
