import { expect, test, type APIRequestContext } from "@playwright/test";

import { testClientIp } from "./fixtures";

/**
 * The production server keeps drawn pages and first-visit pages for seconds (the render cache and
 * the response cache). These tests hammer / with visitors whose cookies, likes and places differ,
 * all at once, and check every answer is the asker's own.
 */
test.describe("pages kept in memory @api", () => {
  type Visitor = { label: string; request: APIRequestContext };

  async function visitor(
    baseURL: string,
    playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
    label: string,
  ) {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
    expect((await request.get("/")).status()).toBe(200);
    const chosen = await request.post("/location", {
      form: { intent: "choose", lat: "12.9716", lon: "77.5946", label, returnTo: "/" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(chosen.status()).toBe(303);
    return { label, request };
  }

  const postIds = (html: string) => [...html.matchAll(/id="post-([0-9a-f-]{36})"/g)].map((match) => match[1]);

  /** Whether this page draws the post's heart filled, and its count of likes. */
  function likeOf(html: string, postId: string) {
    const card = html.slice(html.indexOf(`id="post-${postId}"`));
    const pressed = /aria-pressed="(true|false)"/.exec(card)![1] === "true";
    const count = Number(/data-testid="likes-count">(\d+)</.exec(card)![1]);
    return { pressed, count };
  }

  async function like(who: Visitor, postId: string, baseURL: string) {
    const liked = await who.request.post(`/posts/${postId}/like`, {
      form: { action: "like", redirectTo: "/" },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(liked.status()).toBe(303);
  }

  test("two visitors with different cookies, likes and places never receive each other's page", async ({ playwright, baseURL }) => {
    const asha = await visitor(baseURL!, playwright, "Indiranagar test place");
    const ravi = await visitor(baseURL!, playwright, "Jayanagar test place");
    // A first visit each time: no cookie jar at all.
    const firstVisit = () => fetch(`${baseURL}/`, { headers: { "X-Forwarded-For": testClientIp() } });

    const firstPage = await (await asha.request.get("/")).text();
    const [first, second] = postIds(firstPage);
    expect(first && second).toBeTruthy();
    await like(asha, first, baseURL!);
    await like(ravi, second, baseURL!);

    // All at once, interleaved, so kept pages and renders under way are shared if they ever are.
    const asked = Array.from({ length: 12 }, (_, index) => [asha, ravi, null][index % 3]);
    const answers = await Promise.all(
      asked.map(async (who) => {
        const [status, html] = who
          ? await who.request.get("/").then(async (response) => [response.status(), await response.text()] as const)
          : await firstVisit().then(async (response) => [response.status, await response.text()] as const);
        expect(status).toBe(200);
        return { who, html };
      }),
    );
    for (const { who, html } of answers) {
      if (!who) {
        expect(html).not.toContain("test place");
        expect(likeOf(html, first).pressed).toBe(false);
        continue;
      }
      const other = who === asha ? ravi : asha;
      expect(html).toContain(who.label);
      expect(html).not.toContain(other.label);
      expect(likeOf(html, first).pressed).toBe(who === asha);
      expect(likeOf(html, second).pressed).toBe(who === ravi);
    }
    for (const context of [asha.request, ravi.request]) await context.dispose();
  });

  test("a visitor's own like is on their very next page, counted, though the page was kept a moment ago", async ({
    playwright,
    baseURL,
  }) => {
    const meera = await visitor(baseURL!, playwright, "Malleshwaram test place");
    const before = await (await meera.request.get("/")).text();
    // The same page again: kept, not drawn.
    expect(await (await meera.request.get("/")).text()).toContain("Malleshwaram test place");
    const target = postIds(before).find((id) => !likeOf(before, id).pressed)!;
    await like(meera, target, baseURL!);

    const after = likeOf(await (await meera.request.get("/")).text(), target);
    expect(after.pressed).toBe(true);
    // (At least one more: tests running beside this one may like the same post.)
    expect(after.count).toBeGreaterThan(likeOf(before, target).count);
    await meera.request.dispose();
  });

  test("someone else's like is counted on a returning visitor's next page, though theirs was kept a moment ago", async ({
    playwright,
    baseURL,
  }) => {
    const kiran = await visitor(baseURL!, playwright, "Basavanagudi test place");
    const anu = await visitor(baseURL!, playwright, "Koramangala test place");
    const before = await (await kiran.request.get("/")).text();
    expect(await (await kiran.request.get("/")).text()).toContain("Basavanagudi test place");
    const target = postIds(before).find((id) => !likeOf(before, id).pressed)!;
    // Kiran's cookies stay as they were: only the database can tell his kept page changed.
    await like(anu, target, baseURL!);

    // (At least one more: tests running beside this one may like it too.)
    await expect
      .poll(async () => likeOf(await (await kiran.request.get("/")).text(), target).count, { timeout: 2_000 })
      .toBeGreaterThan(likeOf(before, target).count);
    expect(likeOf(await (await kiran.request.get("/")).text(), target).pressed).toBe(false);
    for (const context of [kiran.request, anu.request]) await context.dispose();
  });
});
