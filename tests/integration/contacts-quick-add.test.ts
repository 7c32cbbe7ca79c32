import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { INVALID_MOBILE, NAME_AND_MOBILE_REQUIRED } from "~/lib/schemas/contacts";
import { action as quickAddAction, loader as quickAddLoader } from "~/routes/_app+/add-customer-contact";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, EVIL_SITE, formErrors, toastOf } from "../support/http";

const test = setupTestDatabase();

const QUICK_ADD = "/add-customer-contact";

type QuickAddPage = { added: { id: string; name: string; mobileNumber: string } | null; total: number };

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

const contactsOf = (userId: string) => test.db.select().from(contacts).where(eq(contacts.userId, userId));

const quickAddPage = (browser: Browser, path = QUICK_ADD) => browser.visit<QuickAddPage>(quickAddLoader, path);

describe("the quick counter form (/add-customer-contact)", () => {
  it("adds the customer opted in at the counter, then shows an empty form with 'Contact added' and the one just added", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    expect((await quickAddPage(browser)).data).toEqual({ added: null, total: 0, limitNotice: null });

    const reply = await browser.submit(quickAddAction, QUICK_ADD, { name: "Ravi", mobileNumber: "098123 45678" });
    expect(reply.status).toBe(302);
    expect((await toastOf(reply))?.title).toBe("Contact added");
    const [saved] = await contactsOf(owner.id);
    expect(saved).toMatchObject({ name: "Ravi", mobileNumber: "+919812345678", optedOut: false, consentSource: "Added at the counter" });
    expect(saved.consentAt).toBeInstanceOf(Date);
    expect(reply.location).toBe(`${QUICK_ADD}?added=${saved.id}`);

    const next = await quickAddPage(browser, reply.location!);
    expect(next.data).toEqual({ added: { id: saved.id, name: "Ravi", mobileNumber: "+919812345678" }, total: 1, limitNotice: null });
  });

  it("keeps Hindi, emoji and HTML in a name exactly, and takes nothing but the name and mobile", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    const name = "रवि कुमार 🙂 <b>VIP</b>";
    const reply = await browser.submit(quickAddAction, QUICK_ADD, {
      name,
      mobileNumber: "+91 99000-11122",
      email: "ravi@mail.example",
      tags: "Regulars",
      consent: "opted_out",
    });
    expect(reply.status).toBe(302);
    expect(await contactsOf(owner.id)).toMatchObject([
      { name, mobileNumber: "+919900011122", email: null, tags: [], optedOut: false, consentSource: "Added at the counter" },
    ]);
  });

  it("refuses bad input with its message and 'Failed to add contact', adding nothing", async () => {
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { name: [NAME_AND_MOBILE_REQUIRED], mobileNumber: [NAME_AND_MOBILE_REQUIRED] }],
      [
        { name: "   ", mobileNumber: " " },
        { name: [NAME_AND_MOBILE_REQUIRED], mobileNumber: [NAME_AND_MOBILE_REQUIRED] },
      ],
      [{ name: "Ravi", mobileNumber: "98123abcde" }, { mobileNumber: [INVALID_MOBILE] }],
      [{ name: "Ravi", mobileNumber: "981234567" }, { mobileNumber: [INVALID_MOBILE] }],
      [{ name: "Ravi", mobileNumber: "9812345678123" }, { mobileNumber: [INVALID_MOBILE] }],
      [{ name: "Ravi", mobileNumber: "022 2345 6789" }, { mobileNumber: [INVALID_MOBILE] }],
      [{ name: "R".repeat(500), mobileNumber: "98123 45678" }, { name: ["Name must be at most 120 characters"] }],
    ];
    for (const [fields, errors] of cases) {
      const reply = await browser.submit(quickAddAction, QUICK_ADD, fields);
      expect(reply.status, JSON.stringify(fields)).toBe(400);
      expect(formErrors(reply)).toMatchObject(errors);
      expect((await toastOf(reply))?.title).toBe("Failed to add contact");
    }
    expect(await contactsOf(owner.id)).toEqual([]);
  });

  it("refuses a mobile the business already has (409) with the contact to open; another business may add it", async () => {
    const owner = await createUser();
    const existing = await makeContact({ userId: owner.id, name: "Asha", mobileNumber: "+919812345678" });
    const reply = await (await signedIn(owner.id)).submit(quickAddAction, QUICK_ADD, { name: "Ravi", mobileNumber: "+91 98123-45678" });
    expect(reply.status).toBe(409);
    expect(reply.data).toMatchObject({ duplicateOf: existing.id });
    expect(formErrors(reply)).toMatchObject({ mobileNumber: ["A contact with this mobile number already exists"] });
    expect((await toastOf(reply))?.title).toBe("Failed to add contact");
    expect(await contactsOf(owner.id)).toMatchObject([{ name: "Asha" }]);

    const neighbour = await createUser();
    const added = await (await signedIn(neighbour.id)).submit(quickAddAction, QUICK_ADD, { name: "Ravi", mobileNumber: "98123 45678" });
    expect(added.status).toBe(302);
  });

  it("shows nothing for another business's contact, an unknown id or a malformed one in ?added=", async () => {
    const owner = await createUser();
    const theirs = await makeContact({ userId: owner.id, name: "Asha" });
    const intruder = await signedIn((await createUser()).id);
    for (const added of [theirs.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid", ""]) {
      const page = await quickAddPage(intruder, `${QUICK_ADD}?added=${encodeURIComponent(added)}`);
      expect(page).toMatchObject({ status: 200, data: { added: null, total: 0 } });
    }
  });

  it("is for a signed-in business, and refuses a post from another site", async () => {
    expect(await quickAddPage(new Browser())).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fadd-customer-contact" });
    const owner = await createUser();
    const browser = await signedIn(owner.id);
    const forged = await browser.submit(quickAddAction, QUICK_ADD, { name: "Ravi", mobileNumber: "98123 45678" }, { origin: EVIL_SITE });
    expect(forged.status).toBe(403);
    expect(await contactsOf(owner.id)).toEqual([]);
  });
});
