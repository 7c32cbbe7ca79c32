import type { Page } from "@playwright/test";

import { expect, photo, test, usesJavaScript } from "./fixtures";

/** Places the business in Indiranagar, as the location step's place search does. */
async function placeBusiness(page: Page, baseURL: string) {
  const response = await page.request.post("/edit-profile/location", {
    form: { intent: "choose", lat: "12.97194", lon: "77.64115", label: "Indiranagar" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test("a business at 0 credits types a post with photos, follows 'Buy credits', pays on the test gateway, is back in the post with its text and photos, publishes, and finds the ledger row and invoice", async ({
  page,
  login,
  baseURL,
}, testInfo) => {
  await login({ verified: false, businessName: "Meena Stores" });
  await placeBusiness(page, baseURL!);
  await page.goto("/send-post");
  await expect(page.getByTestId("balance-pill")).toHaveAccessibleName(/less than one post \(5 credits\)/);
  await expect(page.getByText("The Starter pack (100 credits for ₹118 with GST) covers it.")).toBeVisible();
  await page.getByLabel("What's new?").fill("Fresh stock of millets this week #millets");
  await page.getByLabel("Category").selectOption("Grocery");
  await page.setInputFiles("#image-files", [await photo("ragi.jpg", "#8e5b3a"), await photo("jowar.jpg", "#d4b483")]);
  if (usesJavaScript(testInfo.project.name)) {
    // With JavaScript each image is uploaded as it is chosen; without, they go with the button's form.
    await expect(page.getByRole("list", { name: "Chosen images" }).getByRole("listitem")).toHaveCount(2, { timeout: 15_000 });
  }
  await page.getByRole("button", { name: "Buy credits" }).first().click();
  await expect(page).toHaveURL(/\/credits$/, { timeout: 15_000 });
  await expect(page.getByTestId("detour-notice")).toContainText("Everything you typed in your post is kept.");
  await expect(page.getByTestId("credits-balance")).toHaveText("0 credits");
  await expect(page.getByText("₹450.00")).toBeVisible();
  await expect(page.getByText("₹81.00")).toBeVisible();
  await expect(page.getByText("₹531.00")).toBeVisible();

  await page.getByRole("button", { name: "Buy 100 for ₹118" }).click();
  await expect(page.getByText("Test payment: no money moves")).toBeVisible();
  await expect(page.getByTestId("test-gateway-amount")).toHaveText("₹118.00");
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  // Paid: back in the post as it was left, ready to publish.
  await expect(page).toHaveURL(/\/send-post$/, { timeout: 15_000 });
  await expect(page.getByTestId("toast")).toContainText("Payment received: 100 credits added");
  await expect(page.getByTestId("balance-pill")).toHaveAccessibleName("Balance 100 credits");
  await expect(page.getByTestId("kept-draft-notice")).toContainText("Everything you typed and chose is back");
  await expect(page.getByLabel("What's new?")).toHaveValue("Fresh stock of millets this week #millets");
  await expect(page.getByLabel("Category")).toHaveValue("Grocery");
  await expect(page.locator('input[name="images"]')).toHaveCount(2);
  await page.getByRole("button", { name: "Publish post · 5 credits" }).click();
  await expect(page).toHaveURL(/\/success\?post=/, { timeout: 15_000 });
  const postId = new URL(page.url()).searchParams.get("post")!;
  await expect(page.locator(`article[data-post-id="${postId}"] img`)).toHaveCount(2);
  await expect(page.getByText("Fresh stock of millets this week").first()).toBeVisible();

  await page.goto("/credits");
  const row = page.getByTestId("ledger-row").filter({ hasText: "Purchase" }).first();
  await expect(row).toContainText("+100");
  await row.getByRole("link", { name: "Invoice" }).click();
  await expect(page.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(/^ISENT\/\d{4}-\d{2}\/\d{6}$/);
  await expect(page.getByText("Meena Stores").first()).toBeVisible();
  await expect(page.getByTestId("invoice-total")).toHaveText("₹118.00");
  await expect(page.getByText("Rupees One Hundred Eighteen Only")).toBeVisible();

  await page.goto("/credits");
  await expect(page.getByTestId("credits-balance")).toHaveText("95 credits");
});

test("Fail on the test gateway: nothing credited, a clear message and 'Try again'", async ({ page, login }) => {
  await login({ verified: false });
  await page.goto("/credits");
  await page.getByRole("button", { name: "Buy 500 for ₹531" }).click();
  await expect(page.getByText("Test payment: no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Fail" }).click();
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expect(page.getByText("did not go through, so nothing was credited")).toBeVisible();
  await expect(page.getByTestId("balance-pill")).toHaveAccessibleName(/^Balance 0 credits/);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByText("Test payment: no money moves")).toBeVisible();
  await expect(page.getByTestId("test-gateway-amount")).toHaveText("₹531.00");
});

test("another business's invoice and order are 404", async ({ page, login, browser, baseURL }) => {
  await login({ verified: false });
  await page.goto("/credits");
  await page.getByRole("button", { name: "Buy 100 for ₹118" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("link", { name: "View invoice" })).toBeVisible();
  const invoiceUrl = await page.getByRole("link", { name: "View invoice" }).getAttribute("href");
  const orderUrl = new URL(page.url()).pathname;

  const other = await browser.newPage({ baseURL });
  await other.context().addCookies([{ name: "intro_seen", value: "IjEi", url: baseURL! }]);
  const response = await other.request.post("/auth", {
    form: {
      intent: "register",
      username: `other-${Date.now()}@example.in`,
      password: "secret123",
      name: "Other Owner",
      businessName: "Other Shop",
      mobileNumber: "9845012345",
    },
    headers: { Origin: baseURL! },
  });
  expect(response.ok()).toBe(true);
  expect((await other.goto(invoiceUrl!))?.status()).toBe(404);
  expect((await other.goto(orderUrl))?.status()).toBe(404);
  await other.close();
});
