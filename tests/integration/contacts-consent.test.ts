import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactConsentEvents, contacts } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { REOPT_IN_NEEDS_SOURCE } from "~/lib/schemas/contacts";
import { updateSmsRegistration } from "~/models/campaigns.server";
import { recordConsentChange } from "~/models/contact-consent.server";
import { importContactsNow } from "~/models/contact-import.server";
import { action as addAction } from "~/routes/_app+/add-contact";
import { action as counterAction } from "~/routes/_app+/add-customer-contact";
import { action as editAction, loader as editLoader } from "~/routes/_app+/edit-contact.$id";

import { createUser, sessionCookieFor } from "../support/accounts";
import { contactsApiClient } from "../support/contacts-api";
import { setupTestDatabase } from "../support/database";
import { Browser, call, formErrors, formPost, toastOf } from "../support/http";

const test = setupTestDatabase();

/** A contact's history as stored, newest first: what was recorded, and how. */
async function historyOf(contactId: string) {
  const rows = await test.db
    .select()
    .from(contactConsentEvents)
    .where(eq(contactConsentEvents.contactId, contactId))
    .orderBy(desc(contactConsentEvents.createdAt));
  return rows.map(({ state, source, channel }) => ({ state, source, channel }));
}

const contactRow = async (id: string) => (await test.db.select().from(contacts).where(eq(contacts.id, id)))[0];

const contactByName = async (userId: string, name: string) =>
  (await test.db.select().from(contacts).where(eq(contacts.userId, userId))).find((contact) => contact.name === name)!;

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

const edit = async (userId: string, id: string, fields: Record<string, string>) =>
  call(editAction, formPost(`/edit-contact/${id}`, fields, { cookie: await sessionCookieFor(userId) }), { id });

/** A contact who replied STOP: added opted in at the counter, then opted out by an SMS reply. */
async function optedOutContact(userId: string) {
  const contact = await makeContact({ userId, name: "Asha", mobileNumber: "+919812345678", consentSource: "Asked at the counter" });
  expect(await recordConsentChange(userId, contact.id, { state: "opted_out", source: "Replied STOP", channel: "sms_reply" })).toBe(
    "recorded",
  );
  return contact;
}

