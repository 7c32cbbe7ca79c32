import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { categories, posts, users } from "~/db/schema";
import { makePost, makeUser } from "~/db/seed/factories.server";
import { categoryNameTaken, CATEGORY_MESSAGES, CATEGORY_NAME_MAX } from "~/lib/schemas/admin-categories";
import { listAdminActions } from "~/models/admin-audit.server";
import {
  addCategory,
  deleteCategory,
  getCategoryForAdmin,
  listCategoriesForAdmin,
  moveCategory,
  renameCategory,
  setCategoryHidden,
} from "~/models/admin-categories.server";
import { unknownCategories } from "~/models/business-profile.server";
import { listCategories } from "~/models/categories.server";
import { action as listAction, loader as listLoader } from "~/routes/admin+/categories";
import { action as categoryAction, loader as categoryLoader } from "~/routes/admin+/categories_.$id";
import { loader as homeLoader } from "~/routes/_index/route";
import { loader as categoriesApi } from "~/routes/api+/categories";

import { actingAdmin, adminCookie } from "../support/admin";
import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, formErrors, formPost, getRequest, toastOf, type RouteHandler } from "../support/http";

const test = setupTestDatabase();

let counter = 0;
/** A name no other test uses. */
const unique = (label: string) => `${label} ${++counter}${Math.random().toString(36).slice(2, 6)}`;

async function newCategory(name = unique("Category")) {
  const added = await addCategory(await actingAdmin(), { name });
  if (!added.ok) throw new Error(added.message);
  return { id: added.id, name };
}

const categoryRow = async (id: string) => (await test.db.select().from(categories).where(eq(categories.id, id)))[0];
const postCategory = async (id: string) =>
  (await test.db.select({ category: posts.category }).from(posts).where(eq(posts.id, id)))[0].category;
const businessCategories = async (id: string) =>
  (await test.db.select({ list: users.businessCategories }).from(users).where(eq(users.id, id)))[0].list;

async function adminPost(handler: RouteHandler, path: string, fields: Record<string, string>, params: Record<string, string> = {}) {
  return call(handler, formPost(path, fields, { cookie: await adminCookie() }), params);
}

describe("adding a category", () => {
  it("adds it at the end of the menu, with its audit row; the feed's menu and GET /api/categories show it at once", async () => {
    const name = unique("Florist");
    const reply = await adminPost(listAction, "/admin/categories", { intent: "add", name: `  ${name}  ` });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/admin/categories");
    expect((await toastOf(reply))?.title).toBe(`Category ${name} added`);
    const listed = await listCategoriesForAdmin();
    expect(listed.at(-1)).toMatchObject({ name, hidden: false, posts: 0, businesses: 0 });
    expect((await listAdminActions({ entityType: "category", entityId: listed.at(-1)!.id }))[0].summary).toBe(`Added category ${name}`);

    const home = await call<{ categories: { name: string }[] }>(homeLoader, getRequest("/"));
    expect(home.data.categories.map((category) => category.name)).toContain(name);
    const api = await call<{ name: string }[]>(categoriesApi, getRequest("/api/categories"));
    expect(api.data.map((category) => category.name)).toContain(name);
  });

  it("refuses a name another category has, in any case, with the name as it stands; nothing is added", async () => {
    const { name } = await newCategory();
    const before = (await listCategoriesForAdmin()).length;
    const reply = await adminPost(listAction, "/admin/categories", { intent: "add", name: name.toUpperCase() });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.name).toEqual([categoryNameTaken(name)]);
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Category not added" });
    expect((await listCategoriesForAdmin()).length).toBe(before);
  });

  it.each([
    ["an empty name", "   ", CATEGORY_MESSAGES.nameRequired],
    ["a name too long", "x".repeat(CATEGORY_NAME_MAX + 1), CATEGORY_MESSAGES.nameTooLong],
    ["a control character", "Bad\u0000name", "Remove the invisible control characters from this field"],
  ])("refuses %s with a clear message", async (_case, name, message) => {
    const before = (await listCategoriesForAdmin()).length;
    const reply = await adminPost(listAction, "/admin/categories", { intent: "add", name });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.name).toEqual([message]);
    expect((await listCategoriesForAdmin()).length).toBe(before);
  });
});

