import { expect, test } from "./fixtures";

test("a business browses templates by category, previews one in its own name and is sent to the composer with it", async ({
  page,
  login,
}) => {
  const business = await login({ businessName: "Lakshmi Stores" });
  await page.goto("/add-templates");
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
  // Inside the app container: its navigation is on the page.
  await expect(page.getByRole("link", { name: "Contacts" }).first()).toBeAttached();

  const tabs = page.getByRole("navigation", { name: "Template categories" });
  await expect(tabs.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Festivals" }).click();
  await expect(page).toHaveURL(/\/add-templates\?category=[0-9a-f-]{36}$/);
  await expect(tabs.getByRole("link", { name: "Festivals" })).toHaveAttribute("aria-current", "page");
  const cards = page.getByRole("list", { name: "Festivals templates" }).locator(":scope > li");
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  // Cards are filled with the business's own details, never raw placeholders.
  await expect(cards.filter({ hasText: "{{" })).toHaveCount(0);
  await expect(cards.filter({ hasText: business.businessName }).first()).toBeVisible();
  // Phone-first: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.getByRole("heading", { name: "Happy Diwali", exact: true }).click();
  await expect(page).toHaveURL(/\/template-preview\/[0-9a-f-]{36}$/);
  const templateId = page.url().split("/").pop()!;
  await expect(page.getByRole("heading", { name: "Happy Diwali", level: 1 })).toBeVisible();
  await expect(page.getByTestId("preview-business")).toHaveText(business.businessName);
  await expect(page.getByTestId("preview-content")).toContainText(`Visit ${business.businessName} for our festive specials.`);
  await expect(page.getByTestId("preview-content")).toContainText("Call +91 98450 12345 to order ahead.");
  await expect(page.getByRole("list", { name: "Hashtags" })).toContainText("#happydiwali");
  await expect(page.getByRole("img", { name: "Happy Diwali picture" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Use this template" })).toHaveAttribute("href", `/send-post?template=${templateId}`);

  await page.getByRole("link", { name: "← Festivals templates" }).click();
  await expect(page).toHaveURL(/\/add-templates\?category=[0-9a-f-]{36}$/);
  await expect(tabs.getByRole("link", { name: "Festivals" })).toHaveAttribute("aria-current", "page");
});

test("an offer template shows its offer and opens /send-offers", async ({ page, login }) => {
  const business = await login({ businessName: "Ravi Electronics" });
  await page.goto("/add-templates");
  await page.getByRole("navigation", { name: "Template categories" }).getByRole("link", { name: "Offers & Discounts" }).click();
  await expect(page).toHaveURL(/category=/);
  await page.getByRole("heading", { name: "Weekend sale", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Weekend sale", level: 1 })).toBeVisible();
  const offer = page.getByTestId("preview-offer");
  await expect(offer).toContainText("Flat 20% off on selected items");
  await expect(offer).toContainText("WEEKEND20");
  await expect(offer).toContainText("Get directions");
  await expect(page.getByTestId("preview-content")).toContainText(
    `This weekend only: Flat 20% off on selected items at ${business.businessName}.`,
  );
  // A new business has no address yet: the template says nothing of it, and the page says why.
  await expect(page.getByTestId("missing-details")).toContainText("Your profile has no address yet");
  const templateId = page.url().split("/").pop()!;
  await expect(page.getByRole("link", { name: "Use this template" })).toHaveAttribute("href", `/send-offers?template=${templateId}`);
});

test("an unknown template or category is a 404 inside the app, and a signed-out visitor is sent to log in", async ({ page, login }) => {
  for (const path of ["/add-templates", "/template-preview/00000000-0000-4000-8000-000000000000"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
  }
  await login();
  for (const path of [
    "/template-preview/00000000-0000-4000-8000-000000000000",
    "/template-preview/not-an-id",
    "/add-templates?category=nope",
  ]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  }
  await page.getByRole("link", { name: "All templates" }).click();
  await expect(page).toHaveURL(/\/add-templates$/);
  await expect(page.getByRole("heading", { name: "Templates", level: 1 })).toBeVisible();
});
