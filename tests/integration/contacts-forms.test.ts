import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { INVALID_MOBILE, NAME_AND_MOBILE_REQUIRED } from "~/lib/schemas/contacts";
import { action as addAction } from "~/routes/_app+/add-contact";
import { loader as contactsLoader } from "~/routes/_app+/contacts";
import { action as editAction, loader as editLoader } from "~/routes/_app+/edit-contact.$id";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, call, formErrors, formPost, toastOf, type Reply } from "../support/http";

const test = setupTestDatabase();

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

const editPost = (browser: Browser, id: string, fields: Record<string, string>) =>
  call(editAction, formPost(`/edit-contact/${id}`, fields, { cookie: browser.cookie, ip: browser.ip }), { id });

const editPage = (browser: Browser, id: string) => call(editLoader, browser.request(`/edit-contact/${id}`), { id });

const toastTitle = async (reply: Reply) =>
  (await toastOf(reply))?.title ?? (reply.data as { toast?: { title: string } } | null)?.toast?.title;

const contactsOf = (userId: string) => test.db.select().from(contacts).where(eq(contacts.userId, userId));

describe("the add and edit contact forms (no JavaScript)", () => {
  it("adds a contact, normalising the mobile, then back to the list with 'Contact added'", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    const reply = await browser.submit(addAction, "/add-contact", { name: "Ravi", mobileNumber: "098123 45678", tags: "Regulars, Diwali" });
    expect(reply).toMatchObject({ status: 302, location: "/contacts" });
    expect(await toastTitle(reply)).toBe("Contact added");
    expect(await contactsOf(owner.id)).toMatchObject([{ name: "Ravi", mobileNumber: "+919812345678", tags: ["Regulars", "Diwali"] }]);
  });

  it("refuses a bad form with its messages and 'Failed to add contact', adding nothing", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    const empty = await browser.submit(addAction, "/add-contact", { name: " ", mobileNumber: "" });
    expect(empty.status).toBe(400);
    expect(formErrors(empty)).toMatchObject({ name: [NAME_AND_MOBILE_REQUIRED], mobileNumber: [NAME_AND_MOBILE_REQUIRED] });
    expect(await toastTitle(empty)).toBe("Failed to add contact");
    const landline = await browser.submit(addAction, "/add-contact", { name: "Ravi", mobileNumber: "022 2345 6789" });
    expect(formErrors(landline)).toMatchObject({ mobileNumber: [INVALID_MOBILE] });
    expect(await contactsOf(owner.id)).toEqual([]);
  });

  it("answers a mobile the business already has with 409 and the contact to open", async () => {
    const owner = await createUser();
    const existing = await makeContact({ userId: owner.id, mobileNumber: "+919812345678" });
    const reply = await (await signedIn(owner.id)).submit(addAction, "/add-contact", { name: "Ravi", mobileNumber: "98123 45678" });
    expect(reply.status).toBe(409);
    expect((reply.data as { duplicateOf: string }).duplicateOf).toBe(existing.id);
  });

  it("edits a contact ('Contact updated') and deletes it after a confirm step ('Contact deleted')", async () => {
    const owner = await createUser();
    const contact = await makeContact({ userId: owner.id, name: "Asha" });
    const browser = await signedIn(owner.id);
    expect((await editPage(browser, contact.id)).status).toBe(200);

    const saved = await editPost(browser, contact.id, { name: "Asha Rao", mobileNumber: "99000 11122", consent: "opted_out" });
    expect(saved).toMatchObject({ status: 302, location: "/contacts" });
    expect(await toastTitle(saved)).toBe("Contact updated");
    expect(await contactsOf(owner.id)).toMatchObject([{ name: "Asha Rao", mobileNumber: "+919900011122", optedOut: true }]);

    const asked = await editPost(browser, contact.id, { intent: "delete" });
    expect(asked.data).toMatchObject({ confirmDelete: true });
    expect(await contactsOf(owner.id)).toHaveLength(1);
    const deleted = await editPost(browser, contact.id, { intent: "confirm-delete" });
    expect(deleted).toMatchObject({ status: 302, location: "/contacts" });
    expect(await toastTitle(deleted)).toBe("Contact deleted");
    expect(await contactsOf(owner.id)).toEqual([]);
  });

  it("answers another business's contact, an unknown id and a malformed one alike (404), changing nothing", async () => {
    const owner = await createUser();
    const contact = await makeContact({ userId: owner.id, name: "Asha" });
    const intruder = await signedIn((await createUser()).id);
    expect((await editPage(intruder, contact.id)).status).toBe(404);
    expect((await editPost(intruder, contact.id, { name: "Hacked", mobileNumber: "9812345678" })).status).toBe(404);
    expect((await editPost(intruder, contact.id, { intent: "delete" })).status).toBe(404);
    expect((await editPost(intruder, contact.id, { intent: "confirm-delete" })).status).toBe(404);
    expect(await contactsOf(owner.id)).toMatchObject([{ name: "Asha" }]);
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await editPage(intruder, id)).status).toBe(404);
      expect((await editPost(intruder, id, { name: "Hacked", mobileNumber: "9812345678" })).status).toBe(404);
      expect((await editPost(intruder, id, { intent: "delete" })).status).toBe(404);
    }
  });

  it("deletes from the list's row through the same action; a contact already gone answers 404 'Failed to delete contact'", async () => {
    const owner = await createUser();
    const [kept, gone] = [await makeContact({ userId: owner.id, name: "Asha" }), await makeContact({ userId: owner.id, name: "Ravi" })];
    const browser = await signedIn(owner.id);
    const list = async () => (await browser.visit<{ total: number; contacts: { id: string }[] }>(contactsLoader, "/contacts")).data;
    expect(await list()).toMatchObject({ total: 2 });

    // Without JavaScript the row's Delete opens the confirm step; with it the row confirms inline and sends confirm-delete.
    // Either way it goes back to the list as it was, its search and page kept (and only to a contacts list).
    const back = "/contacts?q=a&page=2";
    expect((await editPost(browser, gone.id, { intent: "delete", redirectTo: back })).data).toMatchObject({
      confirmDelete: true,
      backTo: back,
    });
    expect((await editPost(browser, gone.id, { intent: "delete", redirectTo: "//evil.example/contacts" })).data).toMatchObject({
      backTo: null,
    });
    expect((await editPost(browser, gone.id, { intent: "delete", redirectTo: "/app" })).data).toMatchObject({ backTo: null });
    const deleted = await editPost(browser, gone.id, { intent: "confirm-delete", redirectTo: back });
    expect(deleted).toMatchObject({ status: 302, location: back });
    expect(await toastTitle(deleted)).toBe("Contact deleted");
    expect(await list()).toMatchObject({ total: 1, contacts: [{ id: kept.id }] });

    // Deleted meanwhile (another tab): the row comes back with the failure toast.
    const again = await editPost(browser, gone.id, { intent: "confirm-delete" });
    expect(again.status).toBe(404);
    expect(await toastTitle(again)).toBe("Failed to delete contact");
    expect(await list()).toMatchObject({ total: 1 });
  });
});