describe("renaming a category", () => {
  it("renames it, and its posts and businesses follow in the same change (any case of the old name)", async () => {
    const { id, name } = await newCategory();
    const owner = await makeUser({ businessCategories: ["Other", name.toLowerCase(), "Third"] });
    const post = await makePost({ userId: owner.id, category: name });
    const untouched = await makePost({ userId: owner.id, category: "Other" });
    const newName = unique("Renamed");

    const reply = await adminPost(categoryAction, `/admin/categories/${id}`, { intent: "rename", name: newName }, { id });
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({ title: `Renamed ${name} to ${newName}`, description: "1 post and 1 business follow." });
    expect((await categoryRow(id)).name).toBe(newName);
    expect(await postCategory(post.id)).toBe(newName);
    expect(await postCategory(untouched.id)).toBe("Other");
    expect(await businessCategories(owner.id)).toEqual(["Other", newName, "Third"]);
    const [audit] = await listAdminActions({ entityType: "category", entityId: id });
    expect(audit).toMatchObject({ before: { name }, after: { name: newName } });
  });

  it("refuses another category's name ('A category named … already exists'); nothing changes", async () => {
    const first = await newCategory();
    const second = await newCategory();
    const post = await makePost({ category: second.name });
    const reply = await adminPost(
      categoryAction,
      `/admin/categories/${second.id}`,
      { intent: "rename", name: ` ${first.name.toLowerCase()} ` },
      { id: second.id },
    );
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.name).toEqual([categoryNameTaken(first.name)]);
    expect((await categoryRow(second.id)).name).toBe(second.name);
    expect(await postCategory(post.id)).toBe(second.name);
    expect(await listAdminActions({ entityType: "category", entityId: second.id })).toHaveLength(1);
  });

  it("takes a change of case of its own name", async () => {
    const { id, name } = await newCategory();
    const renamed = await renameCategory(await actingAdmin(), id, { name: name.toUpperCase() });
    expect(renamed).toMatchObject({ ok: true, to: name.toUpperCase() });
    expect((await categoryRow(id)).name).toBe(name.toUpperCase());
  });

  it("answers an unknown or malformed id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await adminPost(categoryAction, `/admin/categories/${id}`, { intent: "rename", name: "Whatever" }, { id })).status).toBe(404);
      expect((await call(categoryLoader, getRequest(`/admin/categories/${id}`, { cookie: await adminCookie() }), { id })).status).toBe(404);
    }
  });
});

describe("hiding a category", () => {
  it("takes it off the feed's menu and the profile's choices; posts and businesses keep it, and a business that has it may keep it", async () => {
    const { id, name } = await newCategory();
    const owner = await makeUser({ businessCategories: [name] });
    const post = await makePost({ userId: owner.id, category: name });
    const other = await makeUser();

    const reply = await adminPost(categoryAction, `/admin/categories/${id}`, { intent: "hide" }, { id });
    expect(reply.status).toBe(302);
    expect((await toastOf(reply))?.title).toBe(`${name} hidden from the feed's menu and the profile's choices`);
    expect((await listCategories()).map((category) => category.name)).not.toContain(name);
    const home = await call<{ categories: { name: string }[] }>(homeLoader, getRequest("/"));
    expect(home.data.categories.map((category) => category.name)).not.toContain(name);
    expect(await postCategory(post.id)).toBe(name);
    expect(await businessCategories(owner.id)).toEqual([name]);
    expect(await unknownCategories(owner.id, [name])).toEqual([]);
    expect(await unknownCategories(other.id, [name])).toEqual([name]);
    expect((await listCategoriesForAdmin()).find((category) => category.id === id)).toMatchObject({
      hidden: true,
      posts: 1,
      businesses: 1,
    });

    await setCategoryHidden(await actingAdmin(), id, false);
    expect((await listCategories()).map((category) => category.name)).toContain(name);
    expect((await listAdminActions({ entityType: "category", entityId: id })).map((entry) => entry.action)).toEqual([
      "show_category",
      "hide_category",
      "add_category",
    ]);
  });
});

describe("reordering categories", () => {
  it("moves a category up and down the menu; at the top, up changes nothing", async () => {
    const a = await newCategory();
    const b = await newCategory();
    const order = async () => (await listCategoriesForAdmin()).map((category) => category.id).filter((id) => id === a.id || id === b.id);
    expect(await order()).toEqual([a.id, b.id]);

    const reply = await adminPost(listAction, "/admin/categories", { intent: "move", categoryId: b.id, direction: "up" });
    expect(reply.status).toBe(302);
    expect((await toastOf(reply))?.title).toBe(`Moved ${b.name} up`);
    expect(await order()).toEqual([b.id, a.id]);
    expect((await listCategories()).findIndex((category) => category.id === b.id)).toBeLessThan(
      (await listCategories()).findIndex((category) => category.id === a.id),
    );

    const first = (await listCategoriesForAdmin())[0];
    expect(await moveCategory(await actingAdmin(), first.id, "up")).toMatchObject({ ok: true, moved: false });
  });

  it("refuses a bad direction or an unknown category", async () => {
    const { id } = await newCategory();
    expect((await adminPost(listAction, "/admin/categories", { intent: "move", categoryId: id, direction: "sideways" })).status).toBe(400);
    const unknown = await adminPost(listAction, "/admin/categories", {
      intent: "move",
      categoryId: "00000000-0000-4000-8000-000000000000",
      direction: "up",
    });
    expect(unknown.status).toBe(404);
    expect((await toastOf(unknown))?.title).toBe(CATEGORY_MESSAGES.notFound);
  });
});

