import type { Page } from "@playwright/test";

import { expect, test, usesJavaScript } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");

/** A name no other test (or run) uses: tests run in parallel against one database. */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs the admin out, so the same browser can register a business (a signed-in visitor is not offered registration). */
async function adminLogout(page: Page, baseURL: string | undefined) {
  const response = await page.request.post("/admin/logout", { headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

/** Signs the admin in and adds a post template through the form, with a title of its own: the title and its edit page. */
async function adminWithNewTemplate(page: Page, adminLogin: () => Promise<void>, label: string, text: string) {
  await adminLogin();
  const title = unique(label);
  const editPage = await addPostTemplate(page, title, text);
  return { title, editPage };
}

/** Adds a post template through the admin's form and returns its edit page's URL. */
async function addPostTemplate(page: Page, title: string, text: string) {
  await page.goto("/admin/templates/add");
  await expect(page.getByRole("heading", { name: "Add a post template" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Festivals" });
  await page.getByLabel("Text").fill(text);
  await page.getByLabel("Hashtags (optional)").fill("#monsoon");
  await page.getByRole("button", { name: "Add template" }).click();
  await expect(page).toHaveURL(/\/admin\/templates\/edit\/[0-9a-f-]{36}$/);
  await expect(toast(page)).toContainText("Template added");
  return page.url();
}

test("the admin adds a post template and a business finds it on /add-templates, filled with its details", async ({
  page,
  adminLogin,
  login,
  baseURL,
}) => {
  const { title } = await adminWithNewTemplate(
    page,
    adminLogin,
    "Monsoon treats",
    "Rainy day treats at {{businessName}}, {{city}}! Call {{phone}}.",
  );
  // The preview is filled with the sample business, and the page sits inside the admin frame.
  await expect(page.getByTestId("template-preview")).toContainText("Rainy day treats at Kiran Sweets, Bengaluru! Call +91 98450 12345.");
  await expect(page.getByRole("link", { name: "iSent Admin" })).toBeVisible();
  await expect(page.getByTestId("audit-trail")).toContainText(`Added post template "${title}"`);

  const templates = (await (await page.request.get("/api/templates")).json()) as Array<{ title: string }>;
  expect(templates.map((template) => template.title)).toContain(title);

  await adminLogout(page, baseURL);
  await login({ businessName: "Meena Crafts" });
  await page.goto("/add-templates");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(card).toContainText("Rainy day treats at Meena Crafts");
});

test("an SMS template with a malformed slot is refused with the reason, then saved once fixed", async ({ page, adminLogin }) => {
  await adminLogin();
  await page.goto("/admin/templates");
  await page.getByRole("link", { name: "Add template" }).first().click();
  await page.getByRole("navigation", { name: "Kind of template" }).getByRole("link", { name: "SMS" }).click();
  await expect(page.getByRole("heading", { name: "Add an SMS template" })).toBeVisible();

  const title = unique("Rain alert");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Approved text").fill("Hi {#var}, monsoon specials at {#var#} this week.");
  await page.getByLabel("DLT template id").fill("1107172600000008888");
  await page.getByLabel("Slot hints (optional, one a line, in order)").fill("Customer name\nBusiness name");
  await page.getByRole("button", { name: "Add template" }).click();

  const reason = '"{#var}" is not a slot DLT accepts: write every slot exactly as {#var#}';
  await expect(page.getByTestId("error-summary")).toContainText(reason);
  await expect(page).toHaveURL(/\/admin\/templates\/add/);
  // Nothing was saved.
  await page.goto(`/admin/templates?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("status")).toContainText("0 templates");

  await page.goto("/admin/templates/add?kind=sms");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Approved text").fill("Hi {#var#}, monsoon specials at {#var#} this week.");
  await page.getByLabel("DLT template id").fill("1107172600000008888");
  await page.getByLabel("Slot hints (optional, one a line, in order)").fill("Customer name\nBusiness name");
  await page.getByRole("button", { name: "Add template" }).click();
  await expect(toast(page)).toContainText("Template added");
  await expect(page.getByTestId("template-preview")).toContainText("Hi Priya, monsoon specials at Kiran Sweets this week.");
});

test("disabling a template takes it off /add-templates and the API; the list keeps its filters", async ({
  page,
  adminLogin,
  login,
  baseURL,
}) => {
  const { title, editPage } = await adminWithNewTemplate(page, adminLogin, "Short-lived", "Only today at {{businessName}}.");

  await page.goto(`/admin/templates?kind=post&q=${encodeURIComponent(title)}`);
  const row = page.getByTestId("admin-template-row").filter({ hasText: title });
  await row.getByRole("button", { name: `Disable ${title}` }).click();
  await expect(toast(page)).toContainText("Template disabled");
  await expect(page).toHaveURL(/kind=post/);
  await expect(row).toContainText("Disabled");

  const templates = (await (await page.request.get("/api/templates")).json()) as Array<{ title: string }>;
  expect(templates.map((template) => template.title)).not.toContain(title);
  await page.goto(editPage);
  await expect(page.getByTestId("template-status")).toHaveText("Disabled");
  await expect(page.getByTestId("audit-trail")).toContainText(`Disabled post template "${title}"`);

  await adminLogout(page, baseURL);
  await login({ businessName: "Gopal Tea Stall" });
  await page.goto("/add-templates");
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});

test("the preview follows the text (live with JavaScript, on Preview without), and deleting asks first", async ({
  page,
  adminLogin,
}, testInfo) => {
  const { title, editPage } = await adminWithNewTemplate(page, adminLogin, "Preview me", "Hello from {{businessName}}.");

  await page.getByLabel("Text").fill("Fresh samosas at {{businessName}} in {{city}}.");
  if (!usesJavaScript(testInfo.project.name)) await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByTestId("template-preview")).toContainText("Fresh samosas at Kiran Sweets in Bengaluru.");
  // Previewing saved nothing.
  await page.goto(editPage);
  await expect(page.getByLabel("Text")).toHaveValue("Hello from {{businessName}}.");

  await page.getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(`Delete "${title}"?`);
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL(/\/admin\/templates$/);
  await expect(toast(page)).toContainText("Template deleted");

  // Its page is gone: a 404 inside the admin frame.
  const response = await page.goto(editPage);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "iSent Admin" })).toBeVisible();
});

test("template categories: add one, a duplicate name is refused, rename it, delete it", async ({ page, adminLogin }) => {
  await adminLogin();
  await page.goto("/admin/templates/categories");
  const name = unique("Monsoon");
  await page.getByLabel("New category").fill(name);
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(toast(page)).toContainText(`Category "${name}" added`);

  await page.getByLabel("New category").fill(name.toUpperCase());
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByTestId("error-summary")).toContainText(`There is already a category called "${name}"`);

  const row = page.getByTestId("template-category").filter({ has: page.locator(`input[value="${name}"]`) });
  const renamed = `${name} Specials`;
  await row.getByRole("textbox").fill(renamed);
  await row.getByRole("button", { name: "Rename" }).click();
  await expect(toast(page)).toContainText(`Category renamed to "${renamed}"`);
  const categories = (await (await page.request.get("/api/template-categories")).json()) as Array<{ name: string }>;
  expect(categories.map((category) => category.name)).toContain(renamed);

  const renamedRow = page.getByTestId("template-category").filter({ has: page.locator(`input[value="${renamed}"]`) });
  await renamedRow.getByText(`Delete ${renamed}…`).click();
  await renamedRow.getByRole("button", { name: `Yes, delete ${renamed}` }).click();
  await expect(toast(page)).toContainText(`Category "${renamed}" deleted`);
});

test("an unknown template id is a 404 inside the admin frame", async ({ page, adminLogin }) => {
  await adminLogin();
  const response = await page.goto("/admin/templates/edit/0b5b4f8e-1c9a-4b8e-9d1a-3f2e6a7c8d90");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "All templates" }).first()).toBeVisible();
});
