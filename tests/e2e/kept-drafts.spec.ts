import type { Browser, Page } from "@playwright/test";

import sharp from "sharp";

import { expect, test, testClientIp, uniqueEmail, usesJavaScript } from "./fixtures";

const CONTACTS_EXPIRED = "Authentication expired: Please log in again to access your contacts.";
const SESSION_ENDED = "Your session has ended. Please log in again to continue.";
const KEPT = /Nothing was sent\. What you typed is kept for an hour: log in and it is back in the form\./;
const RESTORED = /What you typed before your session ended is back in the form\. Nothing was sent/;

/**
 * Ends this page's session the way Logout on another device does: a second browser context holding
 * the same session cookie presses Logout, which deletes the session; this page keeps its cookie.
 */
async function logOutElsewhere(page: Page, browser: Browser, baseURL: string) {
  const other = await browser.newContext({ storageState: await page.context().storageState(), baseURL });
  const response = await other.request.post("/logout", {
    headers: { Origin: baseURL, "X-Forwarded-For": testClientIp() },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await other.close();
}

/** Signs in again from the sign-in page, and waits until it has left it (argon2 is slow on a busy machine). */
async function signInAgain(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login with Email" }).click();
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}

test.use({ viewport: { width: 412, height: 915 } });

test("the composer sent after the session ended elsewhere is kept, and after signing in again it is back, nothing published", async ({
  page,
  login,
  browser,
  baseURL,
}, testInfo) => {
  const business = await login();
  await page.goto("/send-post");
  await expect(page.getByTestId("price-and-balance")).toHaveText("This post costs 5 credits. Your balance: 100 credits.");
  await page.getByLabel("What's new?").fill("Fresh jalebi from 5 pm today. Bring a friend! #sweets");
  await page.getByLabel("Hashtags (optional)").fill("#jalebi evening");
  // Without JavaScript a chosen picture travels with the form: it is not kept, and the pages say so.
  const withPicture = !usesJavaScript(testInfo.project.name);
  if (withPicture) {
    const buffer = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#e67e22" } })
      .jpeg()
      .toBuffer();
    await page.setInputFiles("#image-files", [{ name: "jalebi.jpg", mimeType: "image/jpeg", buffer }]);
  }
  await logOutElsewhere(page, browser, baseURL!);

  await page.getByRole("button", { name: /^Publish post/ }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsend-post$/);
  const notice = page.getByTestId("session-ended");
  await expect(notice).toContainText(SESSION_ENDED);
  await expect(notice).toContainText(KEPT);
  if (withPicture) await expect(notice).toContainText("Pictures and files are not kept: choose them again.");

  await signInAgain(page, business.email, business.password);
  await expect(page).toHaveURL(/\/send-post$/);
  await expect(page.getByTestId("kept-draft-notice")).toContainText(RESTORED);
  if (withPicture)
    await expect(page.getByTestId("kept-draft-notice")).toContainText("Pictures and files were not kept: choose them again.");
  await expect(page.getByLabel("What's new?")).toHaveValue("Fresh jalebi from 5 pm today. Bring a friend! #sweets");
  await expect(page.getByLabel("Hashtags (optional)")).toHaveValue("#jalebi evening");
  // Nothing was published or charged: the balance is whole and the history is empty.
  await expect(page.getByTestId("price-and-balance")).toHaveText("This post costs 5 credits. Your balance: 100 credits.");
  const mine = await page.request.get("/posts-history");
  expect(await mine.text()).not.toContain("Fresh jalebi");

  // Used once: the screen opened again starts empty.
  await page.goto("/send-post");
  await expect(page.getByTestId("kept-draft-notice")).toHaveCount(0);
  await expect(page.getByLabel("What's new?")).toHaveValue("");
});

test("Add contact sent after the session ended is kept, saved only when pressed again", async ({ page, login, browser, baseURL }) => {
  const business = await login();
  await page.goto("/add-contact");
  await page.getByLabel("Name", { exact: true }).fill("Asha Kulkarni");
  await page.getByLabel("Mobile number").fill("98123 45678");
  await page.getByLabel("Notes (optional)").fill("Likes kaju katli");
  await logOutElsewhere(page, browser, baseURL!);

  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadd-contact$/);
  await expect(page.getByTestId("session-ended")).toContainText(KEPT);
  await signInAgain(page, business.email, business.password);

  await expect(page).toHaveURL(/\/add-contact$/);
  await expect(page.getByTestId("kept-draft-notice")).toContainText(RESTORED);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Asha Kulkarni");
  await expect(page.getByLabel("Mobile number")).toHaveValue("98123 45678");
  await expect(page.getByLabel("Notes (optional)")).toHaveValue("Likes kaju katli");
  const before = await page.request.get("/contacts");
  expect(await before.text()).toContain("No contacts yet.");

  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByText("Asha Kulkarni").first()).toBeVisible();
});

