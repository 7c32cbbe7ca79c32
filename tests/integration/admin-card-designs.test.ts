import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { businessCardDesigns } from "~/db/schema";
import { makeUser } from "~/db/seed/factories.server";
import { CARD_DESIGN_MESSAGES, cardDesignNameTaken, lowContrast } from "~/lib/schemas/admin-card-designs";
import { contrastRatio } from "~/lib/card-svg";
import { listAdminActions } from "~/models/admin-audit.server";
import { createCardDesign, getCardDesignForAdmin, setCardDesignActive } from "~/models/admin-card-designs.server";
import { getPublicBusinessCard, listCardDesigns, saveBusinessCard } from "~/models/business-cards.server";
import { action as listAction, loader as listLoader } from "~/routes/admin+/business-cards";
import { action as editAction, loader as editLoader } from "~/routes/admin+/business-cards_.$id";
import { loader as previewLoader } from "~/routes/admin+/business-cards_.$id_.preview[.]webp";
import { action as newAction } from "~/routes/admin+/business-cards_.new";

import { actingAdmin, adminCookie } from "../support/admin";
import { createUser, sessionCookieFor } from "../support/accounts";
import { CARD_PROFILE } from "../support/card-profile";
import { setupTestDatabase } from "../support/database";
import { call, formErrors, formPost, formValues, getRequest, toastOf, type RouteHandler } from "../support/http";
import { useTemporaryStorage } from "../support/storage";

const test = setupTestDatabase();
useTemporaryStorage("admin-cards");

let counter = 0;
const unique = (label: string) => `${label} ${++counter}${Math.random().toString(36).slice(2, 6)}`;

/** A good design's form fields; `overrides` changes some. */
const designFields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  name: unique("Monsoon"),
  style: "bold",
  font: "serif",
  background: "#0f3d2e",
  foreground: "#f8fafc",
  accent: "#fbbf24",
  sortOrder: "7",
  ...overrides,
});

async function adminPost(handler: RouteHandler, path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  return call(handler, formPost(path, fields, { cookie: await adminCookie() }), params);
}

const designCount = async () => (await test.db.select({ id: businessCardDesigns.id }).from(businessCardDesigns)).length;

async function newDesign(overrides: Record<string, string> = {}) {
  const reply = await adminPost(newAction, "/admin/business-cards/new", designFields(overrides));
  expect(reply.status, JSON.stringify(reply.data)).toBe(302);
  return reply.location!.split("/").pop()!;
}

