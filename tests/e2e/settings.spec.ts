import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");

test("changes the password: a wrong current password is refused, the right one keeps this browser signed in", async ({ page, login }) => {
  const business = await login();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("amber-river-lantern-9");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right")).toBeVisible();

  await page.getByLabel("Current password").fill(business.password);
  await page.getByLabel("New password").fill("amber-river-lantern-9");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page)).toContainText("Password changed");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings$/);
});

test("downloads my data as a JSON file", async ({ page, login }) => {
  const business = await login({ businessName: "Download Stores" });
  await page.goto("/settings");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^isent-data-.*\.json$/);
  const text = await (await download.createReadStream()).toArray();
  const exported = JSON.parse(Buffer.concat(text).toString("utf8"));
  expect(exported.profile).toMatchObject({ email: business.email, businessName: "Download Stores" });
  expect(JSON.stringify(exported)).not.toContain("argon2");
});

test("a fourth download within the hour is refused on the settings page, saying how long to wait", async ({ page, login }) => {
  await login();
  for (let download = 0; download < 3; download++) {
    const response = await page.request.get("/settings/data.json");
    expect(response.status()).toBe(200);
    // A download carries the security headers every response carries.
    expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  }
  await page.goto("/settings");
  await page.getByRole("link", { name: "Download my data" }).click();
  await expect(toast(page)).toContainText("Download not started");
  await expect(toast(page)).toContainText(/You can download your data 3 times an hour\. Please wait \d+ minutes? and try again\./);
  await expect(page).toHaveURL(/\/settings$/);
});

test("signs out of every device", async ({ page, login }) => {
  await login();
  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign out of every device" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page)).toContainText("Signed out of every device");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});

test("deletes the account only when the business name is typed", async ({ page, login }) => {
  await login({ businessName: "Gone Tomorrow" });
  await page.goto("/settings");
  await page.getByLabel("Type Gone Tomorrow to confirm").fill("Gone");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByText("Type your business name exactly as it is shown to delete your account")).toBeVisible();

  await page.getByLabel("Type Gone Tomorrow to confirm").fill("Gone Tomorrow");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Your account has been deleted");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});