describe("a contact's consent history", () => {
  it("starts with the consent the contact was added with, and how: the form, the counter, the API", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    await browser.submit(addAction, "/add-contact", { name: "Ravi", mobileNumber: "98123 45601", consentSource: "Website order form" });
    await browser.submit(counterAction, "/add-customer-contact", { name: "Meena", mobileNumber: "98123 45602" });
    const api = await contactsApiClient(owner.id);
    const posted = await api<{ id: string }>("POST", "/api/contacts", {
      name: "Kavya",
      mobileNumber: "98123 45603",
      consent: "opted_out",
      consentSource: "Asked not to be messaged",
    });
    expect(posted.status).toBe(201);

    const ravi = await contactByName(owner.id, "Ravi");
    expect(await historyOf(ravi.id)).toEqual([{ state: "opted_in", source: "Website order form", channel: "form" }]);
    expect(await historyOf((await contactByName(owner.id, "Meena")).id)).toEqual([
      { state: "opted_in", source: "Added at the counter", channel: "form" },
    ]);
    expect(await historyOf(posted.data.id)).toEqual([{ state: "opted_out", source: "Asked not to be messaged", channel: "api" }]);
    // The contact's row holds the latest entry, written at the same moment.
    const [event] = await test.db.select().from(contactConsentEvents).where(eq(contactConsentEvents.contactId, ravi.id));
    expect(ravi.consentAt).toEqual(event.createdAt);
  });

  it("gains an entry when the edit form opts a contact out, and none when an edit leaves the consent as it was", async () => {
    const owner = await createUser();
    const contact = await makeContact({ userId: owner.id, name: "Asha", mobileNumber: "+919812345678", consentSource: "In store" });
    const renamed = await edit(owner.id, contact.id, { name: "Asha Rao", mobileNumber: "98123 45678", consent: "opted_in" });
    expect(renamed.status).toBe(302);
    expect(await contactRow(contact.id)).toMatchObject({
      name: "Asha Rao",
      optedOut: false,
      consentSource: "In store",
      consentAt: contact.consentAt,
    });
    expect(await historyOf(contact.id)).toEqual([{ state: "opted_in", source: "In store", channel: "form" }]);

    await edit(owner.id, contact.id, {
      name: "Asha Rao",
      mobileNumber: "98123 45678",
      consent: "opted_out",
      consentSource: "Asked us on the phone",
    });
    expect(await contactRow(contact.id)).toMatchObject({ optedOut: true, consentSource: "Asked us on the phone" });
    expect(await historyOf(contact.id)).toEqual([
      { state: "opted_out", source: "Asked us on the phone", channel: "form" },
      { state: "opted_in", source: "In store", channel: "form" },
    ]);
  });

  it("refuses to opt a contact back in on the form without saying where, and changes nothing", async () => {
    const owner = await createUser();
    const contact = await optedOutContact(owner.id);
    const before = { row: await contactRow(contact.id), history: await historyOf(contact.id) };
    // No source, or the opt-out's own source: neither says where the customer said yes again.
    for (const consentSource of [undefined, "Replied STOP"]) {
      const fields = { name: "Asha Rao", mobileNumber: "98123 45678", consent: "opted_in", ...(consentSource ? { consentSource } : {}) };
      const reply = await edit(owner.id, contact.id, fields);
      expect(reply.status, String(consentSource)).toBe(400);
      expect(formErrors(reply)).toEqual({ consentSource: [REOPT_IN_NEEDS_SOURCE] });
      expect((await toastOf(reply))?.title).toBe("Failed to update contact");
    }
    expect(await contactRow(contact.id)).toEqual(before.row);
    expect(await historyOf(contact.id)).toEqual(before.history);

    const saved = await edit(owner.id, contact.id, {
      name: "Asha Rao",
      mobileNumber: "98123 45678",
      consent: "opted_in",
      consentSource: "Asked in store on 3 Dec",
    });
    expect(saved).toMatchObject({ status: 302, location: "/contacts" });
    expect(await contactRow(contact.id)).toMatchObject({ name: "Asha Rao", optedOut: false, consentSource: "Asked in store on 3 Dec" });
    expect(await historyOf(contact.id)).toEqual([
      { state: "opted_in", source: "Asked in store on 3 Dec", channel: "form" },
      { state: "opted_out", source: "Replied STOP", channel: "sms_reply" },
      { state: "opted_in", source: "Asked at the counter", channel: "form" },
    ]);
  });

  it("refuses PUT /api/contacts/{id} opting a contact back in without a source with 400 {message}, changing nothing", async () => {
    const owner = await createUser();
    const contact = await optedOutContact(owner.id);
    const api = await contactsApiClient(owner.id);
    const { data: current } = await api<Record<string, unknown>>("GET", `/api/contacts/${contact.id}`);
    const before = { row: await contactRow(contact.id), history: await historyOf(contact.id) };
    const bodies = [
      { name: "Asha", mobileNumber: "9812345678", consent: "opted_in" },
      { name: "Asha", mobileNumber: "9812345678", consent: "opted_in", consentSource: "   " },
      // No consent at all is an opt-in too.
      { name: "Asha", mobileNumber: "9812345678" },
      // What GET answered, sent back opted in: the opt-out's source is not where the customer said yes.
      { ...current, consent: "opted_in" },
    ];
    for (const body of bodies) {
      expect(await api("PUT", `/api/contacts/${contact.id}`, body), JSON.stringify(body)).toMatchObject({
        status: 400,
        data: { message: REOPT_IN_NEEDS_SOURCE },
      });
    }
    expect(await contactRow(contact.id)).toEqual(before.row);
    expect(await historyOf(contact.id)).toEqual(before.history);

    const reply = await api("PUT", `/api/contacts/${contact.id}`, {
      ...current,
      consent: "opted_in",
      consentSource: "Website form, 3 Dec",
    });
    expect(reply).toMatchObject({ status: 200, data: { consent: "opted_in", consentSource: "Website form, 3 Dec" } });
    expect((await historyOf(contact.id))[0]).toEqual({ state: "opted_in", source: "Website form, 3 Dec", channel: "api" });
  });

  it("is shown newest first on the contact's page and in GET /api/contacts/{id}", async () => {
    const owner = await createUser();
    const contact = await optedOutContact(owner.id);
    const expected = [
      { state: "opted_out", source: "Replied STOP", channel: "sms_reply", createdAt: expect.any(String) },
      { state: "opted_in", source: "Asked at the counter", channel: "form", createdAt: expect.any(String) },
    ];
    const page = await call<{ consentHistory: { events: unknown[]; total: number } }>(
      editLoader,
      (await signedIn(owner.id)).request(`/edit-contact/${contact.id}`),
      { id: contact.id },
    );
    expect(page.data.consentHistory).toEqual({ events: expected, total: 2 });
    const api = await contactsApiClient(owner.id);
    expect((await api<{ consentHistory: unknown[] }>("GET", `/api/contacts/${contact.id}`)).data.consentHistory).toEqual(expected);
  });

  it("says who a STOP replied by SMS reaches: everyone sharing the platform's header, or only a registered business under its own", async () => {
    const owner = await createUser();
    const contact = await makeContact({ userId: owner.id });
    const page = async () =>
      (
        await call<{ replyRule: string }>(editLoader, (await signedIn(owner.id)).request(`/edit-contact/${contact.id}`), {
          id: contact.id,
        })
      ).data.replyRule;
    expect(await page()).toBe(
      "Your SMS go out under iSent's sender header ISENTL, which other businesses share: a STOP sent to it opts this number out for all of them, you included, and a START opts it back in.",
    );
    expect(await updateSmsRegistration(owner.id, { dltEntityId: "1101234567890123456", senderHeader: "RAOSWT" })).toMatchObject({
      ok: true,
    });
    expect(await page()).toBe(
      "A STOP sent to your own sender header RAOSWT opts this number out of your SMS only; one sent to iSent's shared header ISENTL opts it out for every business that sends under it, you too if you have sent this number iSent's templates.",
    );
  });

  it("shows the latest 20 of a long history, with how many there are", async () => {
    const owner = await createUser();
    const start = Date.now() - 30 * 60_000;
    const consentHistory = Array.from({ length: 25 }, (_, n) => ({
      state: n % 2 ? ("opted_out" as const) : ("opted_in" as const),
      source: `Change ${n + 1}`,
      channel: "form" as const,
      at: new Date(start + n * 60_000),
    }));
    const contact = await makeContact({ userId: owner.id }, { consentHistory });
    const page = await call<{ consentHistory: { events: Array<{ source: string }>; total: number } }>(
      editLoader,
      (await signedIn(owner.id)).request(`/edit-contact/${contact.id}`),
      { id: contact.id },
    );
    expect(page.data.consentHistory.total).toBe(25);
    expect(page.data.consentHistory.events.map((event) => event.source)).toEqual(Array.from({ length: 20 }, (_, n) => `Change ${25 - n}`));
  });

  it("records an SMS reply through recordConsentChange, once, and only for the business's own contact", async () => {
    const owner = await createUser();
    const contact = await makeContact({ userId: owner.id, consentSource: "In store" });
    const stop = { state: "opted_out", source: "Replied STOP", channel: "sms_reply" } as const;
    expect(await recordConsentChange((await createUser()).id, contact.id, stop)).toBeNull();
    expect(await recordConsentChange(owner.id, "not-a-uuid", stop)).toBeNull();
    expect(await historyOf(contact.id)).toHaveLength(1);
    expect(await recordConsentChange(owner.id, contact.id, stop)).toBe("recorded");
    expect(await recordConsentChange(owner.id, contact.id, stop)).toBe("unchanged");
    expect(await contactRow(contact.id)).toMatchObject({ optedOut: true, consentSource: "Replied STOP" });
    expect(await historyOf(contact.id)).toEqual([
      { state: "opted_out", source: "Replied STOP", channel: "sms_reply" },
      { state: "opted_in", source: "In store", channel: "form" },
    ]);
  });
});

