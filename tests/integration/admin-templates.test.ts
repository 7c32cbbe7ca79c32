import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { makeTemplate, makeTemplateCategory } from "~/db/seed/factories.server";
import { templateCategories, templates } from "~/db/schema";
import { TEMPLATE_MESSAGES } from "~/lib/schemas/admin-templates";
import { listAdminActions } from "~/models/admin-audit.server";
import { listTemplateCategoriesForAdmin } from "~/models/admin-templates.server";
import { listTemplateCategories } from "~/models/categories.server";
import { listSmsTemplates } from "~/models/campaigns.server";
import { listTemplates, listTemplatesForBusiness, type TemplateSummary } from "~/models/templates.server";
import { loader as templatesApi } from "~/routes/api+/templates";
import { action as addAction, loader as addLoader } from "~/routes/admin+/templates.add";
import { action as categoriesAction } from "~/routes/admin+/templates.categories";
import { action as editAction, loader as editLoader } from "~/routes/admin+/templates.edit.$id";
import { action as listAction, loader as listLoader } from "~/routes/admin+/templates._index";

import { createUser, sessionCookieFor } from "../support/accounts";
import { adminCookie } from "../support/admin";
import { setupTestDatabase } from "../support/database";
import { call, formErrors, formPost, getRequest, toastOf } from "../support/http";

const test = setupTestDatabase();

const DLT_ID = "1107172600000009999";

function postFields(overrides: Record<string, string> = {}) {
  return {
    intent: "save",
    kind: "post",
    title: "Monsoon welcome",
    content: "Rainy day treats at {{businessName}}, {{city}}! Call {{phone}}.",
    hashtags: "#monsoon, treats",
    sortOrder: "3",
    isActive: "on",
    ...overrides,
  };
}

function smsFields(overrides: Record<string, string> = {}) {
  return {
    intent: "save",
    kind: "sms",
    title: "Monsoon SMS",
    content: "Hi {#var#}, monsoon specials at {#var#} this week. Reply STOP to opt out.",
    dltTemplateId: DLT_ID,
    smsCategory: "promotional",
    slotHints: "Customer name\nBusiness name",
    isActive: "on",
    ...overrides,
  };
}

async function addTemplate(fields: Record<string, string>, cookie?: string) {
  return call(addAction, formPost("/admin/templates/add", fields, { cookie: cookie ?? (await adminCookie()) }));
}

async function editTemplate(id: string, fields: Record<string, string>) {
  return call(editAction, formPost(`/admin/templates/edit/${id}`, fields, { cookie: await adminCookie() }), { id });
}

async function templateByTitle(title: string) {
  const [row] = await test.db.select().from(templates).where(eq(templates.title, title));
  return row;
}

