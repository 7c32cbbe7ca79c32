import type { APIRequestContext, Page } from "@playwright/test";

import { expect, fieldMessage, test, usesJavaScript } from "./fixtures";

const json = (origin: string, extra: Record<string, string> = {}) => ({ Origin: origin, ...extra });

/**
 * A scheduled campaign of the signed-in business (this page's session), made through its API: one
 * contact, the platform's 'Order ready for pickup' template (a service SMS, so no sending window
 * applies), sent for tomorrow. 1 credit reserved.
 */
async function scheduledCampaign(request: APIRequestContext, origin: string, name: string): Promise<string> {
  const contact = await request.post("/api/contacts", {
    data: { name: "Asha Rao", mobileNumber: "98450 61234" },
    headers: json(origin),
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const templates = (await (await request.get("/api/sms-templates")).json()) as Array<{ id: string; name: string }>;
  const template = templates.find((candidate) => candidate.name === "Order ready for pickup")!;
  const created = await request.post("/api/campaigns", {
    data: {
      name,
      smsTemplateId: template.id,
      variables: [{ source: "contact_name" }, { source: "business_name" }, "A-77"],
      audience: { all: true },
    },
    headers: json(origin, { "Idempotency-Key": crypto.randomUUID() }),
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await request.post(`/api/campaigns/${id}/send`, {
    data: { sendAt: new Date(Date.now() + 86_400_000).toISOString() },
    headers: json(origin),
  });
  expect(sent.status(), await sent.text()).toBe(200);
  expect(((await sent.json()) as { status: string }).status).toBe("scheduled");
  return id;
}

/** Signs this browser in as someone else for a while, then back: the cookies are the session. */
async function asAdmin(page: Page, adminLogin: () => Promise<void>, work: () => Promise<void>) {
  const business = await page.context().cookies();
  await page.context().clearCookies();
  await adminLogin();
  await work();
  await page.context().clearCookies();
  await page.context().addCookies(business);
}

test("the admin finds a business's campaign, cancels it with a reason, and the business reads the reason on its page", async ({
  page,
  login,
  adminLogin,
  baseURL,
}, testInfo) => {
  const javaScript = usesJavaScript(testInfo.project.name);
  const businessName = `Admin Sweets ${Date.now() % 1_000_000}${testInfo.project.name === "javascript" ? "J" : "N"}`;
  await login({ businessName });
  const campaignName = "Pickups tomorrow";
  const campaignId = await scheduledCampaign(page.request, baseURL!, campaignName);
  const reason = "Order updates must name a real order: please check the reference";

  await asAdmin(page, adminLogin, async () => {
    await page.goto("/admin/campaigns");
    await expect(page.getByRole("heading", { name: "Campaigns", level: 1 })).toBeVisible();
    await page.getByLabel("Business").fill(businessName);
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/business=Admin\+Sweets/);
    const rows = page.getByTestId("admin-campaign-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(businessName);
    await expect(rows.first().getByTestId("campaign-status")).toHaveText("Scheduled");
    await expect(page.getByTestId("total-campaigns")).toHaveText("1");
    await expect(page.getByTestId("total-recipients")).toHaveText("1");
    await expect(page.getByTestId("total-cost")).toHaveText("1");

    await rows.first().getByRole("link", { name: campaignName }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/campaigns/${campaignId}$`));
    await expect(page.getByRole("heading", { name: campaignName, level: 1 })).toBeVisible();
    await expect(page.getByTestId("campaign-timeline")).toContainText("Scheduled");
    await expect(page.getByTestId("count-waiting")).toHaveText("1");

    // No reason: refused with why (in the browser with JavaScript, by the server without), nothing changed.
    if (javaScript) await page.waitForFunction(() => "__remixRouter" in window);
    await page.getByRole("button", { name: "Cancel campaign" }).click();
    await expect(fieldMessage(page, "Give the business a reason: it is shown on its campaign's page")).toBeVisible();
    await expect(page.getByTestId("campaign-status")).toHaveText("Scheduled");

    await page.getByLabel("Reason for cancelling (the business sees it)").fill(reason);
    await page.getByRole("button", { name: "Cancel campaign" }).click();
    await expect(page.getByTestId("toast")).toContainText("Campaign cancelled");
    await expect(page.getByTestId("toast")).toContainText("1 credit refunded to the business");
    await expect(page.getByTestId("campaign-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("status-reason")).toHaveText(`Cancelled by iSent: ${reason}`);
    await expect(page.getByTestId("campaign-refunded")).toHaveText("1");
    await expect(page.getByTestId("audit-trail")).toContainText(`Reason: ${reason}`);
    await expect(page.getByRole("button", { name: "Cancel campaign" })).toHaveCount(0);

    // Its message, in the admin's SMS history: cancelled, the number masked.
    await page.getByRole("link", { name: "See its messages in SMS History" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/sms-history\\?campaignId=${campaignId}`));
    const messages = page.getByTestId("admin-sms-row");
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText("+91 ••••• •1234");
    await expect(messages.first()).not.toContainText("98450 61234");
    await expect(messages.first().getByTestId("sms-status")).toHaveText("Cancelled");
    await expect(page.getByTestId("total-messages")).toHaveText("1");
    await expect(page.getByTestId("total-sent")).toHaveText("0");
  });

  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByTestId("campaign-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("status-reason")).toHaveText(`Cancelled by iSent: ${reason}`);
  await expect(page.getByTestId("campaign-timeline")).toContainText(reason);
  await page.goto("/app");
  await expect(page.getByTestId("stat-balance")).toHaveText("100 credits");
});

test("the SMS history filters by status in the URL; a sending window that closes before it opens is refused with why", async ({
  page,
  adminLogin,
}) => {
  await adminLogin();
  await page.goto("/admin/sms-history");
  await expect(page.getByRole("heading", { name: "SMS History", level: 1 })).toBeVisible();
  await expect(page.getByTestId("default-period")).toContainText("Showing the last 30 days");
  await page.getByLabel("Status").selectOption("delivered");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=delivered/);
  await expect(page.getByLabel("Status")).toHaveValue("delivered");
  await expect(page.getByTestId("sms-status").filter({ hasNotText: "Delivered" })).toHaveCount(0);
  await expect(page.getByTestId("total-failed")).toHaveText("0");

  await page.goto("/admin/campaigns");
  const summary = page.getByTestId("sms-settings-summary");
  await expect(summary).toContainText("10:00–21:00");
  await page.getByRole("link", { name: "Change SMS settings" }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\/settings$/);
  await expect(page.getByTestId("sms-window")).toHaveText("Promotional SMS go out 10:00–21:00 India time.");
  await page.getByLabel("Opens at").selectOption("21");
  await page.getByLabel("Closes at").selectOption("10");
  await page.getByRole("button", { name: "Save SMS settings" }).click();
  await expect(fieldMessage(page, "The window must open before it closes (start before end)")).toBeVisible();
  await page.getByLabel("Platform sender header").fill("IS-NT");
  await page.getByRole("button", { name: "Save SMS settings" }).click();
  await expect(fieldMessage(page, "A sender header is 6 letters or digits, e.g. ISENTL")).toBeVisible();
  await page.goto("/admin/campaigns/settings");
  await expect(page.getByTestId("sms-window")).toHaveText("Promotional SMS go out 10:00–21:00 India time.");

  // An unknown campaign is a 404 inside the admin frame.
  const response = await page.goto(`/admin/campaigns/${crypto.randomUUID()}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("link", { name: "Back to the admin dashboard" })).toBeVisible();
  // The admin frame around it: on a phone, its menu.
  await expect(page.locator("summary").filter({ hasText: "Menu" })).toBeVisible();
});
