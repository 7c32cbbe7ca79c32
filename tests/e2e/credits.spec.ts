import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

/** Places the business in Indiranagar, as the location step's place search does. */
async function placeBusiness(page: Page, baseURL: string) {
  const response = await page.request.post("/edit-profile/location", {
    form: { intent: "choose", lat: "12.97194", lon: "77.64115", label: "Indiranagar" },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test("a business at 0 credits follows 'Buy credits' from the composer, pays on the test gateway, sees its balance, ledger row and invoice, and publishes", async ({
  page,
  login,
  baseURL,
}) => {
  await login({ verified: false, businessName: "Meena Stores" });
  await placeBusiness(page, baseURL!);
  await page.goto("/send-post");
  await expect(page.getByTestId("balance-pill")).toHaveAccessibleName(/less than one post \(5 credits\)/);
  await expect(page.getByText("The Starter pack (100 credits for ₹118 with GST) covers it.")).toBeVisible();
  await page.getByRole("link", { name: "Buy credits" }).first().click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(page.getByTestId("credits-balance")).toHaveText("0 credits");
  await expect(page.getByText("₹450.00")).toBeVisible();
  await expect(page.getByText("₹81.00")).toBeVisible();
  await expect(page.getByText("₹531.00")).toBeVisible();

  await page.getByRole("button", { name: "Buy 100 for ₹118" }).click();
  await expect(page.getByText("Test payment: no money moves")).toBeVisible();
  await expect(page.getByTestId("test-gateway-amount")).toHaveText("₹118.00");
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("new-balance")).toHaveText("100 credits");
  await expect(page.getByTestId("balance-pill")).toHaveAccessibleName("Balance 100 credits");

  await page.goto("/credits");
  const row = page.getByTestId("ledger-row").first();
  await expect(row).toContainText("Purchase");
  await expect(row).toContainText("+100");
  await row.getByRole("link", { name: "Invoice" }).click();
  await expect(page.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(/^ISENT\/\d{4}-\d{2}\/\d{6}$/);
  await expect(page.getByText("Meena Stores").first()).toBeVisible();
  await expect(page.getByTestId("invoice-total")).toHaveText("₹118.00");
  await expect(page.getByText("Rupees One Hundred Eighteen Only")).toBeVisible();

  await page.goto("/send-post");
  await page.getByLabel("What's new?").fill("Fresh stock of millets this week");
  await page.getByRole("button", { name: "Publish post · 5 credits" }).click();
  await expect(page).toHaveURL(/\/success\?post=/, { timeout: 15_000 });
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