describe("adding a template", () => {
  it("saves a post template that shows at once on /add-templates and GET /api/templates, with its audit row", async () => {
    const reply = await addTemplate(postFields());
    expect(reply.status).toBe(302);
    const saved = await templateByTitle("Monsoon welcome");
    expect(reply.location).toBe(`/admin/templates/edit/${saved.id}`);
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: "Template added" });
    expect(saved).toMatchObject({ kind: "post", hashtags: ["monsoon", "treats"], sortOrder: 3, isActive: true, userId: null });

    const api = await call<TemplateSummary[]>(templatesApi, getRequest("/api/templates"));
    expect(api.headers.get("Cache-Control")).toBe("no-cache");
    expect(api.data.map((template) => template.title)).toContain("Monsoon welcome");
    const business = await createUser({ businessName: "Asha Bakery", city: "Mysuru" });
    const cards = await listTemplatesForBusiness(business.id);
    expect(cards.find((card) => card.id === saved.id)?.filledContent).toContain("Rainy day treats at Asha Bakery, Mysuru!");

    expect(await listAdminActions({ entityType: "template", entityId: saved.id })).toEqual([
      expect.objectContaining({ action: "template.create", summary: 'Added post template "Monsoon welcome"' }),
    ]);
  });

  it("saves an offer template with its offer block", async () => {
    const reply = await addTemplate(
      postFields({ kind: "offer", title: "Rain offer", offerTitle: "20% off at {{businessName}}", couponCode: "RAIN20", validDays: "5" }),
    );
    expect(reply.status).toBe(302);
    expect((await templateByTitle("Rain offer")).offer).toEqual({
      title: "20% off at {{businessName}}",
      couponCode: "RAIN20",
      terms: null,
      validDays: 5,
      callToAction: null,
    });
  });

  it("saves an SMS template that the campaign composer offers every business", async () => {
    const reply = await addTemplate(smsFields({ dltTemplateId: "1107 1726 0000 0009 999", providerTemplateId: "64f0a1b2c3" }));
    expect(reply.status).toBe(302);
    const saved = await templateByTitle("Monsoon SMS");
    expect(saved).toMatchObject({ dltTemplateId: DLT_ID, providerTemplateId: "64f0a1b2c3", slotHints: ["Customer name", "Business name"] });
    const business = await createUser();
    expect((await listSmsTemplates(business.id)).map((template) => template.id)).toContain(saved.id);
  });

  it.each([
    ["no DLT id", { dltTemplateId: "" }, "dltTemplateId", TEMPLATE_MESSAGES.dltRequired],
    ["a DLT id that is not 19 digits", { dltTemplateId: "11071726ABC" }, "dltTemplateId", TEMPLATE_MESSAGES.dltShape],
    ["{#var}", { content: "Hi {#var}, sale at {#var#}." }, "content", TEMPLATE_MESSAGES.malformedSlot("{#var}")],
    ["{#VAR#}", { content: "Hi {#VAR#}, sale today." }, "content", TEMPLATE_MESSAGES.malformedSlot("{#VAR#}")],
    ["{#foo#}", { content: "Hi {#var#}, {#foo#} today." }, "content", TEMPLATE_MESSAGES.malformedSlot("{#foo#}")],
    [
      "more hints than slots",
      { content: "Sale at {#var#} today.", slotHints: "Business\nCustomer" },
      "slotHints",
      TEMPLATE_MESSAGES.tooManyHints(2, 1),
    ],
    ["no SMS category", { smsCategory: "marketing" }, "smsCategory", TEMPLATE_MESSAGES.smsCategoryRequired],
  ])("refuses an SMS template with %s, saving nothing", async (_, overrides, field, message) => {
    const reply = await addTemplate(smsFields({ title: "Refused SMS", ...overrides }));
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.[field]).toEqual([message]);
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Template not added" });
    expect(await templateByTitle("Refused SMS")).toBeUndefined();
  });

  it.each([
    ["no title", { title: " " }, "title", TEMPLATE_MESSAGES.titleRequired],
    ["no text", { content: "" }, "content", TEMPLATE_MESSAGES.contentRequired],
    ["a javascript: image", { imageUrl: "javascript:alert(1)" }, "imageUrl", TEMPLATE_MESSAGES.badImageUrl],
    ["an order that is not a number", { sortOrder: "first" }, "sortOrder", TEMPLATE_MESSAGES.sortOrder],
    ["a category that is not one", { categoryId: "not-a-category" }, "categoryId", TEMPLATE_MESSAGES.badCategory],
    ["an offer without its title", { kind: "offer", validDays: "7" }, "offerTitle", TEMPLATE_MESSAGES.offerTitleRequired],
    ["an offer running 0 days", { kind: "offer", offerTitle: "Sale", validDays: "0" }, "validDays", TEMPLATE_MESSAGES.validDays],
  ])("refuses a post or offer template with %s", async (_, overrides, field, message) => {
    const reply = await addTemplate(postFields({ title: "Refused post", ...overrides }));
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.[field]).toEqual([message]);
    expect(await templateByTitle("Refused post")).toBeUndefined();
  });

  it("refuses a category that was deleted meanwhile", async () => {
    const reply = await addTemplate(postFields({ title: "Orphan", categoryId: "6b3c7a52-93b5-4a7e-9d0a-2b1f7c0e4a11" }));
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.categoryId).toEqual([TEMPLATE_MESSAGES.badCategory]);
    expect(await templateByTitle("Orphan")).toBeUndefined();
  });

  it("previews without saving (intent=preview), filled with the sample business", async () => {
    const reply = await addTemplate(postFields({ intent: "preview", title: "Preview only" }));
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({
      preview: { kind: "post", content: "Rainy day treats at Kiran Sweets, Bengaluru! Call +91 98450 12345." },
    });
    expect(await templateByTitle("Preview only")).toBeUndefined();
    const sms = await addTemplate(smsFields({ intent: "preview", title: "Preview only" }));
    expect(sms.data).toMatchObject({
      preview: { kind: "sms", text: "Hi Priya, monsoon specials at Kiran Sweets this week. Reply STOP to opt out.", parts: 1 },
    });
  });

  it("is refused to a signed-in business and to a visitor, with nothing saved", async () => {
    const business = await createUser();
    const asBusiness = await addTemplate(postFields({ title: "By a business" }), await sessionCookieFor(business.id));
    expect(asBusiness.status).toBe(302);
    expect(asBusiness.location).toMatch(/^\/admin\/login\?redirectTo=/);
    const anonymous = await call(addAction, formPost("/admin/templates/add", postFields({ title: "By a business" })));
    expect(anonymous.location).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(await templateByTitle("By a business")).toBeUndefined();
    const page = await call(addLoader, getRequest("/admin/templates/add", { cookie: await sessionCookieFor(business.id) }));
    expect(page.location).toMatch(/^\/admin\/login\?redirectTo=/);
  });
});

