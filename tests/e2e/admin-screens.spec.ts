import type { Page } from "@playwright/test";

import { ADMIN_SCREENS } from "~/lib/admin-screens";

import { expect, test } from "./fixtures";

/**
 * Every screen of the admin area (the one list, app/lib/admin-screens.ts, so a screen added there is
 * walked without a new line here) loads without a single console error or uncaught script error:
 * no server-only import left in the browser's bundle, no failed hydration, no missing file. What it
 * checks besides (each screen answers 200 under the demo banner) is the server's HTML, the same with
 * scripts or without: it runs with scripts only.
 */

const PARAMETER = /:[A-Za-z]+/g;
const isRecordPattern = (pattern: string) => pattern.includes("/:");

/** A pattern's addresses as a regular expression ('/admin/feed/:id' → ^/admin/feed/[^/?#]+$). */
function addressesOf(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(PARAMETER, "[^/?#]+")}$`);
}

/** The list screen a record's page is linked from: the nearest screen above it ('/admin/templates' for '/admin/templates/edit/:id'). */
function listOf(pattern: string): string {
  const fixed = ADMIN_SCREENS.filter((screen) => !isRecordPattern(screen.pattern)).map((screen) => screen.pattern);
  let path = pattern.split("/:")[0];
  while (!fixed.includes(path)) path = path.slice(0, path.lastIndexOf("/"));
  return path;
}

/** The e2e server is a demo: every admin screen says what it simulates. */
const DEMO_BANNER = "Demo: SMS are simulated, mail stays on this server, payments are test payments";

/** Opens a screen and waits until its scripts have run and fetched what they fetch. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("demo-banner"), path).toHaveText(DEMO_BANNER);
}

test("every admin screen loads without a console error, under the demo banner @js-only", async ({ page, adminLogin }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${new URL(page.url()).pathname}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  await adminLogin();

  const fixedPaths = ADMIN_SCREENS.filter((screen) => !isRecordPattern(screen.pattern)).map((screen) => screen.pattern);
  const visited: string[] = [];
  for (const path of fixedPaths) {
    await visit(page, path);
    visited.push(path);
  }
  // A record's page of each kind: the first one its list links to that is not itself a fixed screen ('/admin/learn/new').
  for (const screen of ADMIN_SCREENS.filter((entry) => isRecordPattern(entry.pattern))) {
    const list = listOf(screen.pattern);
    await visit(page, list);
    const links = await page.locator("a[href]").evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    const record = links.find((href) => addressesOf(screen.pattern).test(href) && !fixedPaths.includes(href));
    expect(record, `a ${screen.title} linked from ${list}`).toBeTruthy();
    await visit(page, record!);
    visited.push(record!);
  }

  expect(visited.length).toBe(ADMIN_SCREENS.length);
  expect(errors, "console errors on the admin screens").toEqual([]);
});
