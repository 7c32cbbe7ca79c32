import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { contacts } from "~/db/schema";
import { makeContact, makeUser } from "~/db/seed/factories.server";
import { issueTokenPair } from "~/models/api-tokens.server";
import { getContactImport, importContactsNow, runContactImport } from "~/models/contact-import.server";
import { ContactLimitError, createContact } from "~/models/contacts.server";
import { action as addAction, loader as addLoader } from "~/routes/_app+/add-contact";
import { action as quickAddAction, loader as quickAddLoader } from "~/routes/_app+/add-customer-contact";
import { action as uploadAction, loader as uploadLoader } from "~/routes/_app+/contacts_.import";
import { action as mapAction, loader as importLoader } from "~/routes/_app+/contacts_.import_.$id";
import { action as apiContactsAction } from "~/routes/api+/contacts";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, SITE, call, formErrors, formPost, freshIp, toastOf } from "../support/http";

// A business here may keep 5 contacts (read by app/config.server.ts when it loads, before the imports above).
vi.hoisted(() => {
  process.env.MAX_CONTACTS_PER_BUSINESS = "5";
});

const test = setupTestDatabase();

const AT_THE_LIMIT = "You have reached the limit of 5 contacts for one business. Delete contacts you no longer need to add new ones.";
const ROW_OVER_THE_LIMIT = "Not added: you have reached the limit of 5 contacts for one business.";

async function businessWith(count: number, mobiles: string[] = []) {
  const owner = await makeUser();
  for (let index = 0; index < count; index++)
    await makeContact({ userId: owner.id, ...(mobiles[index] ? { mobileNumber: mobiles[index] } : {}) });
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(owner.id));
  return { owner, browser };
}

const contactCount = async (userId: string) => (await test.db.select().from(contacts).where(eq(contacts.userId, userId))).length;