describe("editing a template", () => {
  it("saves the form with the record before and after in the audit trail the page shows", async () => {
    const template = await makeTemplate({ title: "Old title" });
    const reply = await editTemplate(template.id, postFields({ title: "New title" }));
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({ title: "Template saved" });
    const page = await call<{ trail: Array<{ summary: string; before: { title: string }; after: { title: string } }> }>(
      editLoader,
      getRequest(`/admin/templates/edit/${template.id}`, { cookie: await adminCookie() }),
      { id: template.id },
    );
    expect(page.data.trail[0]).toMatchObject({
      summary: 'Edited post template "New title"',
      before: { title: "Old title" },
      after: { title: "New title" },
    });
  });

  it("disables a template: gone from /add-templates and the API at once; enables it back", async () => {
    const template = await makeTemplate({ title: "Seasonal" });
    const disabled = await editTemplate(template.id, { intent: "disable" });
    expect(await toastOf(disabled)).toMatchObject({ title: "Template disabled" });
    expect((await listTemplates()).map((row) => row.id)).not.toContain(template.id);
    const business = await createUser();
    expect((await listTemplatesForBusiness(business.id)).map((row) => row.id)).not.toContain(template.id);

    await editTemplate(template.id, { intent: "enable" });
    expect((await listTemplates()).map((row) => row.id)).toContain(template.id);
    expect((await listAdminActions({ entityType: "template", entityId: template.id })).map((entry) => entry.action)).toEqual([
      "template.enable",
      "template.disable",
    ]);
  });

  it("disables from the list, coming back to the list as it was filtered", async () => {
    const template = await makeTemplate({ title: "From the list" });
    const reply = await call(
      listAction,
      formPost("/admin/templates?index&kind=post&q=list", { intent: "disable", id: template.id }, { cookie: await adminCookie() }),
    );
    expect(reply.location).toBe("/admin/templates?q=list&kind=post");
    expect((await templateByTitle("From the list")).isActive).toBe(false);
  });

  it("deletes after asking; the deleted template's page is a 404, and so is saving it", async () => {
    const template = await makeTemplate({ title: "Doomed" });
    const asked = await editTemplate(template.id, { intent: "delete" });
    expect(asked.data).toMatchObject({ confirmDelete: true });
    expect(await templateByTitle("Doomed")).toBeDefined();

    const deleted = await editTemplate(template.id, { intent: "confirm-delete" });
    expect(deleted.location).toBe("/admin/templates");
    expect(await toastOf(deleted)).toMatchObject({ title: "Template deleted" });
    expect(await templateByTitle("Doomed")).toBeUndefined();
    expect((await listAdminActions({ entityType: "template", entityId: template.id }))[0]).toMatchObject({
      action: "template.delete",
      before: expect.objectContaining({ title: "Doomed" }),
    });

    const page = await call(editLoader, getRequest(`/admin/templates/edit/${template.id}`, { cookie: await adminCookie() }), {
      id: template.id,
    });
    expect(page.status).toBe(404);
    expect((await editTemplate(template.id, postFields({ title: "Back from the dead" }))).status).toBe(404);
    expect((await editTemplate(template.id, { intent: "enable" })).status).toBe(404);
    expect(await templateByTitle("Back from the dead")).toBeUndefined();
  });

  it("answers 404 for an unknown or malformed id and for a business's own SMS template", async () => {
    const business = await createUser();
    const own = await makeTemplate({ kind: "sms", userId: business.id, content: "Hi {#var#}" });
    for (const id of ["not-a-uuid", "0b5b4f8e-1c9a-4b8e-9d1a-3f2e6a7c8d90", own.id]) {
      const page = await call(editLoader, getRequest(`/admin/templates/edit/${id}`, { cookie: await adminCookie() }), { id });
      expect(page.status).toBe(404);
    }
    expect((await editTemplate(own.id, smsFields())).status).toBe(404);
  });

  it("lists businesses' own SMS templates apart, read only", async () => {
    const business = await createUser({ businessName: "Ravi Mobiles" });
    await makeTemplate({ kind: "sms", userId: business.id, title: "Ravi's own", content: "Hi {#var#}" });
    const cookie = await adminCookie();
    type List = { list: { rows: Array<{ title: string; ownerBusinessName: string | null }> } };
    const platform = await call<List>(listLoader, getRequest("/admin/templates?q=Ravi", { cookie }));
    expect(platform.data.list.rows).toEqual([]);
    const own = await call<List>(listLoader, getRequest("/admin/templates?owner=business&q=Ravi", { cookie }));
    expect(own.data.list.rows).toEqual([expect.objectContaining({ title: "Ravi's own", ownerBusinessName: "Ravi Mobiles" })]);
  });

  it("refuses a business user's post to any of its actions", async () => {
    const template = await makeTemplate({ title: "Not theirs" });
    const business = await createUser();
    const cookie = await sessionCookieFor(business.id);
    const reply = await call(editAction, formPost(`/admin/templates/edit/${template.id}`, { intent: "confirm-delete" }, { cookie }), {
      id: template.id,
    });
    expect(reply.location).toMatch(/^\/admin\/login\?redirectTo=/);
    const list = await call(listAction, formPost("/admin/templates?index", { intent: "disable", id: template.id }, { cookie }));
    expect(list.location).toMatch(/^\/admin\/login\?redirectTo=/);
    const categories = await call(categoriesAction, formPost("/admin/templates/categories", { intent: "add", name: "Theirs" }, { cookie }));
    expect(categories.location).toMatch(/^\/admin\/login\?redirectTo=/);
    expect(await templateByTitle("Not theirs")).toMatchObject({ isActive: true });
  });
});

