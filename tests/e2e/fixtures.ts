import { test as base, expect, type Page } from "@playwright/test";

/** The intro_seen cookie as Remix writes it (base64 JSON of "1"), so the first-visit message stays closed. */
export const INTRO_SEEN_COOKIE = { name: "intro_seen", value: "IjEi", path: "/" };

/** A made-up client address per test, so rate limits (keyed on X-Forwarded-For) never couple tests. */
export function testClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `198.${octet()}.${octet()}.${octet()}`;
}

/** Pages that already said 'Okay' to the first-visit message; tests of that message use a fresh context. */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use) => {
    await use({ "X-Forwarded-For": testClientIp() });
  },
  page: async ({ page, baseURL }, use) => {
    await page.context().addCookies([{ ...INTRO_SEEN_COOKIE, url: baseURL! }].map(({ path: _path, ...cookie }) => cookie));
    await use(page);
  },
});

export { expect };

export const usesJavaScript = (projectName: string) => projectName === "javascript";

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
