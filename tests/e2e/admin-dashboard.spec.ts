import { expect, shownNumber, test, useAdminMenu } from "./fixtures";

test("the admin dashboard shows totals, the last 30 days as charts, what waits and the latest admin actions", async ({
  page,
  adminLogin,
}) => {
  await adminLogin();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  expect(await shownNumber(page.getByTestId("admin-users"))).toBeGreaterThan(0);
  expect(await shownNumber(page.getByTestId("admin-views"))).toBeGreaterThan(0);
  for (const chart of ["businesses", "posts", "engagement", "sms", "credits"]) {
    // Drawn on the server: there with or without JavaScript, and said in words to screen readers.
    await expect(page.getByTestId(`chart-${chart}`).getByRole("img")).toHaveAttribute("aria-label", /in the last 30 days$/);
  }
  await expect(page.getByTestId("chart-posts").locator("[data-series=posts]")).toHaveCount(1);

  await expect(page.getByRole("heading", { name: "Waiting for you" })).toBeVisible();
  expect(await shownNumber(page.getByTestId("waiting-reports"))).toBeGreaterThanOrEqual(0);
  await expect(page.getByRole("heading", { name: "Latest admin actions" })).toBeVisible();

  // 'Payments to look at' opens the list of what it counts.
  const payments = await shownNumber(page.getByTestId("waiting-payments"));
  await page.getByRole("link", { name: /Payments to look at/ }).click();
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  await expect(page.getByTestId("payments-total")).toContainText(`${payments} to look at`);
  await page.goBack();
  // Back on the dashboard before the menu opens: arriving closes the menu (JavaScript navigates in place).
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // Every section is one tap away on a phone.
  await useAdminMenu(page, { link: "Users" });
  await expect(page).toHaveURL(/\/admin\/users$/);
});