describe("deleting a category", () => {
  it("deletes an unused one once confirmed", async () => {
    const { id, name } = await newCategory();
    const reply = await adminPost(categoryAction, `/admin/categories/${id}`, { intent: "delete" }, { id });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/admin/categories");
    expect((await toastOf(reply))?.title).toBe(`Category ${name} deleted`);
    expect(await getCategoryForAdmin(id)).toBeNull();
    expect((await listAdminActions({ entityType: "category", entityId: id }))[0].action).toBe("delete_category");
  });

  it("asks where the posts and businesses of one in use go, and changes nothing until told", async () => {
    const { id, name } = await newCategory();
    const post = await makePost({ category: name });
    const page = await call<{ deleteStep: { others: { value: string }[] } }>(
      categoryLoader,
      getRequest(`/admin/categories/${id}?delete=1`, { cookie: await adminCookie() }),
      { id },
    );
    expect(page.data.deleteStep.others.map((other) => other.value)).not.toContain(id);

    const reply = await adminPost(categoryAction, `/admin/categories/${id}`, { intent: "delete" }, { id });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.moveTo).toEqual([CATEGORY_MESSAGES.chooseWhereTheyGo]);
    expect(await getCategoryForAdmin(id)).not.toBeNull();
    expect(await postCategory(post.id)).toBe(name);

    const itself = await adminPost(categoryAction, `/admin/categories/${id}`, { intent: "delete", moveTo: id }, { id });
    expect(formErrors(itself)?.moveTo).toEqual([CATEGORY_MESSAGES.notItself]);
    const unknown = await adminPost(
      categoryAction,
      `/admin/categories/${id}`,
      { intent: "delete", moveTo: "00000000-0000-4000-8000-000000000000" },
      { id },
    );
    expect(formErrors(unknown)?.moveTo).toEqual([CATEGORY_MESSAGES.notItself]);
    expect(await getCategoryForAdmin(id)).not.toBeNull();
  });

  it("moves its posts and businesses to the chosen category in the same change (a business with both keeps one)", async () => {
    const from = await newCategory();
    const to = await newCategory();
    const both = await makeUser({ businessCategories: [to.name, from.name] });
    const onlyOld = await makeUser({ businessCategories: [from.name, "Other"] });
    const post = await makePost({ userId: onlyOld.id, category: from.name });

    const reply = await adminPost(categoryAction, `/admin/categories/${from.id}`, { intent: "delete", moveTo: to.id }, { id: from.id });
    expect(reply.status).toBe(302);
    expect(await toastOf(reply)).toMatchObject({
      title: `Category ${from.name} deleted`,
      description: `1 post and 2 businesses moved to ${to.name}.`,
    });
    expect(await getCategoryForAdmin(from.id)).toBeNull();
    expect(await postCategory(post.id)).toBe(to.name);
    expect(await businessCategories(both.id)).toEqual([to.name]);
    expect(await businessCategories(onlyOld.id)).toEqual([to.name, "Other"]);
    expect(await getCategoryForAdmin(to.id)).toMatchObject({ posts: 1, businesses: 2 });
  });

  it("or leaves them without it ('none')", async () => {
    const { id, name } = await newCategory();
    const owner = await makeUser({ businessCategories: [name, "Other"] });
    const post = await makePost({ userId: owner.id, category: name });
    const deleted = await deleteCategory(await actingAdmin(), id, { moveTo: "none" });
    expect(deleted).toMatchObject({ ok: true, movedTo: null, posts: 1, businesses: 1 });
    expect(await postCategory(post.id)).toBeNull();
    expect(await businessCategories(owner.id)).toEqual(["Other"]);
  });
});

describe("who may", () => {
  it("refuses a signed-in business and an anonymous visitor: nothing changes", async () => {
    const business = await createUser();
    const cookie = await sessionCookieFor(business.id);
    const before = (await listCategoriesForAdmin()).length;
    for (const options of [{ cookie }, {}]) {
      const reply = await call(listAction, formPost("/admin/categories", { intent: "add", name: unique("Sneaky") }, options));
      expect(reply.status).toBe(302);
      expect(reply.location).toMatch(/^\/admin\/login\?redirectTo=/);
      expect((await call(listLoader, getRequest("/admin/categories", options))).location).toBe(
        "/admin/login?redirectTo=%2Fadmin%2Fcategories",
      );
    }
    expect((await listCategoriesForAdmin()).length).toBe(before);
  });
});
