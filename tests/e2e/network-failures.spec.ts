import type { Page } from "@playwright/test";

import { expect, placeBusiness, test } from "./fixtures";

/*
 * A dropped connection loses nothing (with JavaScript: without it, the browser keeps the page
 * itself): a form keeps every field and its key, a page offers 'Try again', the feed and the
 * contacts list say what failed.
 */

/** The app's tab bar (phones) link to a place. */
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "App" }).getByRole("link", { name });

async function expectTapTarget(page: Page, name: string) {
  const box = await page.getByRole("link", { name }).boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);
}

/** The balance and the ledger's 'Post' rows, as /credits shows them. */
async function creditsAfter(page: Page) {
  await page.goto("/credits");
  return {
    balance: await page.getByTestId("credits-balance").textContent(),
    postRows: await page
      .getByTestId("ledger-row")
      .filter({ hasText: /^.*Post/ })
      .count(),
  };
}

test.describe("@js-only a dropped connection", () => {
  // Publishing, then reading /credits and the history, on a machine that may be busy.
  test.describe.configure({ timeout: 60_000 });

  test("Publish while offline keeps the text and says so; back online, one press publishes one post, charged once", async ({
    page,
    context,
    login,
    baseURL,
  }) => {
    await login();
    await placeBusiness(page.request, baseURL!);
    await page.goto("/send-post");
    await expect(page.getByTestId("price-and-balance")).toHaveText("This post costs 5 credits. Your balance: 100 credits.");
    const content = `Offline special: masala dosa at 40 rupees ${Date.now()}`;
    await page.getByLabel("What's new?").fill(content);
    await page.getByLabel("Hashtags (optional)").fill("#dosa");
    const key = await page.locator('input[name="idempotencyKey"]').inputValue();

    await context.setOffline(true);
    await page.getByRole("button", { name: "Publish post · 5 credits" }).click();
    const notice = page.getByTestId("network-failure");
    await expect(notice).toContainText("Connection failed");
    await expect(notice).toContainText("nothing was sent or charged");
    await expect(notice).toBeFocused();
    await expect(page).toHaveURL(/\/send-post$/);
    await expect(page.getByLabel("What's new?")).toHaveValue(content);
    await expect(page.getByLabel("Hashtags (optional)")).toHaveValue("#dosa");
    await expect(page.locator('input[name="idempotencyKey"]')).toHaveValue(key);
    await expect(page.getByRole("button", { name: "Publish post · 5 credits" })).toBeEnabled();

    await context.setOffline(false);
    await page.getByRole("button", { name: "Publish post · 5 credits" }).click();
    await expect(page).toHaveURL(/\/success\?post=/, { timeout: 15_000 });
    expect(await creditsAfter(page)).toEqual({ balance: "95 credits", postRows: 1 });
    await page.goto("/posts-history");
    await expect(page.getByText(content)).toHaveCount(1);
  });

  test("a publish whose answer is lost (the server did publish) is pressed again: the same key, the same post, charged once", async ({
    page,
    login,
    baseURL,
  }) => {
    await login();
    await placeBusiness(page.request, baseURL!);
    await page.goto("/send-post");
    const content = `Answer lost: fresh jalebi every evening ${Date.now()}`;
    await page.getByLabel("What's new?").fill(content);
    // The request reaches the server (which publishes and charges), then the connection drops before its answer.
    await page.route("**/send-post.data*", async (route) => {
      await route.fetch({ maxRedirects: 0 });
      await route.abort("connectionreset");
    });
    await page.getByRole("button", { name: "Publish post · 5 credits" }).click();
    const notice = page.getByTestId("network-failure");
    await expect(notice).toContainText("Connection failed");
    await expect(notice).toContainText("never charged twice");
    await expect(page.getByLabel("What's new?")).toHaveValue(content);

    await page.unroute("**/send-post.data*");
    await page.getByRole("button", { name: "Publish post · 5 credits" }).click();
    await expect(page).toHaveURL(/\/success\?post=/, { timeout: 15_000 });
    expect(await creditsAfter(page)).toEqual({ balance: "95 credits", postRows: 1 });
    await page.goto("/posts-history");
    await expect(page.getByText(content)).toHaveCount(1);
  });

  test("Add contact while offline keeps every field; back online the same button saves it once", async ({ page, context, login }) => {
    await login();
    await page.goto("/add-contact");
    await page.getByLabel("Name").fill("Suresh Kumar");
    await page.getByLabel("Mobile number").fill("9876501234");

    await context.setOffline(true);
    await page.getByRole("button", { name: "Add contact" }).click();
    await expect(page.getByTestId("network-failure")).toContainText("Connection failed");
    await expect(page.getByLabel("Name")).toHaveValue("Suresh Kumar");
    await expect(page.getByLabel("Mobile number")).toHaveValue("9876501234");

    await context.setOffline(false);
    await page.getByRole("button", { name: "Add contact" }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(page.getByTestId("toast")).toContainText("Contact added");
    await expect(page.getByTestId("contacts-total")).toHaveText("1 contact");
  });

  test("a page that cannot load offers 'Try again' instead of the error page", async ({ page, context, login }) => {
    await login();
    await page.goto("/app");
    await context.setOffline(true);
    await tab(page, "History").click();
    await expect(page.getByRole("heading", { name: "Connection failed" })).toBeVisible();
    await expect(page.getByText("This page could not be loaded. Check your connection and try again.")).toBeVisible();
    await expectTapTarget(page, "Try again");

    await context.setOffline(false);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { name: "Posts History" })).toBeVisible();
  });

  test("'Failed to fetch contacts' in place, with a retry, when the list cannot load", async ({ page, context, login }) => {
    await login();
    // The list was open before (its screen's code is on the phone); the connection drops on the way back to it.
    await page.goto("/contacts");
    await tab(page, "Home").click();
    await expect(page).toHaveURL(/\/app$/);
    await context.setOffline(true);
    await tab(page, "Contacts").click();
    const alert = page.getByRole("alert").filter({ hasText: "Failed to fetch contacts" });
    await expect(alert).toBeVisible();
    await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
    // In the workspace, not an error page: the tab bar is still there.
    await expect(tab(page, "Contacts")).toBeVisible();
    await expectTapTarget(page, "Try again");

    await context.setOffline(false);
    await alert.getByRole("link", { name: "Try again" }).click();
    await expect(page.getByTestId("contacts-total")).toHaveText("0 contacts");
    await expect(page.getByText("Failed to fetch contacts")).toHaveCount(0);
  });

  test("'Refresh failed' when the feed cannot be refreshed; the posts shown stay", async ({ page, context }) => {
    await page.goto("/");
    const firstPost = page.locator("article").first();
    await expect(firstPost).toBeVisible();
    const shown = await page.locator("article").count();
    await context.setOffline(true);
    await page.getByRole("link", { name: "iSent: refresh the feed" }).click();
    await expect(page.getByTestId("toast")).toContainText("Refresh failed");
    await expect(page.getByText("Failed to refresh feed")).toBeVisible();
    await expect(page.locator("article")).toHaveCount(shown);
  });
});