describe("adding a card design", () => {
  it("stores it (colours upper-cased), offers it in the businesses' chooser at once, and writes its audit row", async () => {
    const fields = designFields();
    const reply = await adminPost(newAction, "/admin/business-cards/new", fields);
    expect(reply.status).toBe(302);
    const id = reply.location!.split("/").pop()!;
    expect(reply.location).toBe(`/admin/business-cards/${id}`);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: `Card design ${fields.name} added` });
    expect(await getCardDesignForAdmin(id)).toMatchObject({
      name: fields.name,
      isActive: true,
      sortOrder: 7,
      cards: 0,
      layout: { style: "bold", font: "serif", background: "#0F3D2E", foreground: "#F8FAFC", accent: "#FBBF24" },
    });
    expect((await listCardDesigns()).map((design) => design.id)).toContain(id);
    expect((await listAdminActions({ entityType: "business_card_design", entityId: id }))[0]).toMatchObject({
      action: "add_card_design",
      after: expect.objectContaining({ name: fields.name, style: "bold" }),
    });
  });

  it.each([
    ["a colour that is not #RRGGBB", { background: "red" }, "background", CARD_DESIGN_MESSAGES.colour],
    ["a three-digit colour", { accent: "#fff" }, "accent", CARD_DESIGN_MESSAGES.colour],
    ["markup in a colour", { foreground: '#000000"/><script>' }, "foreground", CARD_DESIGN_MESSAGES.colour],
    ["an unknown layout", { style: "wavy" }, "style", CARD_DESIGN_MESSAGES.chooseStyle],
    ["an unknown font", { font: "comic-sans" }, "font", CARD_DESIGN_MESSAGES.chooseFont],
    ["no name", { name: "  " }, "name", CARD_DESIGN_MESSAGES.nameRequired],
    ["a negative place", { sortOrder: "-1" }, "sortOrder", CARD_DESIGN_MESSAGES.sortOrder],
    ["a place that is not a number", { sortOrder: "first" }, "sortOrder", CARD_DESIGN_MESSAGES.sortOrder],
  ])("refuses %s with a clear message; nothing is stored", async (_case, overrides, field, message) => {
    const before = await designCount();
    const reply = await adminPost(newAction, "/admin/business-cards/new", designFields(overrides));
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.[field]).toEqual([message]);
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Design not added" });
    expect(await designCount()).toBe(before);
  });

  it("refuses text too close to its background, saying the contrast, and keeps what was typed", async () => {
    const before = await designCount();
    const fields = designFields({ background: "#FFFFFF", foreground: "#BBBBBB" });
    const reply = await adminPost(newAction, "/admin/business-cards/new", fields);
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.foreground).toEqual([lowContrast(contrastRatio("#BBBBBB", "#FFFFFF"))]);
    expect(formErrors(reply)?.foreground?.[0]).toMatch(/contrast 1\.\d:1, at least 4\.5:1 is needed/);
    expect(formValues(reply)).toMatchObject({ name: fields.name, foreground: "#BBBBBB" });
    expect(await designCount()).toBe(before);
  });

  it("refuses another design's name, in any case", async () => {
    const name = unique("Peacock");
    await newDesign({ name });
    const reply = await adminPost(newAction, "/admin/business-cards/new", designFields({ name: name.toUpperCase() }));
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.name).toEqual([cardDesignNameTaken(name)]);
  });

  it("with Preview, draws the design as sent without storing it", async () => {
    const before = await designCount();
    const reply = await adminPost(newAction, "/admin/business-cards/new", designFields({ intent: "preview", name: "Just looking" }));
    expect(reply.status).toBe(200);
    expect(formValues(reply)).toMatchObject({ name: "Just looking", background: "#0f3d2e" });
    expect(await designCount()).toBe(before);
  });
});

describe("editing a card design", () => {
  it("saves the change with before and after in its audit row; an unknown id is 404", async () => {
    const id = await newDesign();
    const name = unique("Renamed");
    const reply = await adminPost(editAction, `/admin/business-cards/${id}`, designFields({ name, style: "minimal", font: "display" }), {
      id,
    });
    expect(reply.status).toBe(302);
    expect((await toastOf(reply))?.title).toBe(`Card design ${name} saved`);
    expect(await getCardDesignForAdmin(id)).toMatchObject({ name, layout: expect.objectContaining({ style: "minimal", font: "display" }) });
    const [audit] = await listAdminActions({ entityType: "business_card_design", entityId: id });
    expect(audit).toMatchObject({
      action: "edit_card_design",
      before: expect.objectContaining({ style: "bold" }),
      after: expect.objectContaining({ style: "minimal" }),
    });

    for (const unknown of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await adminPost(editAction, `/admin/business-cards/${unknown}`, designFields(), { id: unknown })).status).toBe(404);
      expect(
        (await call(editLoader, getRequest(`/admin/business-cards/${unknown}`, { cookie: await adminCookie() }), { id: unknown })).status,
      ).toBe(404);
      expect(
        (
          await call(previewLoader, getRequest(`/admin/business-cards/${unknown}/preview.webp`, { cookie: await adminCookie() }), {
            id: unknown,
          })
        ).status,
      ).toBe(404);
    }
  });

  it("refuses a bad colour on edit, and the design is unchanged", async () => {
    const id = await newDesign();
    const before = await getCardDesignForAdmin(id);
    const reply = await adminPost(editAction, `/admin/business-cards/${id}`, designFields({ background: "#12345G" }), { id });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.background).toEqual([CARD_DESIGN_MESSAGES.colour]);
    expect(await getCardDesignForAdmin(id)).toEqual(before);
  });
});

