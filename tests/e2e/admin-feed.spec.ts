import type { Browser, Page } from "@playwright/test";

import { E2E_ADMIN, INTRO_SEEN_COOKIE, expect, placeBusiness, test, testClientIp, usesJavaScript } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The signed-in business publishes a post through POST /api/posts (its session cookie) and gets its id. */
async function publish(page: Page, origin: string, content: string): Promise<string> {
  await placeBusiness(page.request, origin);
  const response = await page.request.post("/api/posts", { data: { kind: "update", content }, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

/** A second browser, with or without JavaScript as the project runs, signed in as the admin. */
async function adminBrowser(browser: Browser, origin: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL: origin,
    javaScriptEnabled,
    viewport: { width: 412, height: 915 },
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  const response = await context.request.post("/admin/login", { form: E2E_ADMIN, headers: { Origin: origin }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  return context.newPage();
}

/** The feed's HTML as a first-time visitor gets it (no cookie: the page the server's short cache may keep). */
async function firstVisitFeed(origin: string, query: string): Promise<string> {
  const response = await fetch(`${origin}/?q=${encodeURIComponent(query)}&all=1`, { headers: { "X-Forwarded-For": testClientIp() } });
  expect(response.status).toBe(200);
  return response.text();
}

test("a visitor reports a post from its card, once, and the admin sees the report with its count", async ({
  page,
  login,
  adminLogin,
  baseURL,
}) => {
  const word = `report${unique()}`;
  const business = await login({ businessName: `Reported Shop ${word}` });
  const postId = await publish(page, baseURL!, `Win a free phone today #${word}`);

  // Now an anonymous visitor in this browser.
  await page.context().clearCookies();
  await page.context().addCookies([{ name: INTRO_SEEN_COOKIE.name, value: INTRO_SEEN_COOKIE.value, url: baseURL! }]);
  await page.goto(`/?post=${postId}`);
  const card = page.locator(`article[data-post-id="${postId}"]`);
  await card.getByRole("link", { name: /^Report this post/ }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}/report$`));
  await expect(page.getByRole("heading", { name: "Report this post" })).toBeVisible();
  await page.getByLabel("Scam or fraud").check();
  await page.getByLabel(/Anything else we should know/).fill("Asks for a fee to claim the phone");
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByRole("status")).toHaveText("Thanks, we review every report.");

  // Once per visitor: coming back says so, with no form.
  await page.goto(`/posts/${postId}/report`);
  await expect(page.getByRole("status")).toHaveText("You already reported this post. Thanks, we review every report.");
  await expect(page.getByRole("button", { name: "Send report" })).toHaveCount(0);

  await adminLogin();
  await page.goto(`/admin/feed?business=${encodeURIComponent(business.businessName)}&reported=1`);
  const row = page.getByRole("list", { name: "Posts" }).locator(`li[data-post-id="${postId}"]`);
  await expect(row.getByTestId("open-reports")).toHaveText("1 open report");
  await expect(row.getByTestId("report-reasons")).toHaveText("Reported as: Scam or fraud (1)");
  await row.getByRole("link", { name: /^Review/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/feed/${postId}$`));
  await expect(page.getByTestId("open-reports")).toHaveText("(1 open)");
  await expect(page.getByRole("list", { name: "Reports" })).toContainText("Asks for a fee to claim the phone");

  // Unfounded: the admin dismisses the report, and the post stays in the feed.
  await page.getByRole("button", { name: "Dismiss reports" }).click();
  await expect(page.getByTestId("toast")).toContainText("Reports dismissed");
  await expect(page.getByTestId("open-reports")).toHaveText("(0 open)");
  await expect(page.getByTestId("post-status")).toHaveText("Live");
  await expect(page.getByRole("button", { name: "Dismiss reports" })).toHaveCount(0);
  await expect(page.getByTestId("audit-trail")).toContainText("Dismissed the reports on post");
  await page.goto(`/admin/feed?business=${encodeURIComponent(business.businessName)}&reported=1`);
  await expect(page.getByRole("list", { name: "Posts" }).locator(`li[data-post-id="${postId}"]`)).toHaveCount(0);
  await page.goto(`/?post=${postId}`);
  await expect(page.locator(`article[data-post-id="${postId}"]`)).toBeVisible();
});

test("the admin removes a post with a reason: it leaves the feed at once and the business reads why; restoring brings it back", async ({
  page,
  login,
  browser,
  baseURL,
}, testInfo) => {
  const word = `remove${unique()}`;
  await login({ businessName: `Removed Shop ${word}` });
  const postId = await publish(page, baseURL!, `Cheap watches, original brands #${word}`);
  // A first visit now: the server may keep this page for a few seconds.
  expect(await firstVisitFeed(baseURL!, word)).toContain(`data-post-id="${postId}"`);

  const admin = await adminBrowser(browser, baseURL!, usesJavaScript(testInfo.project.name));
  await admin.goto(`/admin/feed?q=${word}`);
  await admin.getByRole("link", { name: /^Review/ }).click();
  await expect(admin.getByRole("heading", { name: /^Post by Removed Shop/ })).toBeVisible();

  // Without a reason nothing happens: the form says why (without JavaScript the browser holds the empty required field back).
  await admin.getByLabel("Reason (the business reads it)").fill("   ");
  await admin.getByRole("button", { name: "Remove post" }).click();
  await expect(admin.getByText("Give the reason: the business reads it in its Posts History").first()).toBeVisible();
  await expect(admin.getByTestId("post-status")).toHaveText("Live");

  const reason = "Counterfeit goods are not allowed on iSent.";
  await admin.getByLabel("Reason (the business reads it)").fill(reason);
  await admin.getByRole("button", { name: "Remove post" }).click();
  await expect(toast(admin)).toContainText("Post removed");
  await expect(admin.getByTestId("post-status")).toHaveText("Removed by admin");
  await expect(admin.getByTestId("removed-reason")).toHaveText(`Removed: ${reason}`);
  await expect(admin.getByTestId("audit-trail")).toContainText("Removed post");

  expect(await firstVisitFeed(baseURL!, word)).not.toContain(`data-post-id="${postId}"`);
  await page.goto(`/?q=${word}&all=1`);
  await expect(page.locator(`article[data-post-id="${postId}"]`)).toHaveCount(0);

  await page.goto("/posts-history");
  const item = page.locator(`li[data-post-id="${postId}"]`);
  await expect(item.getByTestId("post-status")).toHaveText("Removed by admin");
  await expect(item).toContainText(`Reason: ${reason}`);

  await admin.getByRole("button", { name: "Restore post" }).click();
  await expect(toast(admin)).toContainText("Post restored");
  await expect(admin.getByTestId("post-status")).toHaveText("Live");
  await expect(admin.getByTestId("audit-trail")).toContainText("Restored post");
  expect(await firstVisitFeed(baseURL!, word)).toContain(`data-post-id="${postId}"`);
  await admin.context().close();
});
