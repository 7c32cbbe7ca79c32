import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { contacts } from "~/db/schema";
import { makeContact } from "~/db/seed/factories.server";
import { INVALID_CONTACT_ID, INVALID_MOBILE, NAME_AND_MOBILE_REQUIRED } from "~/lib/schemas/contacts";
import { loader as contactLoader } from "~/routes/api+/contacts_.$id";

import { createUser } from "../support/accounts";
import { contactsApiClient } from "../support/contacts-api";
import { setupTestDatabase } from "../support/database";
import { SITE, call } from "../support/http";

const test = setupTestDatabase();

type ApiContact = { id: string; name: string; mobileNumber: string; email: string | null; tags: string[]; consent: string };

const clientOf = contactsApiClient;

const storedMobiles = async (userId: string) =>
  (await test.db.select({ mobile: contacts.mobileNumber }).from(contacts).where(eq(contacts.userId, userId))).map((row) => row.mobile);

describe("POST /api/contacts", () => {
  it.each(["98123 45678", "+91 98123-45678", "09812345678", "+919812345678"])(
    "stores %j as +919812345678 and answers 201 with it",
    async (typed) => {
      const owner = await createUser();
      const api = await clientOf(owner.id);
      const reply = await api<ApiContact>("POST", "/api/contacts", { name: "Ravi Kumar", mobileNumber: typed, tags: ["Regulars"] });
      expect(reply.status).toBe(201);
      expect(reply.data).toMatchObject({
        name: "Ravi Kumar",
        mobileNumber: "+919812345678",
        tags: ["Regulars"],
        consent: "opted_in",
        email: null,
      });
      expect(await storedMobiles(owner.id)).toEqual(["+919812345678"]);
    },
  );

  it.each<[string, Record<string, unknown>, string]>([
    ["no name", { mobileNumber: "9812345678" }, NAME_AND_MOBILE_REQUIRED],
    ["a whitespace name", { name: "   ", mobileNumber: "9812345678" }, NAME_AND_MOBILE_REQUIRED],
    ["no mobile", { name: "Ravi" }, NAME_AND_MOBILE_REQUIRED],
    ["a 500-character name", { name: "r".repeat(500), mobileNumber: "9812345678" }, "Name must be at most 120 characters"],
    ["letters in the number", { name: "Ravi", mobileNumber: "98123abc45" }, INVALID_MOBILE],
    ["9 digits", { name: "Ravi", mobileNumber: "981234567" }, INVALID_MOBILE],
    ["13 digits", { name: "Ravi", mobileNumber: "9812345678901" }, INVALID_MOBILE],
    ["a landline", { name: "Ravi", mobileNumber: "022 2345 6789" }, INVALID_MOBILE],
    ["a bad email", { name: "Ravi", mobileNumber: "9812345678", email: "ravi@" }, "Please enter a valid email address"],
    ["a NUL in the name", { name: "Ra\u0000vi", mobileNumber: "9812345678" }, "Remove the invisible control characters from this field"],
  ])("refuses %s with 400 and its message, storing nothing", async (_, body, message) => {
    const owner = await createUser();
    const reply = await (await clientOf(owner.id))("POST", "/api/contacts", body);
    expect(reply).toMatchObject({ status: 400, data: { message } });
    expect(await storedMobiles(owner.id)).toEqual([]);
  });

  it("keeps Hindi, emoji and HTML exactly as typed", async () => {
    const owner = await createUser();
    const name = "रवि कुमार 🙂 <b>VIP</b>";
    const reply = await (await clientOf(owner.id))<ApiContact>("POST", "/api/contacts", { name, mobileNumber: "9812345678" });
    expect(reply.data.name).toBe(name);
  });

  it("refuses the same mobile twice in one business with 409 naming the existing contact; another business may have it", async () => {
    const owner = await createUser();
    const neighbour = await createUser();
    const api = await clientOf(owner.id);
    const first = await api<ApiContact>("POST", "/api/contacts", { name: "Ravi", mobileNumber: "98123 45678" });
    const again = await api("POST", "/api/contacts", { name: "Ravi again", mobileNumber: "+91 98123 45678" });
    expect(again).toMatchObject({
      status: 409,
      data: { message: "A contact with this mobile number already exists", existingId: first.data.id },
    });
    expect(await storedMobiles(owner.id)).toEqual(["+919812345678"]);
    expect((await (await clientOf(neighbour.id))("POST", "/api/contacts", { name: "Ravi", mobileNumber: "9812345678" })).status).toBe(201);
  });
});

