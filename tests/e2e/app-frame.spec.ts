import type { Locator, Page } from "@playwright/test";

import { expect, test, usesJavaScript } from "./fixtures";

/** Every workspace screen a business reaches from the navigation, and the place it belongs to. */
const SCREENS: Array<[path: string, place: string]> = [
  ["/app", "Home"],
  ["/send-post", "Post"],
  ["/contacts", "Contacts"],
  ["/add-contact", "Contacts"],
  ["/add-customer-contact", "Contacts"],
  ["/contacts/import", "Contacts"],
  ["/posts-history", "History"],
  ["/send-offers", "Send Offers"],
  ["/add-templates", "Templates"],
  ["/app/business-card", "Business Card"],
  ["/learn", "Learn"],
  ["/campaigns", "Campaigns"],
  ["/campaigns/new", "Campaigns"],
  ["/sms-history", "SMS History"],
];
const TABS = ["Home", "Post", "Contacts", "History"];

const tabBar = (page: Page) => page.getByRole("navigation", { name: "App" });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

test("on a phone the current place is always in sight: four tabs and More, each at least 44 px", async ({ page, login }) => {
  // Fourteen screens, each measured tab by tab: more than one test's time on a busy machine.
  test.slow();
  await login();
  const viewport = page.viewportSize()!;
  for (const [path, place] of SCREENS) {
    await page.goto(path);
    const nav = tabBar(page);
    await expect(nav).toBeVisible();
    const items = nav.locator(":scope > ul > li");
    await expect(items).toHaveCount(5);
    const navBox = await box(nav);
    expect(navBox.y + navBox.height, `${path}: the bar sits at the bottom`).toBeCloseTo(viewport.height, 0);
    for (const item of await items.all()) {
      const itemBox = await box(item.locator("a, summary").first());
      expect(itemBox.height, path).toBeGreaterThanOrEqual(44);
      expect(itemBox.width, path).toBeGreaterThanOrEqual(44);
    }
    if (TABS.includes(place)) {
      const current = nav.getByRole("link", { name: place });
      await expect(current, path).toHaveAttribute("aria-current", "page");
      await expect(current).toBeInViewport();
    } else {
      // A place under More: More says so, and opening it shows the place marked.
      await expect(nav.locator("summary")).toContainText(`(you are on ${place})`);
      await nav.locator("summary").click();
      await expect(nav.getByRole("link", { name: place })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: place })).toBeInViewport();
    }
  }
});

test("More holds the rest, each a link; the dashboard starts a campaign", async ({ page, login }) => {
  await login();
  await page.goto("/app");
  const nav = tabBar(page);
  await nav.getByText("More").click();
  for (const name of ["Send Offers", "Templates", "Business Card", "Learn", "Public Feed", "Campaigns", "SMS History"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  // Quick add is reached from Contacts, not from the navigation.
  await expect(nav.getByRole("link", { name: /Add Contact|Add Customer Contact|Add Templates/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Start a campaign/ })).toHaveAttribute("href", "/campaigns/new");
  await nav.getByRole("link", { name: "Business Card" }).click();
  await expect(page).toHaveURL(/\/app\/business-card$/);
  if (usesJavaScript(test.info().project.name)) {
    // The sheet closes once it has taken the business there.
    await expect(nav.getByRole("link", { name: "Learn" })).toBeHidden();
  }
});

test("the account menu reaches the profile, settings, credits, help, terms, privacy and Logout", async ({ page, login }) => {
  const business = await login();
  await page.goto("/contacts");
  const menuButton = page.getByLabel("Account menu");
  const menuBox = await box(menuButton);
  expect(Math.min(menuBox.width, menuBox.height)).toBeGreaterThanOrEqual(44);
  await menuButton.click();
  await expect(page.getByText(business.email, { exact: true })).toBeVisible();
  for (const [name, href] of [
    ["Profile", "/edit-profile"],
    ["Settings", "/settings"],
    ["Credits", "/credits"],
    ["Help", "/learn"],
    ["Terms", "/terms-conditions"],
    ["Privacy", "/privacy-terms"],
  ]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await page.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  await page.goto("/app");
  await page.getByLabel("Account menu").click();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/(auth|login)?$/);
  expect((await page.goto("/app"))?.url()).toMatch(/\/login\?redirectTo=%2Fapp$/);
});

test("the dashboard shows the business profile with 'Edit'", async ({ page, login }) => {
  await login({ businessName: "Meena Tailors" });
  await page.goto("/app");
  const profile = page.getByRole("region", { name: "My business profile" });
  await expect(profile).toContainText("Meena Tailors");
  await expect(profile).toContainText("+91 98450 12345");
  await profile.getByRole("link", { name: "Edit my business profile" }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
});

test("a toast sits above the tab bar, clear of the header, is announced, and can be closed", async ({ page, login }) => {
  await login();
  await page.goto("/add-contact");
  await page.getByLabel("Name").fill("Ravi Kumar");
  await page.getByLabel("Mobile number").fill("9876543210");
  await page.getByRole("button", { name: "Add contact" }).click();
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Contact added");
  await expect(page.locator("[aria-live=polite]").filter({ has: toast })).toHaveCount(1);
  const toastBox = await box(toast);
  const headerBox = await box(page.locator("header").first());
  const barBox = await box(tabBar(page));
  expect(toastBox.y, "below the header").toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  expect(toastBox.y + toastBox.height, "above the tab bar").toBeLessThanOrEqual(barBox.y);
  const close = toast.getByLabel("Dismiss notification");
  const closeBox = await box(close);
  expect(Math.min(closeBox.width, closeBox.height)).toBeGreaterThanOrEqual(44);
  await close.click();
  await expect(toast).toBeHidden();
});

test("on a wide screen a sidebar holds every place and the tab bar is gone", async ({ page, login }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login();
  await page.goto("/posts-history");
  const sidebar = tabBar(page);
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Posts History" })).toHaveAttribute("aria-current", "page");
  const places = ["Dashboard", "Send Post", "Send Offers", "Contacts", "Templates", "Business Card", "Learn", "Public Feed"];
  for (const name of [...places, "Campaigns", "SMS History"]) {
    await expect(sidebar.getByRole("link", { name })).toBeVisible();
  }
  await expect(page.locator("[data-tab-bar]")).toBeHidden();
});
