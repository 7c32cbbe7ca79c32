import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";

import { adminBrowser, expect, scriptsReady, test } from "./fixtures";

test("the admin finds a business's orders by status and search, checks an open one with the gateway, and downloads the month's GST register", async ({
  page,
  login,
  browser,
  baseURL,
}, testInfo) => {
  const businessName = `Ledger Check ${randomUUID().slice(0, 6)}`;
  await login({ businessName, verified: false });
  // One order paid on the test gateway (credited, invoiced), one left open.
  await page.goto("/credits");
  await page.getByRole("button", { name: "Buy 100 for ₹118" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("link", { name: "View invoice" })).toBeVisible({ timeout: 15_000 });
  await page.goto("/credits");
  await page.getByRole("button", { name: "Buy 500 for ₹531" }).click();
  await expect(page.getByTestId("test-gateway-amount")).toHaveText("₹531.00");

  const admin = await adminBrowser(browser, baseURL!, testInfo);
  await admin.goto("/admin/payments");
  await expect(admin.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  await scriptsReady(admin, testInfo);
  const search = admin.getByRole("search", { name: "Filter orders" });
  await search.getByLabel("Search").fill(businessName);
  await search.getByLabel("Status").selectOption("paid");
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/\/admin\/payments\?q=Ledger\+Check\+[0-9a-f]{6}&status=paid/);
  const rows = admin.getByTestId("payment-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Paid");
  await expect(rows.first()).toContainText("₹118.00");
  await expect(rows.first()).toContainText(businessName);
  await expect(admin.getByTestId("payments-total")).toContainText("1 order · ₹118.00 paid");
  const invoiceNumber = (await rows.first().getByTestId("invoice-number").textContent())!.trim();
  expect(invoiceNumber).toMatch(/^[A-Z]+\/\d{4}-\d{2}\/\d{6}$/);

  // The open order: asked about now, it is not paid yet; the list stays as filtered.
  await scriptsReady(admin, testInfo);
  await search.getByLabel("Status").selectOption("created");
  await search.getByRole("button", { name: "Filter" }).click();
  await expect(admin).toHaveURL(/status=created/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("₹531.00");
  await scriptsReady(admin, testInfo);
  await rows
    .first()
    .getByRole("button", { name: /^Check with .+ now$/ })
    .click();
  await expect(admin.getByTestId("toast")).toContainText("not paid yet");
  await expect(admin).toHaveURL(/status=created/);

  // A filter that is not one is said, never a crash.
  await admin.goto("/admin/payments?status=lost&from=2026-02-30");
  await expect(admin.getByRole("alert")).toContainText("Choose a status from the list: showing every order instead.");

  // The month's register: GSTR-1's columns, the paid order's invoice in it.
  await admin.goto("/admin/payments");
  const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("button", { name: "Download register" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^gst-invoice-register-\d{4}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "Invoice number,Invoice date,Type,Buyer name,Buyer GSTIN,Buyer state,Place of supply,Rate (%),Taxable value,CGST,SGST,IGST,Invoice total",
  );
  const row = lines.find((line) => line.startsWith(`${invoiceNumber},`));
  expect(row).toBeDefined();
  expect(row).toContain(`,B2C,${businessName},`);
  expect(row).toMatch(/,18,100\.00,(9\.00,9\.00,0\.00|0\.00,0\.00,18\.00),118\.00$/);
  await admin.context().close();
});
