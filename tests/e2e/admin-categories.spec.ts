import { expect, test } from "./fixtures";

/** A category name no other test (or run) uses. */
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The feed's category menu (a <details>): opened, its links. */
async function feedMenuLinks(page: import("@playwright/test").Page) {
  await page.goto("/");
  await page.getByText("All categories").first().click();
  return page.getByRole("link", { name: /.+/ });
}

test.describe("/admin/categories", () => {
  test("adds a category that the public feed's menu then offers; a duplicate name is refused", async ({ page, adminLogin }) => {
    await adminLogin();
    const name = uniqueName("Florist");
    await page.goto("/admin/categories");
    await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText(`Category ${name} added`)).toBeVisible();
    await expect(page.getByTestId("admin-category").filter({ hasText: name })).toContainText("0 posts · 0 businesses");

    await feedMenuLinks(page);
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

    await page.goto("/admin/categories");
    await page.getByLabel("Name").fill(name.toUpperCase());
    await page.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByTestId("error-summary")).toContainText(`A category named ${name} already exists`);
    await expect(page.getByTestId("admin-category").filter({ hasText: name })).toHaveCount(1);
  });

  test("renames, moves, hides and deletes a category of its own", async ({ page, adminLogin }) => {
    await adminLogin();
    const name = uniqueName("Potter");
    const renamed = `${name} Studio`;
    await page.goto("/admin/categories");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Add category" }).click();
    await expect(page.getByText(`Category ${name} added`)).toBeVisible();

    // (Other tests add categories at the same time, so where it stands is not asserted here: the integration tests do.)
    await page.getByRole("button", { name: `Move ${name} up` }).click();
    await expect(page.getByText(`Moved ${name} up`)).toBeVisible();

    await page.getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await page.getByLabel("Name").fill(renamed);
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText(`Renamed ${name} to ${renamed}`)).toBeVisible();
    await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Hide from the feed's menu" }).click();
    await expect(page.getByText(`${renamed} hidden from the feed's menu and the profile's choices`)).toBeVisible();
    await feedMenuLinks(page);
    await expect(page.getByRole("link", { name: renamed, exact: true })).toHaveCount(0);

    await page.goto("/admin/categories");
    await page.getByRole("link", { name: renamed, exact: true }).click();
    await page.getByRole("link", { name: "Delete category…" }).click();
    await expect(page.getByText(`Delete ${renamed}? No post or business uses it.`)).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText(`Category ${renamed} deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/categories$/);
    await expect(page.getByRole("link", { name: renamed, exact: true })).toHaveCount(0);
  });

  test("an unknown category is a 404 inside the admin frame", async ({ page, adminLogin }) => {
    await adminLogin();
    const response = await page.goto("/admin/categories/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "iSent Admin" })).toBeVisible();
    await expect(page.getByText("Category not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the admin dashboard" })).toBeVisible();
  });
});
