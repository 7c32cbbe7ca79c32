import { expect, test } from "./fixtures";

test("a business reads the Learn articles inside the app, and an unknown article is a 404", async ({ page, login }) => {
  await login();
  await page.goto("/learn");
  await expect(page.getByRole("heading", { name: "Learn", level: 1 })).toBeVisible();
  const articles = page.getByRole("list", { name: "Articles" }).locator(":scope > li");
  // The four seeded guides (the admin's e2e tests may be adding one of their own meanwhile).
  await expect(articles.nth(3)).toBeVisible();
  await expect(articles.first()).toContainText("Getting started with iSent");
  await expect(articles.first()).toContainText("Set up your business profile");

  await page.getByRole("link", { name: /SMS rules in India/ }).click();
  await expect(page).toHaveURL(/\/learn\/sms-rules-in-india$/);
  await expect(page.getByRole("heading", { name: "SMS rules in India: DLT, sender IDs and consent", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "DLT registration", level: 2 })).toBeVisible();
  await expect(page.getByText("10 am to 9 pm IST").first()).toBeVisible();
  // Inside the app container: its navigation is on the page.
  await expect(page.getByRole("link", { name: "Contacts" }).first()).toBeAttached();
  // Phone-first: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole("link", { name: "All articles" }).click();
  await expect(page).toHaveURL(/\/learn$/);

  const missing = await page.goto("/learn/no-such-article");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});

test("the signed-in terms and privacy pages come from the database, with a way back to the dashboard", async ({ page, login }) => {
  await login();
  await page.goto("/terms-conditions");
  await expect(page.getByRole("heading", { name: "Terms of Service", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "4. SMS campaigns, DLT and consent" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/app$/);

  await page.goto("/privacy-terms");
  await expect(page.getByRole("heading", { name: "Privacy Policy", level: 1 })).toBeVisible();
});

test("a signed-out visitor is sent to the login page", async ({ page }) => {
  for (const path of ["/learn", "/learn/getting-started", "/terms-conditions", "/privacy-terms"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
  }
});