describe("enabling and disabling a design", () => {
  it("takes a disabled design out of the chooser; a card saved with it keeps it", async () => {
    const id = await newDesign();
    const owner = await makeUser(CARD_PROFILE);
    const card = await saveBusinessCard(owner.id, {
      designId: id,
      title: null,
      tagline: null,
      email: null,
      website: null,
      showMobile: true,
    });
    expect(card).not.toBeNull();

    const reply = await adminPost(listAction, "/admin/business-cards", { intent: "disable", designId: id });
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({
      title: expect.stringMatching(/^Card design .* disabled$/),
      description: "It is no longer offered to businesses. The 1 card that uses it keeps it.",
    });
    expect((await listCardDesigns()).map((design) => design.id)).not.toContain(id);
    expect(await getPublicBusinessCard(card!.id)).toMatchObject({ design: expect.objectContaining({ style: "bold" }) });
    // Another business cannot choose it now.
    const other = await makeUser();
    expect(
      await saveBusinessCard(other.id, { designId: id, title: null, tagline: null, email: null, website: null, showMobile: true }),
    ).toBeNull();

    const again = await adminPost(editAction, `/admin/business-cards/${id}`, { intent: "enable" }, { id });
    expect(again.status).toBe(302);
    expect(again.location).toBe(`/admin/business-cards/${id}`);
    expect((await listCardDesigns()).map((design) => design.id)).toContain(id);
    expect((await listAdminActions({ entityType: "business_card_design", entityId: id })).map((entry) => entry.action)).toEqual([
      "enable_card_design",
      "disable_card_design",
      "add_card_design",
    ]);
  });

  it("disabling twice changes nothing the second time", async () => {
    const id = await newDesign();
    await setCardDesignActive(await actingAdmin(), id, false);
    expect(await setCardDesignActive(await actingAdmin(), id, false)).toMatchObject({ ok: true, changed: false });
    expect(await listAdminActions({ entityType: "business_card_design", entityId: id })).toHaveLength(2);
  });
});

describe("the admin's list and previews", () => {
  it("lists disabled designs too, each with a preview drawn with the sample business", async () => {
    const id = await newDesign();
    await setCardDesignActive(await actingAdmin(), id, false);
    const page = await call<{ designs: { id: string; isActive: boolean; previewUrl: string }[] }>(
      listLoader,
      getRequest("/admin/business-cards", { cookie: await adminCookie() }),
    );
    const listed = page.data.designs.find((design) => design.id === id)!;
    expect(listed.isActive).toBe(false);
    expect(listed.previewUrl).toMatch(new RegExp(`^/admin/business-cards/${id}/preview\\.webp\\?v=[0-9a-f]{16}$`));
    const image = await call(previewLoader, getRequest(listed.previewUrl, { cookie: await adminCookie() }), { id });
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/webp");
  });

  it("refuses a signed-in business and an anonymous visitor", async () => {
    const business = await createUser();
    const id = (await createCardDesign(await actingAdmin(), {
      name: unique("Guarded"),
      style: "classic",
      font: "sans",
      background: "#FFFFFF",
      foreground: "#111111",
      accent: "#1D4ED8",
      sortOrder: 0,
    })) as { id: string };
    for (const options of [{ cookie: await sessionCookieFor(business.id) }, {}]) {
      const reply = await call(listAction, formPost("/admin/business-cards", { intent: "disable", designId: id.id }, options));
      expect(reply.location).toMatch(/^\/admin\/login\?redirectTo=/);
      expect(
        (await call(previewLoader, getRequest(`/admin/business-cards/${id.id}/preview.webp`, options), { id: id.id })).location,
      ).toMatch(/^\/admin\/login\?redirectTo=/);
    }
    expect((await getCardDesignForAdmin(id.id))?.isActive).toBe(true);
    expect((await test.db.select().from(businessCardDesigns).where(eq(businessCardDesigns.id, id.id))).length).toBe(1);
  });
});
