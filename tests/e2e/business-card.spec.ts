import { readFile } from "node:fs/promises";

import jsQR from "jsqr";
import sharp from "sharp";

import { expect, fieldMessage, test, usesJavaScript } from "./fixtures";

async function decodeQr(image: Buffer) {
  const { data, info } = await sharp(image).flatten({ background: "#ffffff" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test("a business makes its card, opens it, saves the contact, scans it, shares, downloads and prints it", async ({
  page,
  login,
}, testInfo) => {
  await login({ name: "Kiran Rao", businessName: "Kiran Sweets" });
  await page.goto("/app");
  await page.getByRole("link", { name: /Make your business card/ }).click();
  await expect(page).toHaveURL(/\/app\/business-card$/, { timeout: 15_000 });
  await expect(page.getByRole("group", { name: "Choose a design" })).toBeVisible();

  // Before saving, the page says what becomes public. The mobile is on the card unless unticked;
  // here it is also the business phone (registration gives both the one number).
  const publicParts = page.getByRole("region", { name: "What anyone can see once you save" });
  await expect(page.getByRole("checkbox", { name: "Show my personal mobile on the card" })).toBeChecked();
  await expect(publicParts).toContainText("Kiran Rao");
  await expect(publicParts).toContainText("+91 98450 12345, your personal mobile (also your business phone)");

  await page.getByRole("radio", { name: "Midnight Gold" }).check();
  await page.getByLabel("Your title (optional)").fill("Owner");
  await page.getByLabel("Website (optional)").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save business card" }).click();
  await expect(fieldMessage(page, "Enter a website address such as kiransweets.in or https://kiransweets.in")).toBeVisible();

  await page.getByLabel("Website (optional)").fill("kiransweets.in");
  await page.getByRole("button", { name: "Save business card" }).click();
  await expect(page.getByTestId("toast")).toContainText("Business card saved");
  await expect(page.getByRole("heading", { name: "Your card is ready to share" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Midnight Gold" })).toBeChecked();

  await page.getByRole("link", { name: "Open my card" }).click();
  await expect(page).toHaveURL(/\/card\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const cardUrl = page.url();
  const card = page.getByRole("img", { name: "Business card of Kiran Sweets" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Owner");
  await expect(card).toContainText("kiransweets.in");
  await expect(page.getByRole("link", { name: "Call +91 98450 12345" })).toHaveAttribute("href", "tel:+919845012345");

  // Save contact: a vCard with the business's details.
  const vcard = await (await page.request.get((await page.getByRole("link", { name: "Save contact" }).getAttribute("href"))!)).text();
  expect(vcard).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
  expect(vcard).toContain("FN:Kiran Rao\r\n");
  expect(vcard).toContain("ORG:Kiran Sweets\r\n");
  expect(vcard).toContain("TEL;TYPE=CELL,VOICE:+919845012345\r\n");
  expect(vcard).toContain("URL:https://kiransweets.in/\r\n");

  // The QR code scans to this page.
  const qrHref = await page.getByRole("link", { name: "Download QR code" }).getAttribute("href");
  expect(await decodeQr(Buffer.from(await (await page.request.get(qrHref!)).body()))).toBe(cardUrl);

  // WhatsApp gets the card's link; the link preview is the card's picture.
  const whatsapp = await page.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href");
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent(whatsapp!.split("text=")[1])).toContain(cardUrl);
  const preview = await page.locator('meta[property="og:image"]').getAttribute("content");
  const previewImage = await sharp(Buffer.from(await (await page.request.get(preview!)).body())).metadata();
  expect([previewImage.format, previewImage.width, previewImage.height]).toEqual(["jpeg", 1200, 630]);

  // The PNG downloads at print size.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download card (PNG)" }).click()]);
  expect(download.suggestedFilename()).toBe("kiran-sweets-card.png");
  const png = await sharp(await readFile((await download.path())!)).metadata();
  expect([png.format, png.width, png.height]).toEqual(["png", 2100, 1200]);

  // Printed, the page is the card alone, at business-card size (3.5 in = 336 CSS px).
  if (usesJavaScript(testInfo.project.name)) await expect(page.getByRole("button", { name: "Print card" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "Save contact" })).toBeHidden();
  await expect(page.getByText("Scan to open this card")).toBeHidden();
  expect((await card.boundingBox())?.width).toBeCloseTo(336, 0);
});

test("an owner keeps the personal mobile off the card: the page, its text and the contact file leave it out", async ({
  page,
  request,
  login,
}, testInfo) => {
  test.slow();
  const javaScript = usesJavaScript(testInfo.project.name);
  await login({ name: "Kiran Rao", businessName: "Kiran Sweets" });
  // A business phone of its own, so the mobile is only the owner's.
  await page.goto("/edit-profile");
  await page.getByLabel("Business phone").fill("080 2345 6789");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByTestId("toast")).toContainText("Profile updated");

  await page.goto("/app/business-card");
  const publicParts = page.getByRole("region", { name: "What anyone can see once you save" });
  await expect(publicParts).toContainText("+91 98450 12345, your personal mobile");
  await expect(publicParts).toContainText("+91 80234 56789, your business phone");
  const showMobile = page.getByRole("checkbox", { name: "Show my personal mobile on the card" });
  // The whole row is the tap target.
  const row = page.locator("label").filter({ has: showMobile });
  expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await row.click();
  await expect(showMobile).not.toBeChecked();
  // With JavaScript the summary follows at once; without it, the saved page says the same.
  if (javaScript) await expect(publicParts).toContainText("Not on the card: your personal mobile (+91 98450 12345).");

  // A refused form keeps the chosen design and the box as it was.
  await page.getByRole("radio", { name: "Peacock Teal" }).check();
  await page.getByLabel("Website (optional)").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save business card" }).click();
  await expect(fieldMessage(page, "Enter a website address such as kiransweets.in or https://kiransweets.in")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Peacock Teal" })).toBeChecked();
  await expect(showMobile).not.toBeChecked();

  await page.getByLabel("Website (optional)").fill("");
  await page.getByRole("button", { name: "Save business card" }).click();
  await expect(page.getByTestId("toast")).toContainText("Business card saved");
  await expect(showMobile).not.toBeChecked();
  await expect(publicParts).toContainText("Not on the card: your personal mobile (+91 98450 12345).");
  await expect(publicParts).not.toContainText("your personal mobile,");

  await page.getByRole("link", { name: "Open my card" }).click();
  await expect(page).toHaveURL(/\/card\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.getByRole("link", { name: "Call +91 80234 56789" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Chat on WhatsApp" })).toHaveCount(0);
  // Nowhere in the page as a visitor gets it: not in the drawing, the links, the meta tags or the page's data.
  const asSent = await (await request.get(page.url())).text();
  expect(asSent).toContain("+91 80234 56789");
  expect(asSent).not.toMatch(/98450\s?12345|9845012345/);
  const vcard = await (await page.request.get((await page.getByRole("link", { name: "Save contact" }).getAttribute("href"))!)).text();
  expect(vcard).not.toMatch(/9845012345/);
  expect(vcard).toContain("TEL;TYPE=WORK,VOICE:+918023456789\r\n");
});

test("a card that does not exist is a 404 page", async ({ page }) => {
  const response = await page.goto("/card/9f0c2d9e-8a4b-4c1e-9f2a-1b2c3d4e5f60");
  expect(response?.status()).toBe(404);
});
