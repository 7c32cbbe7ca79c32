import type { Page } from "@playwright/test";

import { INTRO_SEEN_COOKIE, expect, fieldMessage, menuButton, test, usesJavaScript } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");

const contactRows = (page: Page) => page.getByRole("list", { name: "Contacts" }).locator(":scope > li");

const rowOf = (page: Page, name: string) => contactRows(page).filter({ hasText: name });

/** With JavaScript, waits until the page's scripts run, so a click is handled by them and not by a plain form post. */
async function scriptsReady(page: Page, javaScript: boolean) {
  if (!javaScript) return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

async function addContact(page: Page, name: string, mobileNumber: string) {
  await page.goto("/add-contact");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Mobile number").fill(mobileNumber);
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(toast(page)).toContainText("Contact added");
}

async function quickAdd(page: Page, name: string, mobileNumber: string) {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Mobile number").fill(mobileNumber);
  await page.getByRole("button", { name: "Add contact" }).click();
}

test("a new business adds three contacts, edits one and deletes one; the list, its count and the dashboard agree", async ({
  page,
  login,
}, testInfo) => {
  test.slow();
  const javaScript = usesJavaScript(testInfo.project.name);
  await login();
  await page.goto("/contacts");
  await expect(page.getByText("No contacts yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Import contacts" })).toHaveAttribute("href", "/contacts/import");

  await addContact(page, "Asha", "98123 45678");
  await addContact(page, "Ravi", "+91 99000-11122");
  await addContact(page, "Meena", "09000012345");
  await expect(page.getByTestId("contacts-total")).toHaveText("3 contacts");
  await expect(contactRows(page)).toHaveCount(3);
  await expect(rowOf(page, "Ravi")).toContainText("+91 99000 11122");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/contacts/export.csv");

  await page.getByRole("link", { name: "Edit Asha" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Asha");
  await page.getByLabel("Name", { exact: true }).fill("Asha Rao");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(toast(page)).toContainText("Contact updated");
  await expect(rowOf(page, "Asha Rao")).toBeVisible();

  await scriptsReady(page, javaScript);
  await (await menuButton(page, "Delete Ravi")).click();
  if (javaScript) {
    // The row asks, then goes at once.
    const row = rowOf(page, "Ravi");
    await expect(row.getByText("Delete Ravi?")).toBeVisible();
    await row.getByRole("button", { name: "Cancel" }).click();
    await expect(row.getByText("Delete Ravi?")).toBeHidden();
    await (await menuButton(page, "Delete Ravi")).click();
    await row.getByRole("button", { name: "Yes, delete" }).click();
  } else {
    // The edit page's confirm step.
    await expect(page).toHaveURL(/\/edit-contact\/[0-9a-f-]+$/);
    await expect(page.getByText("Delete Ravi? This cannot be undone.")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
  }
  await expect(toast(page)).toContainText("Contact deleted");
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(rowOf(page, "Ravi")).toHaveCount(0);
  await expect(contactRows(page)).toHaveCount(2);
  await expect(page.getByTestId("contacts-total")).toHaveText("2 contacts");

  await page.goto("/app");
  await expect(page.getByTestId("stat-contacts")).toHaveText("2");
});

test("with JavaScript a row goes before the server answers, and comes back if the delete fails @js-only", async ({
  page,
  login,
  baseURL,
}) => {
  test.slow();
  await login();
  await page.goto("/add-customer-contact");
  for (const [name, mobileNumber] of [
    ["Ravi", "98123 45678"],
    ["Asha", "99000 11122"],
    ["Meena", "98765 43210"],
  ]) {
    await quickAdd(page, name, mobileNumber);
    await expect(page.getByText(`Added: ${name}`)).toBeVisible();
  }
  await page.goto("/contacts");
  await scriptsReady(page, true);
  const total = page.getByTestId("contacts-total");
  const deletes = /\/edit-contact\/[0-9a-f-]+/;

  // The answer is held back: the row and the total have already changed.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(deletes, async (route) => {
    await held;
    await route.continue();
  });
  await (await menuButton(page, "Delete Asha")).click();
  await rowOf(page, "Asha").getByRole("button", { name: "Yes, delete" }).click();
  await expect(rowOf(page, "Asha")).toBeHidden();
  await expect(total).toHaveText("2 contacts");
  answer();
  await expect(toast(page)).toContainText("Contact deleted");
  await expect(rowOf(page, "Asha")).toHaveCount(0);
  await expect(total).toHaveText("2 contacts");
  await page.unroute(deletes);

  // The server refuses (the delete reaches a contact it does not know): the row and the total come back.
  await page.route(deletes, (route) =>
    route.continue({ url: route.request().url().replace(deletes, "/edit-contact/00000000-0000-4000-8000-000000000000") }),
  );
  await (await menuButton(page, "Delete Ravi")).click();
  await rowOf(page, "Ravi").getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page)).toContainText("Failed to delete contact");
  await expect(rowOf(page, "Ravi")).toBeVisible();
  await expect(total).toHaveText("2 contacts");
  await page.unroute(deletes);

  await page.getByRole("button", { name: "Dismiss notification" }).click();
  // Deleted meanwhile in another tab: the delete fails, and the list shows what the server has.
  const editHref = await page.getByRole("link", { name: "Edit Meena" }).getAttribute("href");
  const elsewhere = await page.request.post(editHref!, {
    form: { intent: "confirm-delete" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(elsewhere.status()).toBe(302);
  await (await menuButton(page, "Delete Meena")).click();
  await rowOf(page, "Meena").getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page)).toContainText("Failed to delete contact");
  await expect(rowOf(page, "Meena")).toHaveCount(0);
  await expect(total).toHaveText("1 contact");
});

