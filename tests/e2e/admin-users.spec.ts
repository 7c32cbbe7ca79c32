import { randomUUID } from "node:crypto";

import type { APIRequestContext, Page, TestInfo } from "@playwright/test";

import { adminBrowser, expect, fieldMessage, placeBusiness, scriptsReady, test } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");

/** Publishes through POST /api/posts, as the business's own browser (its session cookie). */
async function publish(request: APIRequestContext, origin: string, content: string): Promise<string> {
  const response = await request.post("/api/posts", { data: { kind: "update", content }, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

/** Whether the home feed, searched for `word`, shows the post (as a visitor with cookies sees it, rendered for them). */
async function feedShows(page: Page, word: string, postId: string): Promise<boolean> {
  await page.goto(`/?all=1&q=${word}`);
  return (await page.locator(`article[data-post-id="${postId}"]`).count()) > 0;
}

async function openBusiness(admin: Page, search: string, businessName: string, testInfo: TestInfo) {
  await admin.goto("/admin/users");
  await scriptsReady(admin, testInfo);
  await admin.getByLabel("Search").fill(search);
  await admin.getByRole("button", { name: "Search" }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/users\\?q=${encodeURIComponent(search).replace(/%20/g, "\\+")}`));
  const rows = admin.getByTestId("user-row");
  await expect(rows).toHaveCount(1);
  await rows.getByRole("link", { name: businessName }).click();
  await expect(admin.getByRole("heading", { level: 1, name: businessName })).toBeVisible();
  await scriptsReady(admin, testInfo);
}

test("the admin finds a business, adds 500 credits with a reason, suspends it (signed out, no sign-in, post off the feed) and reactivates it", async ({
  page,
  login,
  browser,
  baseURL,
}, testInfo) => {
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const businessName = `Suspense Sweets ${tag}`;
  const business = await login({ businessName });
  await placeBusiness(page.request, baseURL!);
  const word = `jalebi${tag}`;
  const postId = await publish(page.request, baseURL!, `Fresh ${word} every morning`);

  const admin = await adminBrowser(browser, baseURL!, testInfo);
  expect(await feedShows(admin, word, postId)).toBe(true);
  await openBusiness(admin, tag, businessName, testInfo);
  await expect(admin.getByTestId("business-profile")).toContainText(business.email);
  // The opening balance, less what the post cost.
  const before = Number((await admin.getByTestId("business-balance").textContent())!.replace(/\D/g, ""));
  expect(before).toBeGreaterThan(0);
  const after = (before + 500).toLocaleString("en-IN");

  // Add 500 credits with a reason: the balance and the ledger row, here and on the business's /credits.
  await admin.getByLabel("Add or remove", { exact: true }).selectOption("add");
  await admin.getByLabel("Credits", { exact: true }).fill("500");
  await admin.getByLabel(/^Reason \(the business sees it/).fill(`Diwali goodwill ${tag}`);
  await admin.getByRole("button", { name: "Change credits" }).click();
  await expect(toast(admin)).toContainText("Added 500 credits");
  await expect(admin.getByTestId("business-balance")).toHaveText(`${after} credits`);
  await expect(admin.getByTestId("ledger-row").first()).toContainText(`Diwali goodwill ${tag}`);
  await expect(admin.getByTestId("ledger-row").first()).toContainText("+500");
  await expect(admin.getByTestId("audit-trail")).toContainText(`Added 500 credits to ${businessName}`);

  await page.goto("/credits");
  await expect(page.getByTestId("credits-balance")).toHaveText(`${after} credits`);
  await expect(page.getByTestId("ledger-row").first()).toContainText("Admin adjustment");
  await expect(page.getByTestId("ledger-row").first()).toContainText(`Diwali goodwill ${tag}`);

  // Suspend: its browser is signed out at once, it cannot sign in, and its post leaves the feed.
  await admin.getByLabel("Reason", { exact: true }).fill("Spam reported by visitors");
  await admin.getByRole("button", { name: "Suspend business" }).click();
  await expect(toast(admin)).toContainText("Business suspended");
  await expect(admin.getByTestId("account-status")).toHaveText("Suspended");
  await expect(admin.getByTestId("suspension-notice")).toContainText("Spam reported by visitors");

  await page.goto("/app");
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Email").fill(business.email);
  await page.getByLabel("Password").fill(business.password);
  await page.getByRole("button", { name: "Login with Email" }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/app$/);
  expect(await feedShows(admin, word, postId)).toBe(false);

  // Reactivate: it signs in again and its post is back.
  await openBusiness(admin, business.email, businessName, testInfo);
  await admin.getByRole("button", { name: "Reactivate business" }).click();
  await expect(toast(admin)).toContainText("Business reactivated");
  await expect(admin.getByTestId("account-status")).toHaveText("Active");

  await page.goto("/login");
  await page.getByLabel("Email").fill(business.email);
  await page.getByLabel("Password").fill(business.password);
  await page.getByRole("button", { name: "Login with Email" }).click();
  await expect(page).toHaveURL(/\/app$/);
  expect(await feedShows(admin, word, postId)).toBe(true);
  await admin.context().close();
});

test("bad credit adjustments are refused with a clear message and change nothing; an unknown business is a 404 inside the admin frame", async ({
  login,
  browser,
  baseURL,
}, testInfo) => {
  const tag = randomUUID().slice(0, 8);
  const businessName = `Careful Crafts ${tag}`;
  await login({ businessName });
  const admin = await adminBrowser(browser, baseURL!, testInfo);
  await openBusiness(admin, tag, businessName, testInfo);

  await admin.getByLabel("Add or remove", { exact: true }).selectOption("remove");
  await admin.getByLabel("Credits", { exact: true }).fill("101");
  await admin.getByLabel(/^Reason \(the business sees it/).fill("Chargeback");
  await admin.getByRole("button", { name: "Change credits" }).click();
  await expect(fieldMessage(admin, /only 100 credits: a balance cannot go below zero/)).toBeVisible();
  await expect(admin.getByTestId("business-balance")).toHaveText("100 credits");

  await admin.getByLabel("Credits", { exact: true }).fill("ten");
  await admin.getByLabel(/^Reason \(the business sees it/).fill("");
  await admin.getByRole("button", { name: "Change credits" }).click();
  await expect(fieldMessage(admin, "Credits are a whole number, like 500")).toBeVisible();
  await expect(fieldMessage(admin, "Give a reason (the business and the audit trail see it)")).toBeVisible();
  await expect(admin.getByTestId("business-balance")).toHaveText("100 credits");

  const response = await admin.goto(`/admin/users/${randomUUID()}`);
  expect(response?.status()).toBe(404);
  await expect(admin.getByText("There is no business at this address.")).toBeVisible();
  // Inside the admin frame: its header, with the way back to the dashboard.
  await expect(admin.getByRole("link", { name: "iSent Admin" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Back to the admin dashboard" })).toBeVisible();
  await admin.context().close();
});
