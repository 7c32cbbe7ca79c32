import type { Page } from "@playwright/test";

import { expect, test, usesJavaScript } from "./fixtures";

type Entry = { name?: string[]; tel?: string[] };

/** Android Chrome's Contact Picker, stubbed: `select` answers these entries, as the phone's picker would once the owner chose them. */
async function stubContactPicker(page: Page, entries: Entry[]) {
  await page.addInitScript((picked) => {
    Object.defineProperty(window, "ContactsManager", { value: function ContactsManager() {}, configurable: true });
    Object.defineProperty(navigator, "contacts", {
      value: { select: async () => picked, getProperties: async () => ["name", "tel"] },
      configurable: true,
    });
  }, entries);
}

const PICK_BUTTON = "Add from my phone's contacts";

/** Waits for the page's scripts, which is when the button can appear. */
async function scriptsReady(page: Page) {
  await page.waitForFunction(() => "__remixRouter" in window);
}

test("without a contact picker in the browser there is no button, and the form is as it was", async ({ page, login }, testInfo) => {
  await login();
  await page.goto("/add-contact");
  await expect(page.getByRole("button", { name: "Add contact" })).toBeVisible();
  if (usesJavaScript(testInfo.project.name)) await scriptsReady(page);
  await expect(page.getByRole("button", { name: PICK_BUTTON })).toHaveCount(0);
});

test("one contact picked from the phone fills the form; the owner answers the consent and saves @js-only", async ({ page, login }) => {
  await login();
  await stubContactPicker(page, [{ name: ["Asha Rao"], tel: ["022 2345 6789", "+91 98123-45601"] }]);
  await page.goto("/add-contact");
  await scriptsReady(page);
  const pick = page.getByRole("button", { name: PICK_BUTTON });
  const box = (await pick.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(44);
  await pick.click();
  // The mobile among her numbers, written as the form shows numbers.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Asha Rao");
  await expect(page.getByLabel("Mobile number")).toHaveValue("+91 98123 45601");
  await page.getByLabel("Where the consent came from (optional)").fill("Asked at the counter");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByTestId("toast")).toContainText("Contact added");
  await expect(page.getByRole("list", { name: "Contacts" })).toContainText("Asha Rao");
});

test("several picked contacts are reviewed as a list: a bad row says why and nothing is added until it is fixed @js-only", async ({
  page,
  login,
}) => {
  await login();
  await stubContactPicker(page, [
    { name: ["Ravi Kumar"], tel: ["09812345602"] },
    { name: ["Meena"], tel: ["12345"] },
    { name: ["Kavya"], tel: ["98123 45604"] },
  ]);
  await page.goto("/add-contact");
  await scriptsReady(page);
  await page.getByRole("button", { name: PICK_BUTTON }).click();
  await expect(page.getByRole("heading", { name: "3 contacts from your phone" })).toBeVisible();
  const row = (n: number) => page.getByRole("group", { name: `Contact ${n}` });
  await expect(row(1).getByLabel("Mobile number")).toHaveValue("+91 98123 45602");
  await expect(row(2).getByLabel("Mobile number")).toHaveValue("12345");
  await page.getByLabel("Messages").selectOption("opted_in");
  await page.getByRole("button", { name: "Add 3 contacts" }).click();
  await expect(row(2).getByText("Enter a valid Indian mobile number, e.g. 98123 45678")).toBeVisible();
  await page.goto("/contacts");
  await expect(page.getByText("No contacts yet.")).toBeVisible();

  await page.goto("/add-contact");
  await scriptsReady(page);
  await page.getByRole("button", { name: PICK_BUTTON }).click();
  await row(2).getByLabel("Mobile number").fill("98123 45603");
  await page.getByRole("button", { name: "Add 3 contacts" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByTestId("toast")).toContainText("Added 3 contacts.");
  await expect(page.getByTestId("contacts-total")).toHaveText("3 contacts");
});
