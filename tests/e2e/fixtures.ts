import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { test as base, expect, type APIRequestContext, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";

import { e2eDataDirOf } from "./server-paths";

/** The intro_seen cookie as Remix writes it (base64 JSON of "1"), so the first-visit message stays closed. */
export const INTRO_SEEN_COOKIE = { name: "intro_seen", value: "IjEi", path: "/" };

/** A made-up client address per test, so rate limits (keyed on X-Forwarded-For) never couple tests. */
export function testClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.${octet()}.${octet()}.${octet()}`;
}

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;
}

export type Business = { email: string; password: string; name: string; businessName: string };

/**
 * The DATA_DIR of the server the running test talks to: each project's baseURL names its server
 * (the javascript and no-javascript projects share one, memory-off has its own; playwright.config.ts).
 */
export function serverDataDir(): string {
  return e2eDataDirOf(base.info().project.use.baseURL!);
}

function newestLinkIn(email: string, linkPath: string): string | null {
  const outbox = path.join(serverDataDir(), "outbox");
  const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
  const pattern = new RegExp(`http\\S+${linkPath.replace(/[.?]/g, "\\$&")}\\?token=\\S+`);
  for (const file of files) {
    const mail = readMail(path.join(outbox, file));
    const link = mail?.to === email ? pattern.exec(mail.text) : null;
    if (link) return link[0];
  }
  return null;
}

/** A mail in the outbox; null while the server is still writing it (another test's, in parallel). */
function readMail(file: string): { to: string; text: string } | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { to: string; text: string };
  } catch {
    return null;
  }
}

/**
 * The newest link to `linkPath` ('/reset-password', '/verify-email') mailed to `email`, read from the
 * outbox of the test's server; the mail goes out from a background job just after the answer, so it waits
 * for it as the user would.
 */
export async function mailedLink(email: string, linkPath: string): Promise<string> {
  await expect.poll(() => newestLinkIn(email, linkPath), { timeout: 10_000 }).not.toBeNull();
  return newestLinkIn(email, linkPath)!;
}

/**
 * Pages that already said 'Okay' to the first-visit message (tests of that message use a fresh
 * context), and `login()`: a new business account with a signed-in session in this page's browser,
 * made by the registration action itself over HTTP (a real user row and session row; the cookie
 * lands in the page's cookie jar), its email verified with the mailed link (so it holds the opening
 * balance) unless `verified: false`. Signing up through the form is for the tests of sign-up itself.
 */
/** The e2e server's designated admin (playwright.config.ts's ADMIN_EMAIL and ADMIN_PASSWORD; db-setup makes the account). */
export const E2E_ADMIN = { email: "admin@isent.example.in", password: "admin-e2e-password" };

export const test = base.extend<{
  login: (business?: Partial<Business> & { verified?: boolean }) => Promise<Business>;
  /** Signs this page's browser in as the admin (through the admin sign-in action over HTTP). */
  adminLogin: () => Promise<void>;
}>({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": testClientIp() });
  },
  page: async ({ page, baseURL }, use) => {
    await page.context().addCookies([{ ...INTRO_SEEN_COOKIE, url: baseURL! }].map(({ path: _path, ...cookie }) => cookie));
    await use(page);
  },
  login: async ({ page, baseURL }, use) => {
    await use(async ({ verified = true, ...overrides } = {}) => {
      const business: Business = {
        email: uniqueEmail("owner"),
        password: "secret123",
        name: "Kiran Rao",
        businessName: "Kiran Sweets",
        ...overrides,
      };
      const response = await page.request.post("/auth", {
        form: { intent: "register", username: business.email, mobileNumber: "9845012345", ...business },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(response.status(), await response.text()).toBe(302);
      expect(response.headers()["location"]).toBe("/app");
      if (verified) {
        const token = new URL(await mailedLink(business.email, "/verify-email")).searchParams.get("token")!;
        const verifying = await page.request.post("/verify-email", { form: { token }, headers: { Origin: baseURL! }, maxRedirects: 0 });
        expect(verifying.status(), await verifying.text()).toBe(302);
      }
      return business;
    });
  },
  adminLogin: async ({ page, baseURL }, use) => {
    await use(async () => {
      const response = await page.request.post("/admin/login", { form: E2E_ADMIN, headers: { Origin: baseURL! }, maxRedirects: 0 });
      expect(response.status(), await response.text()).toBe(302);
    });
  },
});

export { expect };

/** Opens an admin screen from the admin menu (on a phone it is behind 'Menu'), or presses its Logout. */
export async function useAdminMenu(page: Page, item: { link: string } | { button: "Logout" }) {
  await page.locator("summary", { hasText: "Menu" }).click();
  const menu = page.locator("details[open]");
  if ("link" in item) await menu.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: item.link, exact: true }).click();
  else await menu.getByRole("button", { name: item.button }).click();
}

/** A number as the admin screens print it ('1,234'). */
export async function shownNumber(locator: Locator): Promise<number> {
  return Number((await locator.textContent())!.replace(/,/g, ""));
}

/** Logout, from the workspace's account menu (the shop's picture in the header). */
export async function logOut(page: Page) {
  await page.getByLabel("Account menu").click();
  await page.getByRole("button", { name: "Logout" }).click();
}

/** Whether a project's pages run scripts: all but no-javascript do (javascript, memory-off, hostile-shapes). */
export const usesJavaScript = (projectName: string) => projectName !== "no-javascript";

export function cards(page: Page) {
  return page.locator("article[data-post-id]");
}

/** Reads a post's id and likes from the page's n-th card. */
export async function cardAt(page: Page, index: number) {
  const card = cards(page).nth(index);
  return {
    card,
    id: (await card.getAttribute("data-post-id"))!,
    likes: Number(await card.getByTestId("likes-count").textContent()),
  };
}

/** A row's button in its '⋯' menu (a <details>, which hides it until opened): opens the menu if it is closed. */
export async function menuButton(scope: Page | Locator, name: string | RegExp): Promise<Locator> {
  // The inner locator of `has` is relative to each <details>: it starts from the page.
  const page = "page" in scope ? scope.page() : scope;
  const menu = scope.locator("details").filter({ has: page.getByRole("button", { name, includeHidden: true }) });
  if ((await menu.getAttribute("open")) === null) await menu.locator("summary").click();
  return menu.getByRole("button", { name });
}

/**
 * A field's own message, under it (a refused form also lists it in its error summary at the top,
 * as a link to the field: the same words twice on the page).
 */
export function fieldMessage(page: Page, message: string | RegExp): Locator {
  const exactly = typeof message === "string" ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : message;
  return page.locator('p[id$="-error"]').filter({ hasText: exactly });
}

/** Places the signed-in business (the request's session) in Indiranagar, Bengaluru, as the location step does. */
export async function placeBusiness(request: APIRequestContext, origin: string) {
  const response = await request.post("/edit-profile/location", {
    form: { intent: "choose", lat: "12.97194", lon: "77.64115", label: "Indiranagar, Bengaluru" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

/** A 400×300 JPEG of one colour, as a file to choose in an image field. */
export async function photo(name: string, colour: string) {
  const buffer = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** On the business location screen: searches for a town and picks its first match, as a business would. */
export async function chooseTown(page: Page, town: string) {
  await page.getByLabel("Search for your town or area").fill(town);
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("button", { name: new RegExp(`^${town}`) })
    .first()
    .click();
}

/** With JavaScript, waits until the page's scripts run, so a click is handled by them and not by a plain form post. */
export async function scriptsReady(page: Page, testInfo: TestInfo) {
  if (!usesJavaScript(testInfo.project.name)) return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

/**
 * The admin, in a browser of its own (the project's JavaScript setting, its own address), signed in
 * through the admin sign-in action; the test's `page` stays the business's browser.
 */
export async function adminBrowser(browser: Browser, baseURL: string, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: usesJavaScript(testInfo.project.name),
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
  await context.addCookies([{ name: INTRO_SEEN_COOKIE.name, value: INTRO_SEEN_COOKIE.value, url: baseURL }]);
  const page = await context.newPage();
  const response = await page.request.post("/admin/login", { form: E2E_ADMIN, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  return page;
}
