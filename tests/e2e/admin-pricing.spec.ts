import type { Page } from "@playwright/test";

import { expect, fieldMessage, test } from "./fixtures";

/*
 * The pricing manager. Every other spec reads the demo prices (a post 5 credits, GST 18%, the
 * seller on invoices), and they run in parallel against the same server: so these tests change
 * only packs of their own, and refuse bad prices and settings (which changes nothing). Saving a
 * price, with the composer charging it, is covered by tests/integration/admin-pricing.test.ts.
 */

const toast = (page: Page) => page.getByTestId("toast");
const PRICE_MESSAGE = "Enter a whole number of credits from 0 to 1,00,000";
const PACK_CREDITS_MESSAGE = "Enter a whole number of credits from 1 to 10,00,000";
const PACK_PRICE_MESSAGE = "Enter the price in rupees before GST, from 1 to 10,00,000 (e.g. 450 or 450.50)";
const GST_RATE_MESSAGE = "Enter the GST rate as a whole percent from 0 to 40";
const PAGE = "/admin/sms-pricing";

function uniqueSuffix() {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

test("adds a pack, refuses bad input, edits, moves, withdraws and puts it back, each with a toast and a row in the changes", async ({
  page,
  adminLogin,
}) => {
  await adminLogin();
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
  const name = `E2E Pack ${uniqueSuffix()}`;
  const credits = 7000 + Math.floor(Math.random() * 2000);

  const addForm = page.locator("form#add-pack");
  await addForm.getByLabel("Pack name").fill(name);
  await addForm.getByLabel("Credits").fill("-5");
  await addForm.getByLabel("Price before GST (₹)").fill("free");
  await addForm.getByRole("button", { name: "Add pack" }).click();
  await expect(fieldMessage(page, PACK_CREDITS_MESSAGE)).toBeVisible();
  await expect(fieldMessage(page, PACK_PRICE_MESSAGE)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) })).toHaveCount(0);

  await addForm.getByLabel("Credits").fill(String(credits));
  await addForm.getByLabel("Price before GST (₹)").fill("5,500");
  await addForm.getByRole("button", { name: "Add pack" }).click();
  await expect(toast(page)).toContainText("Pack added");
  const card = page.getByTestId("admin-pack").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toContainText("On sale");
  await expect(card).toContainText(`${credits.toLocaleString("en-IN")} credits · ₹5,500.00 + GST ₹990.00 = ₹6,490.00`);

  await card.getByText(`Edit ${name}`).click();
  await card.getByLabel("Price before GST (₹)").fill("5600.50");
  await card.getByRole("button", { name: "Save pack" }).click();
  await expect(toast(page)).toContainText("Pack saved");
  await expect(card).toContainText("₹5,600.50 + GST ₹1,008.09 = ₹6,608.59");

  await card.getByRole("button", { name: `Move up: ${name}` }).click();
  await expect(toast(page)).toContainText("Pack moved up");

  await card.getByRole("button", { name: `Withdraw from sale: ${name}` }).click();
  await expect(toast(page)).toContainText("Pack withdrawn from sale");
  await expect(card).toContainText("Withdrawn");
  await card.getByRole("button", { name: `Put back on sale: ${name}` }).click();
  await expect(toast(page)).toContainText("Pack back on sale");
  await expect(card).toContainText("On sale");

  const changes = page.getByTestId("audit-trail");
  await expect(changes).toContainText(`Put the pack ${name} back on sale`);
  await expect(changes).toContainText(`Withdrew the pack ${name} from sale`);
  await expect(changes).toContainText(`Added the pack ${name}`);

  // Leave the businesses' /credits page as the other specs expect it.
  await card.getByRole("button", { name: `Withdraw from sale: ${name}` }).click();
  await expect(toast(page)).toContainText("Pack withdrawn from sale");
});

test("a negative or non-numeric price is refused with its message and changes nothing; each price shows its history", async ({
  page,
  adminLogin,
}) => {
  await adminLogin();
  await page.goto(PAGE);
  const postPrice = page.getByTestId("price-post");
  await expect(postPrice.getByTestId("price-post-current")).toHaveText("5");

  for (const typed of ["-5", "five"]) {
    await postPrice.getByLabel("New price of publish a post (credits)").fill(typed);
    await postPrice.getByRole("button", { name: "Save price" }).click();
    await expect(postPrice.locator('p[id$="-error"]')).toHaveText(PRICE_MESSAGE);
    await expect(postPrice.getByTestId("price-post-current")).toHaveText("5");
  }

  await postPrice.getByText("History", { exact: true }).click();
  await expect(postPrice.getByTestId("price-post-history").getByRole("listitem").last()).toContainText(/5 credits from .+ · as installed/);
});

test("the GST settings refuse a rate out of range and a GSTIN with a typing mistake, and save nothing", async ({ page, adminLogin }) => {
  await adminLogin();
  await page.goto(PAGE);
  const form = page.locator("form#billing-settings");
  await expect(form.getByLabel("GST rate (%)")).toHaveValue("18");
  await form.getByLabel("GST rate (%)").fill("eighteen");
  await form.getByLabel("Seller's GSTIN").fill("29ABCDE1234F1Z6");
  await form.getByRole("button", { name: "Save GST settings" }).click();
  await expect(fieldMessage(page, GST_RATE_MESSAGE)).toBeVisible();
  await expect(fieldMessage(page, "This GST number's last character does not match the rest: check it for a typing mistake")).toBeVisible();

  await page.goto(PAGE);
  await expect(page.locator("form#billing-settings").getByLabel("GST rate (%)")).toHaveValue("18");
});
