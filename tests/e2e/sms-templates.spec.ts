import type { Page } from "@playwright/test";

import { expect, INTRO_SEEN_COOKIE, test } from "./fixtures";

/** Saves the business's own DLT registration through the settings form's action, as its browser would. */
async function register(page: Page, origin: string, senderHeader: string) {
  const response = await page.request.post("/settings", {
    form: { intent: "sms-registration", dltEntityId: "1101234567890123456", senderHeader },
    headers: { Origin: origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Fills the template form (every field but the blanks' labels, left as they are). */
async function fillTemplate(page: Page, template: { name: string; text: string; dltTemplateId: string; category: string }) {
  await page.getByLabel("Template name").fill(template.name);
  await page.getByLabel("Approved text").fill(template.text);
  await page.getByLabel("DLT template ID").fill(template.dltTemplateId);
  await page.getByLabel("Category").selectOption({ value: template.category });
}

test("a business registered on DLT adds its own SMS template from Settings, fixing a bad slot, and finds it apart in the composer", async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await login({ businessName: "Kiran Sweets" });
  // Before its own registration the screen says what to do first, and offers no form.
  await page.goto("/campaigns/templates/new");
  await expect(page.getByRole("link", { name: "Add your DLT registration in Settings" })).toHaveAttribute("href", "/settings");
  await expect(page.getByLabel("Approved text")).toHaveCount(0);

  await page.goto("/settings");
  const section = page.getByRole("region", { name: "SMS sender registration (DLT)" });
  await expect(section.getByRole("link", { name: "Your SMS templates" })).toHaveCount(0);
  await section.getByLabel("DLT entity ID").fill("1101234567890123456");
  await section.getByLabel("Sender header").fill("KIRSWT");
  await section.getByRole("button", { name: "Save DLT registration" }).click();
  await expect(page.getByTestId("toast")).toContainText("DLT registration saved");
  await expect(section).toContainText("Your campaigns go out as KIRSWT");
  await section.getByRole("link", { name: "Your SMS templates" }).click();

  await expect(page.getByRole("heading", { name: "Your SMS templates" })).toBeVisible();
  await expect(page.getByText("Campaigns from them go out as KIRSWT")).toBeVisible();
  await page.getByRole("link", { name: "Add a template" }).click();
  await fillTemplate(page, {
    name: "Kiran order ready",
    text: "Hi {#var#}, your order {#VAR#} is ready at Kiran Sweets.",
    dltTemplateId: "1107 1726 0000 0000 042",
    category: "service",
  });
  await page.getByLabel("What each blank is for (optional, one a line, in order)").fill("Customer name\nOrder number");
  await page.getByRole("button", { name: "Add template" }).click();
  const text = page.getByLabel("Approved text");
  await expect(text).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await text.getAttribute("aria-describedby")}`)).toHaveText(
    '"{#VAR#}" is not a slot DLT accepts: write every slot exactly as {#var#}',
  );

  await text.fill("Hi {#var#}, your order {#var#} is ready at Kiran Sweets.");
  await page.getByRole("button", { name: "Add template" }).click();
  await expect(page.getByTestId("toast")).toContainText("SMS template added");
  await expect(page).toHaveURL(/\/campaigns\/templates$/);
  const listed = page.getByTestId("own-sms-template");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("Kiran order ready");
  await expect(listed).toContainText("DLT 1107172600000000042");
  await expect(listed).toContainText("Hi {#var#}, your order {#var#} is ready at Kiran Sweets.");

  // The composer lists it apart from iSent's templates.
  await page.goto("/campaigns/new");
  const own = page.locator('optgroup[label="Your DLT templates"] option');
  await expect(own).toHaveCount(1);
  await expect(own).toContainText("Kiran order ready");
  await expect(page.locator(`optgroup[label="iSent's templates"] option`, { hasText: "Kiran order ready" })).toHaveCount(0);
});

test("a template is edited and deleted in two steps; another business's is not found", async ({ page, login, baseURL }) => {
  test.setTimeout(90_000);
  await login();
  await register(page, baseURL!, "RAOSWT");
  await page.goto("/campaigns/templates/new");
  await fillTemplate(page, {
    name: "Weekend offer",
    text: "{#var#} off this weekend only.",
    dltTemplateId: "1107172600000000077",
    category: "promotional",
  });
  await page.getByRole("button", { name: "Add template" }).click();
  await expect(page.getByTestId("toast")).toContainText("SMS template added");
  await page.getByRole("link", { name: "Edit Weekend offer" }).click();
  await expect(page).toHaveURL(/\/campaigns\/templates\/[0-9a-f-]{36}$/);
  const address = page.url();

  await page.getByLabel("Template name").fill("Weekend special");
  await page.getByRole("button", { name: "Save template" }).click();
  await expect(page.getByTestId("toast")).toContainText("SMS template saved");
  await expect(page.getByTestId("own-sms-template")).toContainText("Weekend special");

  // A second one, through the API the screen shares its model with.
  const kept = await page.request.post("/api/sms-templates", {
    data: { name: "Sharma's order", text: "Your order {#var#} is ready.", dltTemplateId: "1107172600000000078", category: "service" },
    headers: { Origin: baseURL! },
  });
  expect(kept.status(), await kept.text()).toBe(201);
  const keptId = ((await kept.json()) as { id: string }).id;

  await page.goto(address);
  await page.getByRole("button", { name: "Delete template" }).click();
  await expect(page.getByRole("alertdialog")).toContainText('Delete "Weekend special"?');
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page.getByTestId("toast")).toContainText("SMS template deleted");
  await expect(page.getByTestId("own-sms-template")).toHaveCount(1);
  await page.goto(address);
  await expect(page.getByText("There is no SMS template of yours at this address.")).toBeVisible();

  // Another business (signed in on this browser now) gets the 404 for the one that is left, to see and to change.
  await page.context().clearCookies();
  await page.context().addCookies([{ ...INTRO_SEEN_COOKIE, url: baseURL! }].map(({ path: _path, ...cookie }) => cookie));
  await login({ verified: false });
  await register(page, baseURL!, "SHARMA");
  const theirs = await page.goto(`/campaigns/templates/${keptId}`);
  expect(theirs?.status()).toBe(404);
  await expect(page.getByText("There is no SMS template of yours at this address.")).toBeVisible();
  const deleting = await page.request.post(`/campaigns/templates/${keptId}`, {
    form: { intent: "confirm-delete" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(deleting.status()).toBe(404);
  await page.goto("/campaigns/new");
  await expect(page.locator("option", { hasText: "Sharma's order" })).toHaveCount(0);
});