test("the counter form shows the last one added and an empty form, ready for the next customer", async ({ page, login }, testInfo) => {
  await login();
  await page.goto("/add-customer-contact");
  await expect(page.getByRole("heading", { name: "Add customer contact" })).toBeVisible();

  await quickAdd(page, "Meena", "98765 43210");
  await expect(page).toHaveURL(/\/add-customer-contact\?added=[0-9a-f-]+$/);
  await expect(toast(page)).toContainText("Contact added");
  await expect(page.getByText("Added: Meena, +91 98765 43210")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Mobile number")).toHaveValue("");
  if (usesJavaScript(testInfo.project.name)) await expect(page.getByLabel("Name", { exact: true })).toBeFocused();

  await quickAdd(page, "Kavya", "70123 45678");
  await expect(page.getByText("Added: Kavya, +91 70123 45678")).toBeVisible();
  await expect(page.getByText("Added: Meena")).toHaveCount(0);
  await expect(page.getByText("2 contacts saved")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");

  // The same mobile again: refused, with the way to the contact the business already has.
  await quickAdd(page, "Meena K", "+91 98765-43210");
  await expect(fieldMessage(page, "A contact with this mobile number already exists")).toBeVisible();
  await expect(toast(page)).toContainText("Failed to add contact");
  await page.getByRole("link", { name: "Open the existing contact" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Meena");

  await page.goto("/add-customer-contact");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByText("Name and mobile number are required").first()).toBeVisible();
});

test("the list finds contacts by name and by the digits of their mobile", async ({ page, login }) => {
  await login();
  await page.goto("/add-customer-contact");
  await quickAdd(page, "Meena Iyer", "98765 43210");
  await expect(page.getByText("Added: Meena Iyer")).toBeVisible();
  await quickAdd(page, "Kavya", "70123 45678");
  await expect(page.getByText("Added: Kavya")).toBeVisible();

  await page.goto("/contacts");
  await expect(contactRows(page)).toHaveCount(2);
  for (const [search, found, missing] of [
    ["meena", "Meena Iyer", "Kavya"],
    ["43210", "Meena Iyer", "Kavya"],
    ["70123 45678", "Kavya", "Meena Iyer"],
  ]) {
    await page.getByRole("searchbox", { name: "Search contacts" }).fill(search);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/contacts\?q=/);
    await expect(page.getByTestId("contacts-total")).toHaveText("1 of your contacts match");
    await expect(rowOf(page, found)).toBeVisible();
    await expect(rowOf(page, missing)).toHaveCount(0);
  }
});

test("bad input on the add form shows its message and adds nothing", async ({ page, login }) => {
  await login();
  await page.goto("/add-contact");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByText("Name and mobile number are required").first()).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Ravi");
  await page.getByLabel("Mobile number").fill("022 2345 6789");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(fieldMessage(page, "Enter a valid Indian mobile number, e.g. 98123 45678")).toBeVisible();
  await page.goto("/contacts");
  await expect(page.getByText("No contacts yet.")).toBeVisible();
});

test("an opt-out is undone only with where the customer opted in again; the contact's page shows the history", async ({ page, login }) => {
  test.slow();
  await login();
  await page.goto("/add-contact");
  await page.getByLabel("Name", { exact: true }).fill("Asha");
  await page.getByLabel("Mobile number").fill("98123 45678");
  await page.getByLabel("Where the consent came from (optional)").fill("Asked at the counter");
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(toast(page)).toContainText("Contact added");

  const history = page.getByRole("list", { name: "Consent history" }).locator(":scope > li");
  const editAsha = async () => {
    await page.goto("/contacts");
    await page.getByRole("link", { name: "Edit Asha" }).click();
    await expect(page.getByRole("heading", { name: "Consent history" })).toBeVisible();
  };
  await editAsha();
  // This business has no DLT registration: its SMS go out under the platform's header, which others share.
  await expect(page.getByTestId("reply-scope")).toHaveText(
    "Your SMS go out under iSent's sender header ISENTL, which other businesses share: a STOP sent to it opts this number out for all of them, you included, and a START opts it back in.",
  );
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText("Opted in");
  await expect(history.first()).toContainText("Asked at the counter");
  await expect(history.first()).toContainText("Added on the form");
  // When, in India: '3 Dec 2026, 4:05 pm'.
  await expect(history.first().locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} (am|pm)$/);

  await page.getByLabel("Messages").selectOption("opted_out");
  await page.getByLabel("Where a change of consent came from").fill("Replied STOP");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page)).toContainText("Contact updated");
  await expect(rowOf(page, "Asha")).toContainText("Opted out");

  // Opting back in without saying where is refused, and changes nothing.
  await editAsha();
  await expect(history).toHaveCount(2);
  await expect(history.first()).toContainText("Opted out");
  await expect(history.first()).toContainText("Replied STOP");
  await page.getByLabel("Messages").selectOption("opted_in");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(fieldMessage(page, "Say where this customer opted in again, e.g. 'Asked in store on 3 Dec'")).toBeVisible();
  await expect(toast(page)).toContainText("Failed to update contact");
  await expect(history).toHaveCount(2);

  await page.getByLabel("Where a change of consent came from").fill("Asked in store on 3 Dec");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page)).toContainText("Contact updated");
  await expect(rowOf(page, "Asha")).toContainText("Opted in");
  await editAsha();
  await expect(history).toHaveCount(3);
  await expect(history.first()).toContainText("Opted in");
  await expect(history.first()).toContainText("Asked in store on 3 Dec");
  await expect(history.nth(1)).toContainText("Opted out");
  await expect(history.nth(2)).toContainText("Asked at the counter");
});