describe("template categories", () => {
  async function categoryAction(fields: Record<string, string>) {
    return call(categoriesAction, formPost("/admin/templates/categories", fields, { cookie: await adminCookie() }));
  }

  it("adds one at the end, and refuses a name already taken whatever its case", async () => {
    const added = await categoryAction({ intent: "add", name: "Monsoon Specials" });
    expect(await toastOf(added)).toMatchObject({ title: 'Category "Monsoon Specials" added' });
    expect((await listTemplateCategories()).at(-1)?.name).toBe("Monsoon Specials");

    const duplicate = await categoryAction({ intent: "add", name: "  monsoon specials " });
    expect(duplicate.status).toBe(409);
    expect(formErrors(duplicate)?.name).toEqual([TEMPLATE_MESSAGES.categoryTaken("Monsoon Specials")]);
    expect(await toastOf(duplicate)).toMatchObject({ type: "error", title: "Category not added" });
    const empty = await categoryAction({ intent: "add", name: "" });
    expect(formErrors(empty)?.name).toEqual([TEMPLATE_MESSAGES.categoryNameRequired]);
  });

  it("renames one (the API follows at once), refusing another's name", async () => {
    const first = await makeTemplateCategory({ name: "Winter" });
    await makeTemplateCategory({ name: "Summer" });
    const renamed = await categoryAction({ intent: "rename", id: first.id, name: "Winter Sale" });
    expect(renamed.status).toBe(302);
    expect((await listTemplateCategories()).map((category) => category.name)).toContain("Winter Sale");
    const taken = await categoryAction({ intent: "rename", id: first.id, name: "SUMMER" });
    expect(formErrors(taken)?.name).toEqual([TEMPLATE_MESSAGES.categoryTaken("Summer")]);
    const [row] = await test.db.select().from(templateCategories).where(eq(templateCategories.id, first.id));
    expect(row.name).toBe("Winter Sale");
    expect((await listAdminActions({ entityType: "template_category", entityId: first.id }))[0].summary).toBe(
      'Renamed template category "Winter" to "Winter Sale"',
    );
  });

  it("moves one up the order", async () => {
    const a = await makeTemplateCategory({ name: "Alpha", sortOrder: 900 });
    const b = await makeTemplateCategory({ name: "Beta", sortOrder: 901 });
    await categoryAction({ intent: "move", id: b.id, direction: "up" });
    const names = (await listTemplateCategories()).map((category) => category.name);
    expect(names.indexOf("Beta")).toBe(names.indexOf("Alpha") - 1);
    expect(a.id).not.toBe(b.id);
  });

  it("deletes an empty one; one with templates only by moving them", async () => {
    const empty = await makeTemplateCategory({ name: "Empty one" });
    const full = await makeTemplateCategory({ name: "Full one" });
    const target = await makeTemplateCategory({ name: "Target" });
    const template = await makeTemplate({ categoryId: full.id, title: "Held" });

    const counts = new Map((await listTemplateCategoriesForAdmin()).map((category) => [category.name, category.templateCount]));
    expect([counts.get("Empty one"), counts.get("Full one")]).toEqual([0, 1]);
    expect((await categoryAction({ intent: "delete", id: empty.id })).status).toBe(302);
    const refused = await categoryAction({ intent: "delete", id: full.id });
    expect(refused.status).toBe(409);
    expect(formErrors(refused)?.moveTo).toEqual([TEMPLATE_MESSAGES.categoryNotEmpty(1)]);
    const toItself = await categoryAction({ intent: "delete", id: full.id, moveTo: full.id });
    expect(formErrors(toItself)?.moveTo).toEqual([TEMPLATE_MESSAGES.moveToSame]);

    const moved = await categoryAction({ intent: "delete", id: full.id, moveTo: target.id });
    expect(await toastOf(moved)).toMatchObject({ title: 'Category "Full one" deleted (1 moved)' });
    expect((await templateByTitle("Held")).categoryId).toBe(target.id);
    expect(template.id).toBeDefined();
    expect((await listTemplateCategories()).map((category) => category.name)).not.toContain("Full one");
  });

  it("answers an unknown category's change with a clear refusal", async () => {
    const reply = await categoryAction({ intent: "rename", id: "0b5b4f8e-1c9a-4b8e-9d1a-3f2e6a7c8d90", name: "Ghost" });
    expect(reply.status).toBe(404);
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Category not renamed" });
  });
});
