import type { Page } from "@playwright/test";

import { expect, fieldMessage, test, testClientIp } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");

test("changes the password: a wrong current password is refused, the right one keeps this browser signed in", async ({ page, login }) => {
  const business = await login();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill("amber-river-lantern-9");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(fieldMessage(page, "Your current password is not right")).toBeVisible();

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

test("deletes the account only with the business name typed and the password", async ({ page, login }) => {
  const business = await login({ businessName: "Gone Tomorrow" });
  await page.goto("/settings");
  await page.getByLabel("Type Gone Tomorrow to confirm").fill("Gone");
  await page.getByLabel("Your password").fill(business.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(fieldMessage(page, "Type your business name exactly as it is shown to delete your account")).toBeVisible();

  await page.getByLabel("Type Gone Tomorrow to confirm").fill("Gone Tomorrow");
  await page.getByLabel("Your password").fill("not-my-password");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(fieldMessage(page, "Your password is not right")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();

  await page.getByLabel("Type Gone Tomorrow to confirm").fill("Gone Tomorrow");
  await page.getByLabel("Your password").fill(business.password);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Your account has been deleted");
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/login/);
});

test("lists where the account is signed in and signs another device out", async ({ page, login, playwright, baseURL }) => {
  const business = await login();
  // The same account signed in on a laptop: an HTTP client with the laptop's browser name.
  const laptop = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: {
      "X-Forwarded-For": testClientIp(),
      Origin: baseURL!,
      "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
    },
  });
  const signedIn = await laptop.post("/login", {
    form: { intent: "login", username: business.email, password: business.password },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  const laptopSettings = () => laptop.get("/settings", { maxRedirects: 0 });
  expect((await laptopSettings()).status()).toBe(200);

  await page.goto("/settings");
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(2);
  const here = sessions.filter({ hasText: "This device" });
  await expect(here).toHaveCount(1);
  const other = sessions.filter({ hasText: "Firefox on Windows" });
  await expect(other).toContainText("Signed in");
  await expect(other).toContainText("Last active");
  const signOut = other.getByRole("button", { name: "Sign out of Firefox on Windows" });
  expect((await signOut.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await signOut.click();
  await expect(toast(page)).toContainText("Signed out of that device");
  await expect(sessions).toHaveCount(1);
  await expect(sessions).toContainText("This device");
  // The laptop is signed out; this phone is not.
  expect((await laptopSettings()).status()).toBe(302);
  await page.goto("/settings");
  await expect(page).toHaveURL(/\/settings$/);
  await laptop.dispose();
});
