import { expect, test } from "./fixtures";

test("a payment and a failed payment show on the dashboard's Recent activity, the payment's link opening its invoice", async ({
  page,
  login,
}) => {
  await login({ businessName: "Meena Stores" });
  await page.goto("/app");
  // A new business has nothing to be told yet.
  await expect(page.getByRole("heading", { name: "Recent activity" })).toHaveCount(0);

  await page.goto("/credits");
  await page.getByRole("button", { name: "Buy 500 for ₹531" }).click();
  await expect(page.getByText("Test payment: no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Fail" }).click();
  await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();

  await page.goto("/credits");
  await page.getByRole("button", { name: "Buy 100 for ₹118" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByTestId("balance-pill")).toHaveAccessibleName(/^Balance 200 credits/, { timeout: 15_000 });

  await page.goto("/app");
  const activity = page.getByTestId("recent-activity").getByRole("listitem");
  await expect(activity).toHaveCount(2);
  // Newest first.
  await expect(activity.nth(0)).toContainText("Payment received: 100 credits added");
  await expect(activity.nth(1)).toContainText("Your payment did not go through");
  await expect(activity.nth(1).getByRole("link", { name: "Buy credits" })).toHaveAttribute("href", "/credits");
  const invoiceLink = activity.nth(0).getByRole("link", { name: "Open your GST invoice" });
  const box = await invoiceLink.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await invoiceLink.click();
  await expect(page.getByRole("heading", { name: "Tax Invoice" })).toBeVisible();
  await expect(page.getByTestId("invoice-total")).toHaveText("₹118.00");
});
