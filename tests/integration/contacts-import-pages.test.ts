import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contactImports, contacts } from "~/db/schema";
import { makeContact, makeUser } from "~/db/seed/factories.server";
import { NOT_A_CSV } from "~/lib/contact-csv";
import {
  CHOOSE_A_FILE,
  IMPORTS_PER_HOUR,
  NAME_AND_MOBILE_COLUMNS,
  TOO_LARGE,
  getContactImport,
  runContactImport,
} from "~/models/contact-import.server";
import { loader as exportLoader } from "~/routes/_app+/contacts_.export[.]csv";
import { action as uploadAction } from "~/routes/_app+/contacts_.import";
import { action as mapAction, loader as importLoader } from "~/routes/_app+/contacts_.import_.$id";
import { loader as errorsLoader } from "~/routes/_app+/contacts_.import_.$id_.errors[.]csv";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { Browser, SITE, call, formPost, freshIp } from "../support/http";

const test = setupTestDatabase();

async function signedIn(userId: string) {
  const browser = new Browser();
  browser.setCookie(await sessionCookieFor(userId));
  return browser;
}

/** The upload form's post: the file as a multipart part, as a browser sends it. */
async function upload(browser: Browser, file: File | null) {
  const form = new FormData();
  if (file) form.set("file", file);
  const request = new Request(new URL("/contacts/import", SITE), {
    method: "POST",
    headers: { Cookie: browser.cookie, Origin: SITE, "X-Forwarded-For": browser.ip },
    body: form,
  });
  return call<{ error: string }>(uploadAction, request);
}

const csvFile = (text: string, name = "shop.csv") => new File([text], name, { type: "text/csv" });
const importIdFrom = (location: string | null) => /\/contacts\/import\/([0-9a-f-]+)$/.exec(location ?? "")?.[1] ?? "";

