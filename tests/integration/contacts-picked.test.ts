import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactConsentEvents, contacts } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { readPickedContacts } from "~/lib/phone-contacts";
import { INVALID_MOBILE, PICKED_LIST_TOO_LONG, PICKED_TWICE } from "~/lib/schemas/contacts";
import { action as addAction } from "~/routes/_app+/add-contact";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, toastOf, type Reply } from "../support/http";

const test = setupTestDatabase();

/** The picked list's form post: each contact's fields by its place, the consent asked once. */
function pickedFields(list: Array<{ name: string; mobileNumber: string }>, consent: Record<string, string> = { consent: "opted_in" }) {
  const fields: Record<string, string> = { intent: "add-picked", ...consent };
  list.forEach((contact, index) => {
    fields[`contacts[${index}].name`] = contact.name;
    fields[`contacts[${index}].mobileNumber`] = contact.mobileNumber;
  });
  return fields;
}

async function addPicked(userId: string, list: Array<{ name: string; mobileNumber: string }>, consent?: Record<string, string>) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser.submit(addAction, "/add-contact", pickedFields(list, consent));
}

const pickedErrors = (reply: Reply) => (reply.data as { pickedResult?: { error?: Record<string, string[]> } }).pickedResult?.error;
const contactsOf = (userId: string) => test.db.select().from(contacts).where(eq(contacts.userId, userId));

describe("contacts picked from the phone, added from /add-contact", () => {
  it("reads the picker's entries: the first name, the number that is a mobile, at most 10", () => {
    const entries = Array.from({ length: 12 }, (_, n) => ({ name: [` Customer ${n}`], tel: ["022 2345 6789", `+91 98123-456${10 + n}`] }));
    const { contacts: picked, leftOut } = readPickedContacts(entries);
    expect(picked).toHaveLength(10);
    expect(leftOut).toBe(2);
    expect(picked[0]).toEqual({ name: "Customer 0", mobileNumber: "+91 98123 45610" });
    expect(readPickedContacts([{ name: [], tel: [] }, { tel: ["12345"] }]).contacts).toEqual([
      { name: "", mobileNumber: "" },
      { name: "", mobileNumber: "12345" },
    ]);
  });

  it("adds them together with their consent and its history, saying who was already a contact", async () => {
    const owner = await createUser();
    await makeContact({ userId: owner.id, name: "Asha (typed)", mobileNumber: "+919812345601" });
    const reply = await addPicked(
      owner.id,
      [
        { name: "Asha", mobileNumber: "+91 98123 45601" },
        { name: "Ravi", mobileNumber: "09812345602" },
        { name: "Meena", mobileNumber: "98123 45603" },
      ],
      { consent: "opted_in", consentSource: "Asked at the counter" },
    );
    expect(reply).toMatchObject({ status: 302, location: "/contacts" });
    expect(await toastOf(reply)).toMatchObject({
      title: "Contacts added",
      description: "Added 2 contacts. Already in your contacts: Asha.",
    });
    const stored = await contactsOf(owner.id);
    expect(
      stored
        .map(({ name, mobileNumber, consentSource }) => ({ name, mobileNumber, consentSource }))
        .sort((a, b) => a.mobileNumber.localeCompare(b.mobileNumber)),
    ).toEqual([
      { name: "Asha (typed)", mobileNumber: "+919812345601", consentSource: null },
      { name: "Ravi", mobileNumber: "+919812345602", consentSource: "Asked at the counter" },
      { name: "Meena", mobileNumber: "+919812345603", consentSource: "Asked at the counter" },
    ]);
    const history = await test.db.select().from(contactConsentEvents).where(eq(contactConsentEvents.userId, owner.id));
    expect(history.filter((event) => event.source === "Asked at the counter")).toMatchObject([
      { state: "opted_in", channel: "form" },
      { state: "opted_in", channel: "form" },
    ]);
  });

  it("refuses the list when a row is bad, saying why on that row, and adds none", async () => {
    const owner = await createUser();
    const reply = await addPicked(owner.id, [
      { name: "Ravi", mobileNumber: "9812345602" },
      { name: "Meena", mobileNumber: "12345" },
      { name: "Ravi again", mobileNumber: "+91 98123 45602" },
    ]);
    expect(reply.status).toBe(400);
    expect(pickedErrors(reply)).toMatchObject({
      "contacts[1].mobileNumber": [INVALID_MOBILE],
      "contacts[2].mobileNumber": [PICKED_TWICE],
    });
    const tooMany = await addPicked(
      owner.id,
      Array.from({ length: 11 }, (_, n) => ({ name: `C${n}`, mobileNumber: `98123456${String(n).padStart(2, "0")}` })),
    );
    expect(tooMany.status).toBe(400);
    expect(pickedErrors(tooMany)).toMatchObject({ contacts: [PICKED_LIST_TOO_LONG] });
    expect(await contactsOf(owner.id)).toEqual([]);
  });
});