test("Edit contact sent after the session ended comes back with the changes, the saved contact untouched", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const business = await login();
  const added = await page.request.post("/add-contact", {
    form: { name: "Ravi Shetty", mobileNumber: "99000 11122" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(added.status()).toBe(302);
  await page.goto("/contacts");
  await page.getByRole("link", { name: "Edit Ravi Shetty" }).click();
  await expect(page).toHaveURL(/\/edit-contact\//);
  const editPath = new URL(page.url()).pathname;
  await page.getByLabel("Name", { exact: true }).fill("Ravi Shetty (Udupi)");
  await page.getByLabel("Notes (optional)").fill("Orders mysore pak for Diwali");
  await logOutElsewhere(page, browser, baseURL!);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(editPath)}$`));
  await signInAgain(page, business.email, business.password);
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(page.getByTestId("kept-draft-notice")).toContainText(RESTORED);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ravi Shetty (Udupi)");
  await expect(page.getByLabel("Notes (optional)")).toHaveValue("Orders mysore pak for Diwali");
  const list = await (await page.request.get("/contacts")).text();
  expect(list).toContain("Ravi Shetty");
  expect(list).not.toContain("Udupi");
});

test("another account signing in on the same phone gets no draft", async ({ page, login, browser, baseURL }) => {
  await login();
  await page.goto("/add-contact");
  await page.getByLabel("Name", { exact: true }).fill("Private Person");
  await page.getByLabel("Mobile number").fill("98450 11111");
  await logOutElsewhere(page, browser, baseURL!);
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByTestId("session-ended")).toContainText(KEPT);

  // Someone else registers and signs in on this phone, and comes to the same screen.
  const response = await page.request.post("/auth", {
    form: {
      intent: "register",
      username: uniqueEmail("other"),
      password: "secret123",
      name: "Other Owner",
      businessName: "Other Shop",
      mobileNumber: "9845098450",
    },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await page.goto("/add-contact");
  await expect(page.getByTestId("kept-draft-notice")).toHaveCount(0);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Mobile number")).toHaveValue("");
});

test("an ended session on /contacts says so in the product's words; a visitor who never signed in is not told", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  await page.goto("/contacts");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcontacts$/);
  await expect(page.getByRole("button", { name: "Login with Email" })).toBeVisible();
  await expect(page.getByTestId("session-ended")).toHaveCount(0);
  await expect(page.getByText(/expired/i)).toHaveCount(0);

  await login();
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { name: "Contacts" })).toBeVisible();
  await logOutElsewhere(page, browser, baseURL!);
  await page.goto("/contacts");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcontacts$/);
  await expect(page.getByTestId("session-ended")).toHaveText(CONTACTS_EXPIRED);
  // Other screens say it in plain words.
  await page.goto("/settings");
  await expect(page.getByTestId("session-ended")).toHaveText(SESSION_ENDED);

  // The API twins answer as they always have: 401 with a JSON error, nothing kept.
  const api = await page.request.get("/api/contacts");
  expect(api.status()).toBe(401);
  expect(await api.json()).toEqual({ message: "User not authenticated" });
  const write = await page.request.post("/api/contacts", { data: { name: "Asha", mobileNumber: "9812345678" } });
  expect(write.status()).toBe(401);
  expect(await write.json()).toEqual({ message: "User not authenticated" });
});