describe("the import pages (no JavaScript)", () => {
  it("uploads, matches the columns, imports, reports and offers the rejected rows as CSV", async () => {
    const owner = await makeUser();
    const browser = await signedIn(owner.id);
    const uploaded = await upload(browser, csvFile("Phone,Customer\n98123 45678,Ravi\n12,Asha\n"));
    expect(uploaded.status).toBe(302);
    const importId = importIdFrom(uploaded.location);

    const step2 = await call<{ contactImport: { status: string; mapping: object } }>(importLoader, browser.request(uploaded.location!), {
      id: importId,
    });
    expect(step2.data.contactImport).toMatchObject({ status: "mapping", mapping: { name: 1, mobileNumber: 0 } });

    const withoutMobile = await call(mapAction, formPost(uploaded.location!, { name: "1", mobileNumber: "" }, { cookie: browser.cookie }), {
      id: importId,
    });
    expect(withoutMobile).toMatchObject({ status: 400, data: { error: NAME_AND_MOBILE_COLUMNS } });
    const mapped = await call(
      mapAction,
      formPost(uploaded.location!, { name: "1", mobileNumber: "0", email: "" }, { cookie: browser.cookie }),
      { id: importId },
    );
    expect(mapped).toMatchObject({ status: 302, location: uploaded.location });
    // The queued job runs it in the background; running it here too imports it once all the same.
    await runContactImport(importId);
    await expect.poll(async () => (await getContactImport(owner.id, importId))?.status, { timeout: 20_000 }).toBe("done");

    const report = await call<{ contactImport: object }>(importLoader, browser.request(uploaded.location!), { id: importId });
    expect(report.data.contactImport).toMatchObject({ status: "done", imported: 1, errorCount: 1 });
    const errors = await call<string>(errorsLoader, browser.request(`${uploaded.location}/errors.csv`), { id: importId });
    expect(errors.headers.get("Content-Disposition")).toBe('attachment; filename="rejected-shop.csv"');
    // (Read as text, the byte-order mark is dropped; the export's test sees it.)
    expect(errors.data).toBe('Line,Reason,Phone,Customer\r\n3,"Enter a valid Indian mobile number, e.g. 98123 45678",12,Asha\r\n');
  });

  it.each<[string, File | null, string]>([
    ["no file", null, CHOOSE_A_FILE],
    ["a PNG renamed .csv", new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])], "logo.csv"), NOT_A_CSV],
    ["a file over 5 MB", csvFile(`name,mobile\n${"a,9812345678\n".repeat(450_000)}`), TOO_LARGE],
  ])("answers %s with its message and keeps nothing", async (_case, file, message) => {
    const owner = await makeUser();
    const reply = await upload(await signedIn(owner.id), file);
    expect(reply).toMatchObject({ status: 400, data: { error: message } });
    expect(await test.db.select().from(contactImports).where(eq(contactImports.userId, owner.id))).toEqual([]);
  });

  it("allows a business 20 uploads an hour, then answers 429 with the wait, keeping nothing", async () => {
    const owner = await makeUser();
    const browser = await signedIn(owner.id);
    for (let upload_ = 0; upload_ < IMPORTS_PER_HOUR.limit; upload_++) {
      expect((await upload(browser, csvFile("name,mobile\nRavi,9812345678\n"))).status).toBe(302);
    }
    const refused = await upload(browser, csvFile("name,mobile\nAsha,9812345679\n"));
    expect(refused.status).toBe(429);
    expect(refused.data.error).toMatch(/^Too many attempts/);
    expect(
      await test.db.select({ status: contactImports.status }).from(contactImports).where(eq(contactImports.userId, owner.id)),
    ).toHaveLength(1);
    // Another business is counted on its own.
    expect((await upload(await signedIn((await makeUser()).id), csvFile("name,mobile\nAsha,9812345679\n"))).status).toBe(302);
  });

  it("shows, maps and reports an import to its own business only (404 to another)", async () => {
    const owner = await makeUser();
    const uploaded = await upload(await signedIn(owner.id), csvFile("name,mobile\nRavi,9812345678\n"));
    const importId = importIdFrom(uploaded.location);
    const stranger = await signedIn((await makeUser()).id);
    const path = `/contacts/import/${importId}`;
    expect((await call(importLoader, stranger.request(path), { id: importId })).status).toBe(404);
    expect(
      (await call(mapAction, formPost(path, { name: "0", mobileNumber: "1" }, { cookie: stranger.cookie }), { id: importId })).status,
    ).toBe(404);
    expect((await call(errorsLoader, stranger.request(`${path}/errors.csv`), { id: importId })).status).toBe(404);
    expect((await call(importLoader, stranger.request("/contacts/import/nope"), { id: "nope" })).status).toBe(404);
    expect(await test.db.select({ status: contactImports.status }).from(contactImports).where(eq(contactImports.id, importId))).toEqual([
      { status: "mapping" },
    ]);
  });
});

describe("/contacts/export.csv", () => {
  it("downloads the business's own contacts (those the search matches) as CSV, and nobody else's", async () => {
    const owner = await makeUser();
    await makeContact({ userId: owner.id, name: "Ravi", mobileNumber: "+919812345678", tags: ["Regulars"], consentSource: "In store" });
    await makeContact({ userId: owner.id, name: "Asha", mobileNumber: "+919812345679" });
    await makeContact({ name: "Someone else's", mobileNumber: "+919812345670" });
    const browser = await signedIn(owner.id);
    const reply = await exportLoader({ request: browser.request("/contacts/export.csv?tag=Regulars"), params: {}, context: {} });
    expect(reply.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(reply.headers.get("Content-Disposition")).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/);
    // Byte for byte: the UTF-8 byte-order mark first, for Excel.
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(await reply.arrayBuffer())).toBe(
      "\uFEFFName,Mobile number,Email,Groups,Notes,Consent,Consent source\r\nRavi,+919812345678,,Regulars,,opted_in,In store\r\n",
    );
    const everything = await call<string>(exportLoader, browser.request("/contacts/export.csv"));
    expect(everything.data.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(everything.data).not.toContain("Someone else's");
  });

  it("sends a visitor who is not signed in to the login", async () => {
    const reply = await call(
      exportLoader,
      new Request(new URL("/contacts/export.csv", SITE), { headers: { "X-Forwarded-For": freshIp() } }),
    );
    expect(reply.status).toBe(302);
    expect(reply.location).toMatch(/^\/login/);
    expect(await test.db.select().from(contacts).where(eq(contacts.name, "never"))).toEqual([]);
  });
});