test("groups are one whatever their case: the form suggests the business's groups, the list and its filter show each once", async ({
  page,
  login,
}, testInfo) => {
  test.slow();
  await login();
  const groupsInput = page.getByLabel("Groups (optional, separated by commas)");
  /** The values the groups input suggests (its datalist's options). */
  const suggested = async () => {
    const listId = await groupsInput.getAttribute("list");
    if (!listId) return [];
    return page
      .locator(`datalist[id="${listId}"] > option`)
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  };
  const addWithGroups = async (name: string, mobileNumber: string, groups: string) => {
    await page.goto("/add-contact");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Mobile number").fill(mobileNumber);
    await groupsInput.fill(groups);
    await page.getByRole("button", { name: "Add contact" }).click();
    await expect(toast(page)).toContainText("Contact added");
  };

  await page.goto("/add-contact");
  expect(await suggested()).toEqual([]);
  await addWithGroups("Asha", "98123 45678", "Regulars, Diwali");

  // The next contact's form suggests the groups there are; another case of one is the same group.
  await page.goto("/add-contact");
  expect(await suggested()).toEqual(["Diwali", "Regulars"]);
  if (usesJavaScript(testInfo.project.name)) {
    // With JavaScript the suggestions follow the typing: the next group after the ones typed.
    await scriptsReady(page, true);
    await groupsInput.pressSequentially("Regulars, ");
    await expect.poll(suggested).toEqual(["Regulars, Diwali"]);
  }
  await addWithGroups("Ravi", "99000 11122", "regulars, VIP, vip");
  await expect(page).toHaveURL(/\/contacts$/);
  const groupsOfRow = (name: string) => rowOf(page, name).getByRole("list", { name: "Groups" }).getByRole("listitem");
  await expect(groupsOfRow("Ravi")).toHaveText(["Regulars", "VIP"]);
  await expect(groupsOfRow("Asha")).toHaveText(["Regulars", "Diwali"]);
  const filter = page.getByLabel("Filter by group");
  await expect(filter.getByRole("option")).toHaveText(["All groups", "Diwali (1)", "Regulars (2)", "VIP (1)"]);

  // A link with the group in another case filters by the same group.
  await page.goto("/contacts?tag=REGULARS");
  await expect(page.getByTestId("contacts-total")).toHaveText("2 of your contacts match");
  await expect(filter).toHaveValue("Regulars");
  await expect(filter.getByRole("option")).toHaveCount(4);
  await filter.selectOption("VIP");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/tag=VIP/);
  await expect(page.getByTestId("contacts-total")).toHaveText("1 of your contacts match");
  await expect(rowOf(page, "Ravi")).toBeVisible();
});