describe("GET, PUT and DELETE /api/contacts/{id}", () => {
  it("answers the owner with the session cookie as with a token", async () => {
    const owner = await createUser();
    const contact = await makeContact({ userId: owner.id, name: "Asha" });
    for (const api of [await clientOf(owner.id), await clientOf(owner.id, { cookie: true })]) {
      expect(await api("GET", `/api/contacts/${contact.id}`)).toMatchObject({ status: 200, data: { id: contact.id, name: "Asha" } });
    }
  });

  it("updates a contact, normalising the number, and refuses another contact's number with 409", async () => {
    const owner = await createUser();
    const asha = await makeContact({ userId: owner.id, name: "Asha" });
    const bala = await makeContact({ userId: owner.id, name: "Bala", mobileNumber: "+919900011122" });
    const api = await clientOf(owner.id);
    const updated = await api("PUT", `/api/contacts/${asha.id}`, {
      name: "Asha Rao",
      mobileNumber: "09812345678",
      consent: "opted_out",
      consentSource: "asked in store",
    });
    expect(updated).toMatchObject({
      status: 200,
      data: { name: "Asha Rao", mobileNumber: "+919812345678", consent: "opted_out", consentSource: "asked in store" },
    });
    const clash = await api("PUT", `/api/contacts/${asha.id}`, { name: "Asha Rao", mobileNumber: "99000 11122" });
    expect(clash).toMatchObject({ status: 409, data: { existingId: bala.id } });
  });

  it("deletes a contact once; then it is 404", async () => {
    const owner = await createUser();
    const contact = await makeContact({ userId: owner.id });
    const api = await clientOf(owner.id);
    expect(await api("DELETE", `/api/contacts/${contact.id}`)).toMatchObject({ status: 200, data: { success: true } });
    expect(await api("DELETE", `/api/contacts/${contact.id}`)).toMatchObject({ status: 404, data: { message: "Contact not found" } });
    expect(await api("GET", `/api/contacts/${contact.id}`)).toMatchObject({ status: 404 });
  });

  it("treats another business's contact exactly as an unknown one: 404 for GET, PUT and DELETE, and nothing changes", async () => {
    const owner = await createUser();
    const intruder = await createUser();
    const contact = await makeContact({ userId: owner.id, name: "Asha" });
    const api = await clientOf(intruder.id);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const id of [contact.id, unknown]) {
      expect(await api("GET", `/api/contacts/${id}`)).toMatchObject({ status: 404, data: { message: "Contact not found" } });
      expect(await api("PUT", `/api/contacts/${id}`, { name: "Hacked", mobileNumber: "9812345678" })).toMatchObject({ status: 404 });
      expect(await api("DELETE", `/api/contacts/${id}`)).toMatchObject({ status: 404 });
    }
    const [row] = await test.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row.name).toBe("Asha");
    expect((await api<ApiContact[]>("GET", "/api/contacts")).data).toEqual([]);
  });

  it.each(["not-a-uuid", "123", "%00"])("answers 400 'Invalid contact ID' for the id %j", async (id) => {
    const api = await clientOf((await createUser()).id);
    expect(await api("GET", `/api/contacts/${id}`)).toMatchObject({ status: 400, data: { message: INVALID_CONTACT_ID } });
    expect(await api("DELETE", `/api/contacts/${id}`)).toMatchObject({ status: 400, data: { message: INVALID_CONTACT_ID } });
  });

  it("refuses a caller with no credentials with 401", async () => {
    const contact = await makeContact();
    const reply = await call(contactLoader, new Request(new URL(`/api/contacts/${contact.id}`, SITE)), { id: contact.id });
    expect(reply.status).toBe(401);
  });
});

describe("GET /api/contacts", () => {
  it("lists the owner's contacts newest first, searched, by group, in windows of at most 500", async () => {
    const owner = await createUser();
    const start = Date.now() - 10 * 60_000;
    for (const [index, name] of ["Asha", "Bala", "Chitra"].entries()) {
      await makeContact({ userId: owner.id, name, tags: index === 1 ? ["Wholesale"] : [], createdAt: new Date(start + index * 60_000) });
    }
    const api = await clientOf(owner.id);
    const names = async (query: string) => (await api<ApiContact[]>("GET", `/api/contacts${query}`)).data.map((contact) => contact.name);
    expect(await names("")).toEqual(["Chitra", "Bala", "Asha"]);
    expect(await names("?q=bal")).toEqual(["Bala"]);
    expect(await names("?tag=Wholesale")).toEqual(["Bala"]);
    expect(await names("?limit=1&offset=1")).toEqual(["Bala"]);
    expect(await names("?limit=100000")).toEqual(["Chitra", "Bala", "Asha"]);
  });
});
