import type { Page } from "@playwright/test";

import { expect, placeBusiness, test, usesJavaScript } from "./fixtures";

/**
 * A refused form puts its reason where the eye is: the error summary at the top of the form takes
 * the focus (with JavaScript after the refused submit, without it as the refused page loads),
 * states the reason and links to the fix or to each field; with JavaScript the toast says why too.
 */

const summary = (page: Page) => page.getByTestId("error-summary");

/** With JavaScript, waits until the page's scripts run, so a click is handled by them and not by a plain form post. */
async function scriptsReady(page: Page, javaScript: boolean) {
  if (!javaScript) return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

/** Fills the composer and presses Publish, which is far down the page on a phone. */
async function publish(page: Page) {
  await page.getByLabel("What's new?").fill("Fresh jalebi every morning");
  const button = page.getByRole("button", { name: "Publish post · 5 credits" });
  await button.scrollIntoViewIfNeeded();
  await button.click();
}

test("a publish refused for want of a location moves the focus to the reason and its fix, and the toast says why", async ({
  page,
  login,
}, testInfo) => {
  const javaScript = usesJavaScript(testInfo.project.name);
  await login();
  await page.goto("/send-post");
  await scriptsReady(page, javaScript);
  await publish(page);

  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toBeInViewport();
  await expect(summary(page)).toContainText("Set your business location before publishing: your posts reach people near it.");
  if (javaScript) {
    await expect(page.getByTestId("toast")).toContainText("Post not published");
    await expect(page.getByTestId("toast")).toContainText("Set your business location before publishing");
  }
  await summary(page).getByRole("button", { name: "Set your location" }).click();
  await expect(page).toHaveURL(/\/edit-profile\/location$/, { timeout: 15_000 });
});

test("a publish refused for a short balance says by how much, at the top, focused; the toast too", async ({
  page,
  login,
  baseURL,
}, testInfo) => {
  const javaScript = usesJavaScript(testInfo.project.name);
  // Until the email is verified the balance is 0.
  await login({ verified: false });
  await placeBusiness(page.request, baseURL!);
  await page.goto("/send-post");
  await scriptsReady(page, javaScript);
  await publish(page);

  const reason = "This post costs 5 credits and your balance is 0: you need 5 more credits to publish it.";
  await expect(summary(page)).toBeFocused();
  await expect(summary(page)).toBeInViewport();
  await expect(summary(page)).toContainText(reason);
  if (javaScript) await expect(page.getByTestId("toast")).toContainText(reason);
  // The fix, one tap away: buying credits.
  await summary(page).getByRole("button", { name: "Buy credits" }).click();
  await expect(page).toHaveURL(/\/credits$/, { timeout: 15_000 });
});

test("a contact form refused field by field lists each message as a link to its field", async ({ page, login }, testInfo) => {
  const javaScript = usesJavaScript(testInfo.project.name);
  await login();
  await page.goto("/add-contact");
  await scriptsReady(page, javaScript);
  await page.getByLabel("Mobile number").fill("022 2345 6789");
  // With JavaScript the browser refuses it (the same schema), without it the server does.
  await page.getByRole("button", { name: "Add contact" }).click();

  await expect(summary(page)).toBeFocused();
  const toName = summary(page).getByRole("link", { name: "Name and mobile number are required" });
  await expect(toName).toHaveAttribute("href", "#add-contact-name");
  if (javaScript) {
    await toName.click();
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  }
  await page.getByLabel("Name", { exact: true }).fill("Ravi");
  await page.getByRole("button", { name: "Add contact" }).click();
  // Refused by the server either way: the summary says why and is focused again.
  const toMobile = summary(page).getByRole("link", { name: "Enter a valid Indian mobile number, e.g. 98123 45678" });
  await expect(toMobile).toHaveAttribute("href", "#add-contact-mobileNumber");
  await expect(summary(page)).toBeFocused();
  if (javaScript) {
    await expect(page.getByTestId("toast")).toContainText("Failed to add contact");
    await expect(page.getByTestId("toast")).toContainText("Enter a valid Indian mobile number");
  }
  await toMobile.click();
  await expect(page.getByLabel("Mobile number")).toBeInViewport();
  if (javaScript) await expect(page.getByLabel("Mobile number")).toBeFocused();
});