describe("the limit of contacts per business (MAX_CONTACTS_PER_BUSINESS)", () => {
  it("the add form takes the last place, then says the limit is reached, before and after a try", async () => {
    const { owner, browser } = await businessWith(4, ["+919812345678"]);
    expect((await browser.visit(addLoader, "/add-contact")).data).toMatchObject({ limitNotice: null });
    const fifth = await browser.submit(addAction, "/add-contact", { name: "Fifth", mobileNumber: "98000 00005" });
    expect(fifth).toMatchObject({ status: 302, location: "/contacts" });

    expect((await browser.visit(addLoader, "/add-contact")).data).toMatchObject({ limitNotice: AT_THE_LIMIT });
    const sixth = await browser.submit(addAction, "/add-contact", { name: "Sixth", mobileNumber: "98000 00006" });
    expect(sixth.status).toBe(409);
    expect(formErrors(sixth)).toMatchObject({ "": [AT_THE_LIMIT] });
    expect((await toastOf(sixth))?.title).toBe("Failed to add contact");
    // A number the business already has is still told as such, with the way to it.
    const again = await browser.submit(addAction, "/add-contact", { name: "Again", mobileNumber: "98123 45678" });
    expect(again.status).toBe(409);
    expect(formErrors(again)).toMatchObject({ mobileNumber: ["A contact with this mobile number already exists"] });
    expect(await contactCount(owner.id)).toBe(5);
  });

  it("the counter's quick add and POST /api/contacts refuse the same way (409 {message})", async () => {
    const { owner, browser } = await businessWith(5);
    expect((await browser.visit(quickAddLoader, "/add-customer-contact")).data).toMatchObject({ total: 5, limitNotice: AT_THE_LIMIT });
    const counter = await browser.submit(quickAddAction, "/add-customer-contact", { name: "Walk-in", mobileNumber: "98000 00007" });
    expect(counter.status).toBe(409);
    expect(formErrors(counter)).toMatchObject({ "": [AT_THE_LIMIT] });

    const api = await call(
      apiContactsAction,
      new Request(new URL("/api/contacts", SITE), {
        method: "POST",
        headers: {
          Authorization: `Bearer ${(await issueTokenPair(owner.id)).accessToken}`,
          "Content-Type": "application/json",
          "X-Forwarded-For": freshIp(),
        },
        body: JSON.stringify({ name: "From the till", mobileNumber: "98000 00008" }),
      }),
    );
    expect(api).toMatchObject({ status: 409, data: { message: AT_THE_LIMIT } });
    expect(await contactCount(owner.id)).toBe(5);
  });

  it("gives the last place to one of several adds at once", async () => {
    const { owner } = await businessWith(4);
    // On PostgreSQL every connection of the pool open first, so that the adds really run side by side.
    await Promise.all(Array.from({ length: 4 }, () => test.db.execute(sql`select pg_sleep(0.05)`)));
    const tries = await Promise.allSettled(
      ["98000 00011", "98000 00012", "98000 00013"].map((mobileNumber) =>
        createContact(
          owner.id,
          {
            name: "Rush",
            mobileNumber: `+91${mobileNumber.replace(" ", "")}`,
            email: null,
            tags: [],
            notes: null,
            consent: "opted_in",
            consentSource: null,
          },
          "api",
        ),
      ),
    );
    expect(tries.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of tries.filter((outcome) => outcome.status === "rejected"))
      expect(outcome.reason).toBeInstanceOf(ContactLimitError);
    expect(await contactCount(owner.id)).toBe(5);
  });

  it("an import adds up to the limit, still updates the contacts there are, and reports every row it could not add", async () => {
    const { owner } = await businessWith(3, ["+919812345678"]);
    const csv = [
      "Name,Mobile,Groups",
      "Ravi Kumar,98123 45678,Regulars", // line 2: already a contact: updated
      "Asha,98000 00021,", // 3: added
      "Bala,12,", // 4: not a mobile number
      "Chitra,98000 00022,", // 5: added (the fifth)
      "Dev,98000 00023,", // 6: no room
      "Esha,98000 00024,", // 7: no room
      "Dev again,98000 00023,VIP", // 8: the same new number: no room either
    ].join("\n");
    const report = await importContactsNow(owner.id, "shop.csv", new TextEncoder().encode(csv));
    expect(report).toMatchObject({ imported: 2, updated: 1 });
    expect(report.errors).toEqual([
      { line: 4, message: "Enter a valid Indian mobile number, e.g. 98123 45678" },
      { line: 6, message: ROW_OVER_THE_LIMIT },
      { line: 7, message: ROW_OVER_THE_LIMIT },
      { line: 8, message: ROW_OVER_THE_LIMIT },
    ]);
    expect(await contactCount(owner.id)).toBe(5);
  });

  it("the import pages say so: no room left on the upload page, less room than rows when matching the columns", async () => {
    const full = await businessWith(5);
    expect((await full.browser.visit(uploadLoader, "/contacts/import")).data).toMatchObject({
      limitNotice:
        "You have reached the limit of 5 contacts for one business: an import updates the contacts you have but adds no new ones.",
    });

    const { owner, browser } = await businessWith(3);
    expect((await browser.visit(uploadLoader, "/contacts/import")).data).toMatchObject({ limitNotice: null });
    const form = new FormData();
    form.set("file", new File(["Name,Mobile\nA,98000 00031\nB,98000 00032\nC,98000 00033\n"], "three.csv", { type: "text/csv" }));
    const uploaded = await call(
      uploadAction,
      new Request(new URL("/contacts/import", SITE), {
        method: "POST",
        headers: { Cookie: browser.cookie, Origin: SITE, "X-Forwarded-For": browser.ip },
        body: form,
      }),
    );
    const importId = /\/contacts\/import\/([0-9a-f-]+)$/.exec(uploaded.location ?? "")![1];
    const matching = await call(importLoader, browser.request(uploaded.location!), { id: importId });
    expect(matching.data).toMatchObject({
      limitNotice: "You can add 2 more contacts (the limit is 5 for one business): rows past that are listed as not added.",
    });
    await call(mapAction, formPost(uploaded.location!, { name: "0", mobileNumber: "1" }, { cookie: browser.cookie }), { id: importId });
    await runContactImport(importId);
    await expect.poll(async () => (await getContactImport(owner.id, importId))?.status, { timeout: 20_000 }).toBe("done");
    expect(await getContactImport(owner.id, importId)).toMatchObject({
      imported: 2,
      errorCount: 1,
      firstErrors: [{ line: 4, message: ROW_OVER_THE_LIMIT }],
    });
  });
});