test("the edit form shows the mobile number as the list does and saves it back unchanged", async ({ page, login }) => {
  await login();
  await addContact(page, "Asha", "9812345678");
  await expect(rowOf(page, "Asha")).toContainText("+91 98123 45678");
  await page.getByRole("link", { name: "Edit Asha" }).click();
  await expect(page.getByLabel("Mobile number")).toHaveValue("+91 98123 45678");
  await page.getByLabel("Name", { exact: true }).fill("Asha Rao");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page)).toContainText("Contact updated");
  await expect(rowOf(page, "Asha Rao")).toContainText("+91 98123 45678");
  const stored = (await (await page.request.get("/api/contacts")).json()) as Array<{ name: string; mobileNumber: string }>;
  expect(stored).toMatchObject([{ name: "Asha Rao", mobileNumber: "+919812345678" }]);
});

test("a contact address that is malformed, unknown or another business's is the workspace's 404, leading back to the contacts", async ({
  page,
  login,
  baseURL,
}) => {
  // A contact of another business, then this business signed in in its place.
  await login();
  await addContact(page, "Asha", "98123 45678");
  const othersContact = await page.getByRole("link", { name: "Edit Asha" }).getAttribute("href");
  await page.context().clearCookies();
  await page.context().addCookies([{ name: INTRO_SEEN_COOKIE.name, value: INTRO_SEEN_COOKIE.value, url: baseURL! }]);
  await login();
  test.slow();
  for (const address of ["/edit-contact/not-a-uuid", "/edit-contact/00000000-0000-4000-8000-000000000000", othersContact!]) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("There is no contact at this address. It may have been deleted.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "App" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Feed" })).toHaveCount(0);
    await expect(page.getByText("Invalid contact ID")).toHaveCount(0);
  }
  await page.getByRole("link", { name: "Back to Contacts" }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText("No contacts yet.")).toBeVisible();
});
