import type { APIRequestContext, Page } from "@playwright/test";

import { expect, menuButton, test, usesJavaScript } from "./fixtures";

/** With JavaScript, waits until the page's scripts run, so typing is counted by them and a click is handled by them. */
async function scriptsReady(page: Page, javaScript: boolean) {
  if (!javaScript) return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

type ContactBody = { name: string; mobileNumber: string; tags?: string[]; consent?: "opted_in" | "opted_out"; consentSource?: string };

/** Adds a contact through POST /api/contacts, as the business's own browser (its session cookie). */
async function addContact(request: APIRequestContext, origin: string, body: ContactBody): Promise<string> {
  const response = await request.post("/api/contacts", { data: body, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Tomorrow in India at this time, as the datetime-local field holds it. */
function tomorrowInIndia(time: string): string {
  return `${new Date(Date.now() + 5.5 * 3_600_000 + 86_400_000).toISOString().slice(0, 10)}T${time}`;
}

const numbers = (page: Page, what: "characters" | "encoding" | "parts" | "recipients" | "cost") => page.getByTestId(`sms-${what}`);

/** Without JavaScript the numbers come back from the server on 'Check'; with it they follow the form. */
async function checkNumbers(page: Page, javaScript: boolean) {
  if (!javaScript) await page.getByRole("button", { name: "Check" }).click();
}

/**
 * Names the campaign and chooses a platform template whose third slot is a fixed text (without
 * JavaScript its slots come with the server's answer to 'Check'); the first two keep their first
 * choices, the customer's and the business's names.
 */
async function composeFromTemplate(
  page: Page,
  javaScript: boolean,
  campaign: { name: string; template: string; slot3: string; value: string },
) {
  await page.getByLabel("Campaign name").fill(campaign.name);
  await page.getByLabel("SMS template").selectOption({ label: campaign.template });
  await checkNumbers(page, javaScript);
  await page.getByLabel(`${campaign.slot3}: what goes here`).selectOption("fixed");
  await page.getByLabel(`${campaign.slot3}: your text`).fill(campaign.value);
}

/** Opens the composer and fills a campaign from the platform's 'Order ready for pickup' (a service SMS: no sending window) with its reference. */
async function composePickup(page: Page, javaScript: boolean, name: string, reference: string) {
  await page.goto("/campaigns/new");
  await scriptsReady(page, javaScript);
  await composeFromTemplate(page, javaScript, {
    name,
    template: "Order ready for pickup · Service",
    slot3: "Order reference",
    value: reference,
  });
}

test("a campaign from a platform template to a group: the cost before sending, sent, followed to the end, delivered and failed in SMS History", async ({
  page,
  login,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const javaScript = usesJavaScript(testInfo.project.name);
  await login({ businessName: "Kiran Sweets" });
  for (let index = 0; index < 16; index++) {
    await addContact(page.request, baseURL!, { name: `Regular ${index + 1}`, mobileNumber: `98450 ${20_000 + index}`, tags: ["Regulars"] });
  }
  await addContact(page.request, baseURL!, {
    name: "Stopped Customer",
    mobileNumber: "98450 29999",
    tags: ["Regulars"],
    consent: "opted_out",
    consentSource: "Replied STOP",
  });
  await addContact(page.request, baseURL!, { name: "Walk-in Customer", mobileNumber: "98450 28888" });

  await page.goto("/campaigns");
  await expect(page.getByText("No campaigns yet.")).toBeVisible();
  await page.getByRole("link", { name: "New campaign" }).first().click();
  await expect(page).toHaveURL(/\/campaigns\/new$/);
  await scriptsReady(page, javaScript);
  await composeFromTemplate(page, javaScript, {
    name: "Orders ready",
    template: "Order ready for pickup · Service",
    slot3: "Order reference",
    value: "A-1042",
  });
  // The message with its blanks in it, each named by what it is for (never {#var#}).
  const message = page.getByTestId("template-text");
  await expect(message).toContainText("your order from");
  await expect(message).not.toContainText("{#var#}");
  await expect(message.getByTestId("blank-2")).toContainText("Business name");
  await expect(page.getByLabel("Customer name: what goes here")).toHaveValue("contact_name");
  await expect(page.getByLabel("Business name: what goes here")).toHaveValue("business_name");
  // A name's blank has no text box to fill; a blank of typed text has.
  await expect(page.getByLabel("Customer name: your text")).toBeHidden();
  await expect(page.getByLabel("Order reference: your text")).toBeVisible();
  await page.getByLabel("Contacts in these groups:").check();
  await page.getByLabel("Regulars (17)").check();
  await checkNumbers(page, javaScript);

  // The cost before sending: 16 of the group's 17 (one opted out), one part each, 1 credit a part.
  await expect(numbers(page, "recipients")).toContainText("16");
  await expect(numbers(page, "recipients")).toContainText("1 opted out: left out");
  await expect(numbers(page, "encoding")).toHaveText("English letters: 160 per SMS");
  await expect(numbers(page, "parts")).toHaveText("1");
  await expect(numbers(page, "cost")).toContainText("16 credits");
  await expect(page.getByTestId("sms-preview")).toContainText("your order from Kiran Sweets is ready for pickup. Order ref A-1042.");

  await page.getByRole("button", { name: "Send now" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("toast")).toContainText("Campaign started");
  await expect(page.getByRole("heading", { name: "Orders ready", level: 1 })).toBeVisible();
  await expect(page.getByTestId("campaign-cost")).toContainText(/16 credits (reserved|charged|paid)/);

  // The page follows the campaign by itself (polling with JavaScript, refreshing without) until every report is in.
  await expect(page.getByTestId("campaign-status")).toHaveText("Sent", { timeout: 60_000 });
  await expect(async () => {
    const delivered = Number(await page.getByTestId("count-delivered").textContent());
    const failed = Number(await page.getByTestId("count-failed").textContent());
    expect(delivered + failed).toBe(16);
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId("campaign-progress")).toContainText("16 messages:");
  // Finished, it says what it cost, not what it holds.
  await expect(page.getByTestId("campaign-cost")).toHaveText("16 credits paid", { timeout: 30_000 });
  await expect(page.getByTestId("campaign-timeline")).toContainText("Sending");

  await page.getByRole("link", { name: "See every message in SMS History" }).click();
  await expect(page).toHaveURL(/\/sms-history\?campaignId=/);
  const rows = page.getByTestId("sms-row");
  await expect(rows).toHaveCount(16);
  await expect(rows.first()).toContainText("Orders ready");
  await expect(rows.first()).toContainText("1 part · 1 credit");
  await expect(rows.filter({ hasText: "+91 98450 2" }).first()).toBeVisible();
  // The simulator reports some delivered and some failed (half, in the e2e server), with the reason.
  await expect(rows.filter({ has: page.getByTestId("sms-status").getByText("Delivered", { exact: true }) }).first()).toBeVisible();
  const failedRows = rows.filter({ has: page.getByTestId("sms-status").getByText(/^(Failed|Undelivered)$/) });
  await expect(failedRows.first()).toBeVisible();
  await expect(failedRows.first()).toContainText(
    /Number switched off|Out of network coverage|DND registered|Invalid number|Blocked by the operator|Inbox full/,
  );

  // Filtered by status: only the delivered ones.
  await page.getByLabel("Status").selectOption("delivered");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=delivered/);
  await expect(page.getByTestId("sms-status").filter({ hasNotText: "Delivered" })).toHaveCount(0);

  // The dashboard's 'SMS sent' is the server's count; the balance paid for the 16.
  await page.goto("/app");
  await expect(page.getByTestId("stat-sms")).toHaveText("16");
  await expect(page.getByTestId("stat-balance")).toHaveText("84 credits");
});

test("a Hindi message is UCS-2 with its parts; a short balance says how many credits are missing and sends nothing", async ({
  page,
  login,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const javaScript = usesJavaScript(testInfo.project.name);
  await login({ businessName: "Kiran Sweets" });
  const asha = await addContact(page.request, baseURL!, { name: "Asha Rao", mobileNumber: "98450 30000" });
  for (let index = 1; index < 60; index++) {
    await addContact(page.request, baseURL!, { name: `Customer ${index}`, mobileNumber: `98450 ${30_000 + index}` });
  }

  // A contact's page starts a campaign of one.
  await page.goto(`/edit-contact/${asha}`);
  await page.getByRole("link", { name: "Send SMS to Asha Rao" }).click();
  await expect(page).toHaveURL(new RegExp(`/campaigns/new\\?contactId=${asha}$`));
  await scriptsReady(page, javaScript);
  await expect(page.getByLabel("Only this contact:")).toBeChecked();
  await composeFromTemplate(page, javaScript, {
    name: "Appointment",
    template: "Appointment reminder · Service",
    slot3: "Day and time",
    value: "Monday\u200B 5 pm",
  });
  // An invisible character in a fixed slot is refused under that slot: as it is typed (with
  // JavaScript, where there is no 'Check'), or on 'Check'. Nothing is counted until it goes.
  await checkNumbers(page, javaScript);
  await expect(page.locator("#campaign-fills-2-error")).toHaveText("Remove the invisible characters from this slot");
  if (javaScript) await expect(numbers(page, "recipients")).toHaveText("Not counted: fix what is marked above");
  await page.getByLabel("Day and time: your text").fill("सोमवार शाम 5 बजे");
  await checkNumbers(page, javaScript);
  await expect(page.locator("#campaign-fills-2-error")).toHaveCount(0);
  // 'Hi Asha Rao, a reminder of your appointment at Kiran Sweets on सोमवार शाम 5 बजे. Please call us if you need to reschedule.'
  await expect(numbers(page, "encoding")).toContainText("Hindi or emoji: 70 per SMS");
  await expect(numbers(page, "encoding")).toContainText("because of “स” (character 64)");
  await expect(numbers(page, "characters")).toHaveText("122");
  await expect(numbers(page, "parts")).toHaveText("2");
  await expect(numbers(page, "recipients")).toContainText("1");
  await expect(numbers(page, "cost")).toContainText("2 credits");
  await expect(page.getByTestId("sms-preview")).toHaveText(
    "Hi Asha Rao, a reminder of your appointment at Kiran Sweets on सोमवार शाम 5 बजे. Please call us if you need to reschedule.",
  );

  // To all 60: 120 credits against a balance of 100, said before sending.
  await page.getByLabel("All my contacts").check();
  await checkNumbers(page, javaScript);
  await expect(numbers(page, "recipients")).toContainText("60");
  await expect(numbers(page, "cost")).toContainText("120 credits");
  const shortfall = page.getByTestId("shortfall");
  await expect(shortfall).toContainText("you need 20 more credits");
  await expect(shortfall.getByRole("button", { name: "Buy credits" })).toBeVisible();

  // Sending anyway is refused where the eye is, with the way to buy credits; nothing is charged.
  await page.getByRole("button", { name: "Send now" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toContainText("20");
  await expect(page.getByLabel("Campaign name")).toHaveValue("Appointment");

  // 'Buy credits' keeps the campaign as typed; paid, it is back, ready to send.
  await summary.getByRole("button", { name: "Buy credits" }).click();
  await expect(page).toHaveURL(/\/credits$/, { timeout: 15_000 });
  await expect(page.getByTestId("detour-notice")).toContainText("Everything you typed in your campaign is kept.");
  await page.getByRole("button", { name: "Buy 100 for ₹118" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns\/new(\?|$)/, { timeout: 15_000 });
  await expect(page.getByTestId("toast")).toContainText("Payment received: 100 credits added");
  await expect(page.getByTestId("kept-draft-notice")).toContainText("Everything you typed and chose is back");
  await expect(page.getByLabel("Campaign name")).toHaveValue("Appointment");
  await expect(page.getByLabel("Day and time: your text")).toHaveValue("सोमवार शाम 5 बजे");
  await expect(page.getByLabel("All my contacts")).toBeChecked();
  await page.goto("/app");
  await expect(page.getByTestId("stat-balance")).toHaveText("200 credits");
  await expect(page.getByTestId("stat-sms")).toHaveText("0");
});

test("a scheduled campaign is paused, resumed and cancelled from the list", async ({ page, login, baseURL }, testInfo) => {
  const javaScript = usesJavaScript(testInfo.project.name);
  await login({ businessName: "Kiran Sweets" });
  await addContact(page.request, baseURL!, { name: "Asha Rao", mobileNumber: "98450 40000" });

  await composePickup(page, javaScript, "Tomorrow's pickups", "B-12");
  await page.getByLabel("Send at (optional, India time)").fill(tomorrowInIndia("11:00"));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("toast")).toContainText("Campaign scheduled");
  await expect(page.getByTestId("campaign-status")).toHaveText("Scheduled");

  await page.getByRole("link", { name: "← Campaigns" }).click();
  const row = page.locator("li[data-campaign-id]").filter({ hasText: "Tomorrow's pickups" });
  await expect(row.getByTestId("campaign-status")).toHaveText("Scheduled");
  await expect(row).toContainText(/Starts \d{1,2} [A-Z][a-z]{2} \d{4}, 11:00 am/);

  await row.getByRole("button", { name: "Pause Tomorrow's pickups" }).click();
  await expect(page.getByTestId("toast")).toContainText("Campaign paused");
  await expect(row.getByTestId("campaign-status")).toHaveText("Paused");

  await row.getByRole("button", { name: "Resume Tomorrow's pickups" }).click();
  await expect(page.getByTestId("toast")).toContainText("Campaign resumed");
  await expect(row.getByTestId("campaign-status")).toHaveText("Scheduled");

  // Pause and Resume are real buttons a thumb can hit.
  const pauseBox = await row.getByRole("button", { name: "Pause Tomorrow's pickups" }).boundingBox();
  expect(pauseBox!.height).toBeGreaterThanOrEqual(44);
  expect(pauseBox!.width).toBeGreaterThanOrEqual(44);

  // Cancel asks once, saying what comes back; the toast says it again once done.
  await (await menuButton(row, "Cancel campaign Tomorrow's pickups")).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("Cancel “Tomorrow's pickups”?");
  await expect(question).toContainText("1 credit goes back to your balance.");
  await expect(row.getByTestId("campaign-status")).toHaveText("Scheduled");
  await question.getByRole("button", { name: "Yes, cancel campaign" }).click();
  await expect(page.getByTestId("toast")).toContainText("Campaign cancelled");
  await expect(page.getByTestId("toast")).toContainText("1 credit went back to your balance.");
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(row.getByTestId("campaign-status")).toHaveText("Cancelled");
  await expect(row.getByRole("button")).toHaveCount(0);
  await page.goto("/app");
  await expect(page.getByTestId("stat-balance")).toHaveText("100 credits");
});

test("a campaign left unnamed is called after its template and the day; cancelling its draft asks once and says nothing was charged", async ({
  page,
  login,
  baseURL,
}, testInfo) => {
  const javaScript = usesJavaScript(testInfo.project.name);
  await login({ businessName: "Kiran Sweets" });
  await addContact(page.request, baseURL!, { name: "Asha Rao", mobileNumber: "98450 60000" });

  await composePickup(page, javaScript, "", "C-7");
  await expect(page.getByLabel("Campaign name (optional)")).toHaveValue("");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("toast")).toContainText("Draft saved");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Order ready for pickup · \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  const name = (await heading.textContent())!;

  await page.getByRole("button", { name: `Cancel campaign ${name}` }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText(`Cancel “${name}”?`);
  await expect(question).toContainText("Nothing was charged for it, so nothing goes back.");
  // 'Keep it' changes nothing.
  await question.getByRole("link", { name: "Keep it" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByTestId("campaign-status")).toHaveText("Draft");

  await page.getByRole("button", { name: `Cancel campaign ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, cancel campaign" }).click();
  await expect(page.getByTestId("toast")).toContainText("Campaign cancelled");
  await expect(page.getByTestId("toast")).toContainText("Nothing was charged, so nothing goes back.");
  await expect(page.getByTestId("campaign-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("campaign-cost")).toHaveText("Nothing charged");
});

test("another business's campaign is not found, and cannot be changed", async ({ page, login, baseURL }, testInfo) => {
  const javaScript = usesJavaScript(testInfo.project.name);
  await login({ businessName: "First Sweets" });
  await addContact(page.request, baseURL!, { name: "Asha Rao", mobileNumber: "98450 50000" });
  await composePickup(page, javaScript, "First's draft", "C-3");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("toast")).toContainText("Draft saved");
  await expect(page.getByTestId("campaign-status")).toHaveText("Draft");
  await expect(page.getByRole("button", { name: "Send now First's draft" })).toBeVisible();
  const theirs = new URL(page.url()).pathname.split("/").at(-1)!;

  // Another business, signed in on this browser instead.
  await page.context().clearCookies();
  await login({ businessName: "Second Sweets" });
  const response = await page.goto(`/campaigns/${theirs}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("There is no campaign at this address.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Campaigns" })).toBeVisible();
  const cancel = await page.request.post(`/campaigns/${theirs}`, {
    form: { intent: "cancel", campaignId: theirs },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(cancel.status()).toBe(404);
  await page.goto("/campaigns");
  await expect(page.getByText("No campaigns yet.")).toBeVisible();
});

test("a business saves its own DLT registration in settings; a header that is not 6 letters or digits is refused with why", async ({
  page,
  login,
}) => {
  await login({ businessName: "Kiran Sweets" });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "SMS sender registration (DLT)" });
  await expect(section).toContainText("go out as ISENTL");
  await expect(section.getByRole("link", { name: "SMS rules in India" })).toHaveAttribute("href", "/learn/sms-rules-in-india");

  await section.getByLabel("DLT entity ID").fill("1101 2345 6789 0123 456");
  await section.getByLabel("Sender header").fill("KIR-SW");
  await section.getByRole("button", { name: "Save DLT registration" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("A sender header is 6 letters or digits, e.g. ASHAKT");

  await section.getByLabel("Sender header").fill("kirswt");
  await section.getByRole("button", { name: "Save DLT registration" }).click();
  await expect(page.getByTestId("toast")).toContainText("DLT registration saved");
  await expect(section).toContainText("Your campaigns go out as KIRSWT from the templates DLT approved for you");
  await expect(section.getByRole("link", { name: "Your SMS templates" })).toHaveAttribute("href", "/campaigns/templates");
  await expect(section.getByLabel("DLT entity ID")).toHaveValue("1101234567890123456");
});