describe("a CSV import and the consent history", () => {
  it("adds each new contact's consent and each opt-out, and never opts a contact back in", async () => {
    const owner = await createUser();
    const regular = await makeContact({ userId: owner.id, name: "Ravi", mobileNumber: "+919812345600", consentSource: "In store" });
    const stopped = await optedOutContact(owner.id);
    const before = { row: await contactRow(stopped.id), history: await historyOf(stopped.id) };
    const csv = [
      "name,mobile,consent,consent source",
      "Ravi,9812345600,unsubscribed,Called to say no more", // opts out: an entry
      "Asha,9812345678,opted_in,Website", // tries to opt back in: nothing
      "Kavya,9812345601,,", // new, opted in
      "Meena,9812345602,no,", // new, opted out
    ].join("\n");
    expect(await importContactsNow(owner.id, "diwali.csv", new TextEncoder().encode(csv))).toMatchObject({
      imported: 2,
      updated: 1,
      skipped: 1,
    });

    expect(await historyOf(regular.id)).toEqual([
      { state: "opted_out", source: "Called to say no more", channel: "import" },
      { state: "opted_in", source: "In store", channel: "form" },
    ]);
    expect(await contactRow(stopped.id)).toEqual(before.row);
    expect(await historyOf(stopped.id)).toEqual(before.history);
    expect(await historyOf((await contactByName(owner.id, "Kavya")).id)).toEqual([
      { state: "opted_in", source: "CSV import (diwali.csv)", channel: "import" },
    ]);
    expect(await historyOf((await contactByName(owner.id, "Meena")).id)).toEqual([
      { state: "opted_out", source: "CSV import (diwali.csv)", channel: "import" },
    ]);
  });

  it("gives every contact of a file over several batches exactly one first entry", async () => {
    const owner = await createUser();
    const rows = Array.from({ length: 600 }, (_, n) => `Customer ${n},+91700000${String(n).padStart(4, "0")}`);
    await importContactsNow(owner.id, "big.csv", new TextEncoder().encode(["name,mobile", ...rows].join("\n")));
    const perContact = await test.db
      .select({ contactId: contactConsentEvents.contactId, channel: contactConsentEvents.channel })
      .from(contactConsentEvents)
      .where(eq(contactConsentEvents.userId, owner.id));
    expect(perContact).toHaveLength(600);
    expect(new Set(perContact.map((event) => event.contactId)).size).toBe(600);
    expect(perContact.every((event) => event.channel === "import")).toBe(true);
  });
});
