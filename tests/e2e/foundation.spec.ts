import { cards, expect, test } from "./fixtures";

test.describe("the public shell", () => {
  test("the home page shows the demo feed, newest first", async ({ page }) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(20);
    await expect(cards(page).first()).toContainText(/\d views?/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Browse posts and offers from local businesses near you/,
    );
    // Newest first for each business: the fair feed moves a business's third post in a run down,
    // so the page as a whole is newest first only where no business posted in a burst.
    const shown = await cards(page).evaluateAll((nodes) =>
      nodes.map((node) => ({
        business: node.querySelector("header")?.textContent?.split("·")[0] ?? "",
        // A post's time is its first <time>; offers may add more.
        time: Date.parse(node.querySelector("time")?.getAttribute("datetime") ?? ""),
      })),
    );
    expect(shown.every((post) => Number.isFinite(post.time))).toBe(true);
    for (const business of new Set(shown.map((post) => post.business))) {
      const times = shown.filter((post) => post.business === business).map((post) => post.time);
      expect(times, business).toEqual([...times].sort((a, b) => b - a));
    }
  });

  for (const [path, heading] of [
    ["/Termsofservice", "Terms of Service"],
    ["/privacyterms", "Privacy Policy"],
    ["/about-us", "About"],
    ["/contact-us", "Contact"],
  ]) {
    test(`${path} renders its page from the database`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      expect(await page.locator("article p").count()).toBeGreaterThan(0);
      // Search results and link previews quote the page's first paragraph.
      const firstParagraph = (await page.locator("article p").first().textContent())!;
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", firstParagraph.slice(0, 160));
      await page.getByRole("link", { name: "Back to Feed" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("an unknown page says so and leads back to the feed", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Feed" })).toBeVisible();
  });

  test("demo images are resized variants whose own page links to the stored original", async ({ page, request }) => {
    await page.goto("/");
    // A demo post's (other tests publish posts with photos of their own, stored under /uploads/u/).
    const card = page
      .locator("article[data-post-id]")
      .filter({ has: page.locator("a[aria-label^='Open image'] img[src^='/img/640/seed/']") })
      .first();
    const tile = card.locator("a[aria-label^='Open image']").first();
    const postId = await card.getAttribute("data-post-id");
    expect(await tile.getAttribute("href")).toBe(`/posts/${postId}/images/1`);
    const image = tile.locator("img");
    expect(await image.getAttribute("src")).toMatch(/^\/img\/640\/seed\//);
    expect(await image.getAttribute("srcset")).toContain("/img/320/");
    await page.goto(`/posts/${postId}/images/1`);
    const original = (await page.getByRole("link", { name: "Full size" }).getAttribute("href"))!;
    expect(original).toMatch(/^\/uploads\/seed\//);
    const full = await request.get(original);
    expect(full.status()).toBe(200);
    expect(full.headers()["content-type"]).toMatch(/^image\//);

    // The fourth tile of a post with more images is named by what it shows: "+N".
    // Among restaurants (the businesses other tests sign up publish newer posts in no category), where
    // the demo's newest burst post has every photo.
    await page.goto("/?category=Restaurant");
    await expect(page.getByRole("link", { name: /^Open image 4 of \d+, \+\d+ more$/ }).first()).toBeVisible();
  });
});

test.describe("headers and JSON @api", () => {
  test("/ carries an enforced CSP whose nonce matches the page's scripts", async ({ request }) => {
    const response = await request.get("/");
    const policy = response.headers()["content-security-policy"];
    expect(policy).toBeTruthy();
    expect(response.headers()["content-security-policy-report-only"]).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("frame-ancestors 'none'");

    const html = await response.text();
    const scriptNonces = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((match) => match[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["referrer-policy"]).toBeTruthy();

    const again = await request.get("/");
    expect(again.headers()["content-security-policy"]).not.toBe(policy);
  });

  test("first-time visitors (no cookies) each get their own nonce and visitor id", async ({ playwright, baseURL }) => {
    const visits = [];
    for (let visit = 0; visit < 3; visit++) {
      // A fresh context per visit: no cookie, like a shared link opened on a new phone.
      const visitor = await playwright.request.newContext({ baseURL });
      const response = await visitor.get("/");
      const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"])?.[1];
      const html = await response.text();
      const scriptNonces = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]+)"/g)].map((match) => match[1]);
      expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
      const anonId = (await visitor.storageState()).cookies.find((cookie) => cookie.name === "anon_id")?.value;
      expect(anonId).toBeTruthy();
      expect(response.headers()["cache-control"]).toBe("private, no-cache");
      visits.push({ nonce, anonId });
      await visitor.dispose();
    }
    expect(new Set(visits.map((visit) => visit.nonce)).size).toBe(3);
    expect(new Set(visits.map((visit) => visit.anonId)).size).toBe(3);
  });

  test("the page's scripts come precompressed and cached for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(3);
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ]) {
      const response = await request.get(scripts[0], { headers: { "Accept-Encoding": accept } });
      expect(response.headers()["content-encoding"]).toBe(encoding);
      expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await response.text()).toMatch(/^import|^var|^function|^\(/);
    }
  });

  test("public JSON answered from memory is the answer drawn, with every security header", async ({ request }) => {
    const [drawn, kept] = [await request.get("/api/categories"), await request.get("/api/categories")];
    expect(await kept.json()).toEqual(await drawn.json());
    for (const response of [drawn, kept]) {
      expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
      expect(response.headers()["cache-control"]).toBe("public, max-age=300");
      expect(response.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers()["x-content-type-options"]).toBe("nosniff");
      expect(response.headers()["x-frame-options"]).toBe("DENY");
    }
  });

  test("GET /api/health answers ok", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  test("an unknown /api path answers JSON {message}, not HTML", async ({ request }) => {
    const response = await request.get("/api/nothing-here");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(await response.json()).toEqual({ message: "No API endpoint at GET /api/nothing-here" });
  });
});

test("scripts run under the CSP without violations @js-only", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/");
  await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
  // A client-side navigation proves the bundle hydrated and runs.
  await page.getByRole("navigation", { name: "Information" }).getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("About");
  expect(violations).toEqual([]);
});

test("every page hydrates without a script error @js-only", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  for (const path of [
    "/",
    "/auth",
    "/auth?tab=register&reset=1",
    "/login",
    "/location",
    "/about-us",
    "/admin/login",
    "/admin/create-user",
    "/reset-password?token=not-a-real-token-000000",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(errors).toEqual([]);
});
