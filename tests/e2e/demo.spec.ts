import { expect, mailedLink, test, useAdminMenu } from "./fixtures";

/**
 * The e2e server is a demo (an http PUBLIC_URL, demo data, nothing real set up): it says so on every
 * workspace and admin screen, the dashboard says the verification link is kept on this server, and
 * the admin's Outbox shows that mail with its link.
 */
const DEMO_BANNER = "Demo: SMS are simulated, mail stays on this server, payments are test payments";

test("a demo says what is simulated on the workspace and admin screens, and the admin's Outbox holds the verification mail", async ({
  page,
  login,
  adminLogin,
}) => {
  const business = await login({ verified: false });
  const banner = page.getByTestId("demo-banner");

  await page.goto("/app");
  await expect(banner).toHaveText(DEMO_BANNER);
  await expect(page.getByTestId("verify-email-notice")).toContainText(
    `Demo: mail stays on this server, so the link for ${business.email} was not sent: the admin can read it in the Outbox.`,
  );
  await expect(page.getByText("Resend keeps a new link there.")).toBeVisible();
  // A screen inside the app frame, and one that stands alone (the account's settings).
  for (const path of ["/contacts", "/settings"]) {
    await page.goto(path);
    await expect(banner, path).toHaveText(DEMO_BANNER);
  }
  // Not on the public feed: the banner is for the people running the shop and the site.
  await page.goto("/");
  await expect(banner).toHaveCount(0);

  await page.goto("/admin/login");
  await expect(banner).toHaveText(DEMO_BANNER);
  await adminLogin();
  await page.goto("/admin");
  await expect(banner).toHaveText(DEMO_BANNER);
  await useAdminMenu(page, { link: "Outbox" });
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
  await expect(banner).toHaveText(DEMO_BANNER);

  await page.getByLabel("To").fill(business.email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/outbox\\?to=${encodeURIComponent(business.email)}$`));
  const mail = page.getByTestId("kept-mail");
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(`To ${business.email}`);
  const link = await mailedLink(business.email, "/verify-email");
  const shown = mail.getByRole("link", { name: link, exact: true });
  await expect(shown).toHaveAttribute("href", link);
  expect((await shown.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  // Another recipient's filter finds nothing of this business's.
  await page.goto(`/admin/outbox?to=${encodeURIComponent(`nobody-${Date.now()}@example.in`)}`);
  await expect(page.getByText("No kept mail to this address.")).toBeVisible();

  // The link opens the verification page, as it would from a mailbox.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
});
