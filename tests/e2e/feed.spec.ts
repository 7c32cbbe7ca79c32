import { INTRO_SEEN_COOKIE, cardAt, cards, expect, test, usesJavaScript } from "./fixtures";

test.describe("the public feed", () => {
  test("shows the demo feed and loads more posts", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(cards(page)).toHaveCount(20);
    const firstIds = await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-post-id")));
    await page.getByRole("link", { name: "Load More Posts" }).click();
    if (usesJavaScript(testInfo.project.name)) {
      // Appended in place: the first page stays.
      await expect(cards(page)).toHaveCount(40);
      await expect(page).toHaveURL(/\/$/);
    } else {
      await expect(page).toHaveURL(/cursor=/);
      await expect(cards(page)).toHaveCount(20);
      const nextIds = await cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-post-id")));
      expect(nextIds.filter((id) => firstIds.includes(id))).toEqual([]);
    }
  });

  test("a category pages to its last post: every restaurant once, a business's run moved down, not hidden", async ({
    page,
    request,
  }, testInfo) => {
    // Restaurants only: the businesses other tests sign up publish too, in no category.
    const restaurants: Array<{ id: string; businessName: string }> = [];
    for (let offset = 0; ; offset += 50) {
      const posts = (await (await request.get(`/api/feed?category=Restaurant&limit=50&offset=${offset}`)).json()) as typeof restaurants;
      restaurants.push(...posts);
      if (posts.length < 50) break;
    }
    expect(restaurants.length).toBeGreaterThan(20);
    // Asha's Kitchen's five offers in a row among them.
    expect(restaurants.filter((post) => post.businessName === "Asha's Kitchen").length).toBeGreaterThanOrEqual(5);

    await page.goto("/?category=Restaurant");
    const seen = new Set<string>();
    for (let pages = 0; pages < 10; pages++) {
      await expect(cards(page).first()).toBeVisible();
      for (const card of await cards(page).all()) {
        const id = (await card.getAttribute("data-post-id"))!;
        if (!usesJavaScript(testInfo.project.name)) expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
      const more = page.getByRole("link", { name: "Load More Posts" });
      if ((await more.count()) === 0) break;
      const shown = await cards(page).count();
      await more.click();
      // With JavaScript the next page is appended; without, it replaces this one.
      if (usesJavaScript(testInfo.project.name)) await expect(cards(page)).not.toHaveCount(shown);
      else await expect(page).toHaveURL(/cursor=/);
    }
    // Every restaurant once, in the order GET /api/feed gives by offset.
    expect([...seen]).toEqual(restaurants.map((post) => post.id));
  });

  test("searches by business name and by #hashtag", async ({ page }) => {
    await page.goto("/");
    const search = page.getByPlaceholder("Search posts, #hashtags, or business");
    await search.fill("Chai Corner");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=Chai\+Corner|q=Chai%20Corner/);
    // With JavaScript the URL changes just before the new cards render: wait for them.
    await expect
      .poll(async () => {
        const texts = await cards(page).allTextContents();
        return texts.length > 0 && texts.every((text) => /chai|corner/.test(text.toLowerCase()));
      })
      .toBe(true);

    await search.fill("#freshbakes");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=%23freshbakes/);
    // A tag written in the text is found like any other, and shown once, as a link where it stands.
    await expect(cards(page).first().getByRole("link", { name: "#freshbakes", exact: true })).toHaveCount(1);

    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(cards(page)).toHaveCount(20);
  });

  test("filters by category from the menu", async ({ page }) => {
    await page.goto("/");
    await page.getByText("All categories").first().click();
    await page.getByRole("link", { name: "Cafe", exact: true }).click();
    await expect(page).toHaveURL(/category=Cafe/);
    // With JavaScript the URL changes just before the new cards render: wait for them.
    await expect.poll(async () => new Set(await cards(page).locator("header > span").allTextContents())).toEqual(new Set(["Cafe"]));
  });

  test("a new visitor is asked the place first, chooses it, sees distances, then shows all", async ({ page }, testInfo) => {
    await page.goto("/");
    // The place is asked on the first screen, above the first post, with or without JavaScript.
    const placeBox = page.getByPlaceholder("Your area or city");
    await expect(page.getByText("Which area are you in?")).toBeInViewport();
    await expect(placeBox).toBeInViewport();
    await placeBox.fill("Indiranagar");
    await page.getByRole("search").filter({ has: placeBox }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/location\?/);
    await page
      .getByRole("button", { name: /Indiranagar/ })
      .first()
      .click();
    await expect(page.getByTestId("location-label")).toHaveText("Indiranagar");
    await expect(page.getByText("Which area are you in?")).toHaveCount(0);
    await expect(cards(page).first()).toContainText("away");
    for (const text of await cards(page).locator("header").allTextContents()) expect(text).toContain("Bengaluru");

    // A returning visitor gets the same area in the first HTML.
    await page.goto("/");
    await expect(page.getByTestId("location-label")).toHaveText("Indiranagar");

    // 'Change' searches as the visitor types with JavaScript; it opens /location without.
    if (usesJavaScript(testInfo.project.name)) await expect(page.getByRole("button", { name: "Use my location" }).first()).toBeVisible();
    await page.getByRole("link", { name: "Change" }).click();
    if (usesJavaScript(testInfo.project.name)) {
      // Slow the answers so the in-between state lasts longer than the assertion's polling steps (up to 1 s).
      await page.route("**/api/places?*", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.getByPlaceholder("Search a city, area…").fill("Qqxzv");
      await expect(page.getByText("Searching…")).toBeVisible();
      await expect(page.getByText("No places found")).toBeVisible();
      await page.getByPlaceholder("Search a city, area…").fill("Koramangala");
    } else {
      await expect(page).toHaveURL(/\/location/);
      await page.getByPlaceholder("Search a city, area…").fill("Koramangala");
      await page.getByRole("button", { name: "Search" }).click();
    }
    await page
      .getByRole("button", { name: /Koramangala/ })
      .first()
      .click();
    await expect(page.getByTestId("location-label")).toHaveText("Koramangala");

    await page.getByRole("link", { name: "Show all" }).click();
    await expect(page.getByText("Showing posts from everywhere")).toBeVisible();
  });

  test("a place with no posts offers the ways out", async ({ page }, testInfo) => {
    await page.goto("/?lat=23.5&lon=88.9&label=Nowhere");
    await expect(page.getByText("No posts near this location.")).toBeVisible();
    // Without JavaScript there is no position to ask the phone for: the place search is offered instead.
    const useMyLocation = page.getByRole("button", { name: "Use my location" });
    if (usesJavaScript(testInfo.project.name)) await expect(useMyLocation.last()).toBeVisible();
    else await expect(useMyLocation).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Search place" })).toBeVisible();
    await page.getByRole("link", { name: "Show all" }).last().click();
    await expect(cards(page)).toHaveCount(20);
  });

  test("a search that finds nothing says so and clears the search and the category, not the place", async ({ page }) => {
    await page.goto("/?lat=12.97194&lon=77.64115&label=Indiranagar&q=zzzznothing&category=Bakery");
    const main = page.getByRole("main");
    await expect(main.getByText('No posts match "zzzznothing" in Bakery.')).toBeVisible();
    await expect(main.getByText("No posts near this location.")).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Search place" })).toHaveCount(0);
    await main.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/lat=12\.97194/);
    await expect(page).not.toHaveURL(/q=|category=/);
    await expect(cards(page).first()).toBeVisible();
  });

  test("the search box has one clear button, not the browser's as well", async ({ page }) => {
    await page.goto("/?q=chai");
    const box = page.getByPlaceholder("Search posts, #hashtags, or business");
    await box.focus();
    await expect(page.getByRole("banner").getByRole("link", { name: "Clear search" })).toHaveCount(1);
    // The browser draws its own clear button in a type="search" box only.
    await expect(box).toHaveAttribute("type", "text");
    await expect(box).toHaveAttribute("enterkeyhint", "search");
  });

  test("without JavaScript, Share opens a page with the link, WhatsApp and SMS, and an image opens on a page with 'Back to post'", async ({
    page,
    baseURL,
  }) => {
    test.skip(usesJavaScript(test.info().project.name), "with JavaScript Share is the phone's own sheet, and images open in the lightbox");
    await page.goto("/");
    // A card with images of its own (another test's new post may carry only its business's picture).
    const card = cards(page)
      .filter({ has: page.getByRole("link", { name: /^Open image 1 of/ }) })
      .first();
    const postId = (await card.getAttribute("data-post-id"))!;

    await card.getByRole("link", { name: "Share", exact: true }).click();
    await expect(page).toHaveURL(`/share/${postId}`);
    await expect(page.getByRole("heading", { name: "Share this post" })).toBeVisible();
    await expect(page.getByLabel("Link to copy")).toHaveValue(`${baseURL}/?post=${postId}`);
    await expect(page.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(page.getByRole("link", { name: "Send by SMS" })).toHaveAttribute("href", new RegExp(`^sms:\\?&body=.*${postId}`));
    await page.getByRole("link", { name: "Back to post" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?post=${postId}#post-${postId}$`));

    await page
      .locator(`article[data-post-id="${postId}"]`)
      .getByRole("link", { name: /^Open image 1 of/ })
      .click();
    await expect(page).toHaveURL(`/posts/${postId}/images/1`);
    await expect(page.getByRole("img", { name: /^Image 1 of \d+ from / })).toBeVisible();
    await page.getByRole("link", { name: "Back to post" }).click();
    await expect(page.locator(`article[data-post-id="${postId}"]`)).toBeVisible();

    expect((await page.request.get("/share/00000000-0000-4000-8000-000000000000")).status()).toBe(404);
    expect((await page.request.get(`/posts/${postId}/images/99`)).status()).toBe(404);
    expect((await page.request.get("/posts/not-an-id/images/1")).status()).toBe(404);
  });

  test("likes a post and takes the like back", async ({ page }, testInfo) => {
    // Each project likes its own post, so the two never race on one count.
    const index = usesJavaScript(testInfo.project.name) ? 3 : 4;
    await page.goto("/");
    const before = await cardAt(page, index);
    // Named by word and count, as a screen reader says it: "Like, 6".
    const likeButton = before.card.getByRole("button", { name: `Like, ${before.likes}`, exact: true });
    // The count moves at once with JavaScript: wait for the server to save the like before reloading.
    const saved = page.waitForResponse((response) => response.url().endsWith(`/posts/${before.id}/like`));
    await likeButton.click();
    await saved;
    const likedButton = cards(page)
      .nth(index)
      .getByRole("button", { name: `Unlike, ${before.likes + 1}`, exact: true });
    await expect(likedButton).toHaveAttribute("aria-pressed", "true");
    await expect(likedButton.getByTestId("likes-count")).toHaveText(String(before.likes + 1));

    await page.reload();
    await expect(cards(page).nth(index).getByTestId("likes-count")).toHaveText(String(before.likes + 1));
    await cards(page)
      .nth(index)
      .getByRole("button", { name: `Unlike, ${before.likes + 1}`, exact: true })
      .click();
    await expect(
      cards(page)
        .nth(index)
        .getByRole("button", { name: `Like, ${before.likes}`, exact: true }),
    ).toHaveAttribute("aria-pressed", "false");
    await expect(cards(page).nth(index).getByTestId("likes-count")).toHaveText(String(before.likes));
  });

  test("opens a business's card", async ({ page }, testInfo) => {
    // A demo business with all its details (tests beside this one publish from new, bare businesses).
    await page.goto(`/?q=${encodeURIComponent("Asha's Kitchen")}`);
    const name = (await cards(page).first().locator("header a span span").first().textContent())!;
    await cards(page).first().locator("header a").click();
    if (usesJavaScript(testInfo.project.name)) {
      const dialog = page.getByRole("dialog", { name: "Business info" });
      await expect(dialog).toContainText(name);
      await expect(dialog).toContainText("+91");
      await expect(dialog).toContainText("Business Categories");
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page).toHaveURL(/\/business\//);
      await expect(page.getByRole("heading", { name })).toBeVisible();
      // The demo business: the page shows its photo, Call and WhatsApp, its card, and its live offers first.
      await expect(page.getByRole("main").getByText("About", { exact: true })).toBeVisible();
      await expect(page.getByText(/\+91 \d{5} \d{5}/).first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Call", exact: true })).toHaveAttribute("href", /^tel:\+91\d{10}$/);
      await expect(page.getByRole("link", { name: "WhatsApp", exact: true })).toHaveAttribute("href", /^https:\/\/wa\.me\/91\d{10}$/);
      await expect(page.getByRole("link", { name: "Save contact" })).toHaveAttribute("href", /^\/card\/[0-9a-f-]{36}\/contact\.vcf/);
      const kinds = await page
        .locator("main ul > li")
        .evaluateAll((items) => items.map((item) => (item.textContent?.includes("Offer: ") ? "offer" : "post")));
      expect(kinds.length).toBeGreaterThan(1);
      expect(kinds).toEqual([...kinds].sort((a, b) => (a === b ? 0 : a === "offer" ? -1 : 1)));
      await page.getByRole("link", { name: "View card" }).click();
      await expect(page).toHaveURL(/\/card\/[0-9a-f-]{36}$/);
    }
  });

  test("the Contact page's email addresses and phones can be tapped", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(page.getByRole("link", { name: "support@isent.example.in" })).toHaveAttribute("href", "mailto:support@isent.example.in");
    await expect(page.getByRole("link", { name: "+91 80 4000 1234" })).toHaveAttribute("href", "tel:+918040001234");
  });

  test("a shared link shows its post first, highlighted, with preview tags", async ({ page, request }) => {
    // The whole feed (a category of three bakeries shows a few posts of each, the rest counted: no second page).
    await page.goto("/");
    await page.getByRole("link", { name: "Load More Posts" }).click();
    // Appended in place with JavaScript, a new page without: either way the last card is past the first page.
    await expect.poll(async () => page.url().includes("cursor=") || (await cards(page).count()) > 20).toBe(true);
    const deepId = await cards(page).last().getAttribute("data-post-id");

    await page.goto(`/?post=${deepId}`);
    const first = cards(page).first();
    await expect(first).toHaveAttribute("data-post-id", deepId!);
    await expect(first).toHaveClass(/post-highlight/);

    const html = await (await request.get(`/?post=${deepId}`)).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+ on iSent"/);
    expect(html).toMatch(/<meta property="og:url" content="http:\/\/127\.0\.0\.1:\d+\/\?post=/);
    expect(html).toContain('name="twitter:card"');
  });
});

test.describe("with JavaScript @js-only", () => {
  test("the lightbox steps through images and wraps around", async ({ page }) => {
    await page.goto("/?q=%23freshbakes");
    await page.goto("/");
    const tile = page.locator("article a[aria-label^='Open image 1 of']").first();
    const label = (await tile.getAttribute("aria-label"))!;
    const total = Number(/of (\d+)/.exec(label)![1]);
    await tile.click();
    const dialog = page.getByRole("dialog", { name: "Images" });
    await expect(dialog.getByTestId("lightbox-counter")).toHaveText(`1 / ${total}`);
    if (total > 1) {
      await dialog.getByRole("button", { name: "Previous image" }).click();
      await expect(dialog.getByTestId("lightbox-counter")).toHaveText(`${total} / ${total}`);
      await dialog.getByRole("button", { name: "Next image" }).click();
      await expect(dialog.getByTestId("lightbox-counter")).toHaveText(`1 / ${total}`);
      await dialog.getByRole("button", { name: "Show image 2" }).click();
      await expect(dialog.getByTestId("lightbox-counter")).toHaveText(`2 / ${total}`);
    }
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test("counts a view once per session when a card is seen", async ({ page }) => {
    const viewed = page.waitForResponse((response) => /\/api\/posts\/[^/]+\/view$/.test(response.url()));
    await page.goto("/");
    const response = await viewed;
    const id = /\/api\/posts\/([^/]+)\/view$/.exec(response.url())![1];
    const card = page.locator(`article[data-post-id="${id}"]`);
    const body = (await response.json()) as { success: boolean; viewsCount: number };
    expect(body.success).toBe(true);
    await expect(card.getByTestId("views-count")).toHaveText(String(body.viewsCount));

    // Reloading in the same session sends nothing for this post again.
    let again = false;
    page.on("request", (request) => {
      if (request.url().endsWith(`/api/posts/${id}/view`)) again = true;
    });
    await page.reload();
    await page.waitForTimeout(1200);
    expect(again).toBe(false);
  });

  test("share copies the link when the Web Share API is missing", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/");
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined }));
    const id = await cards(page).first().getAttribute("data-post-id");
    await cards(page).first().getByRole("link", { name: "Share", exact: true }).click();
    await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/?post=${id}`);
  });

  test("share says to copy by hand when nothing else works", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      Object.defineProperty(navigator, "share", { value: undefined });
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await cards(page).first().getByRole("link", { name: "Share", exact: true }).click();
    await expect(page.getByText("Unable to share automatically. Please copy this URL manually")).toBeVisible();
  });

  test("back to top appears after scrolling and refreshes", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Back to top and refresh" });
    await expect(button).toBeHidden();
    await page.mouse.wheel(0, 1500);
    await expect(button).toBeVisible();
    const refreshed = page.waitForResponse((response) => response.url().includes("/api/feed"));
    await button.click();
    expect((await refreshed).status()).toBe(200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
  });
});

test.describe("a phone whose clock is off", () => {
  // Relative times ('13m ago') and 'Ends in N days' are counted from the time the server drew the
  // page, so hydrating gives exactly the server's HTML: React never throws it away (errors #418/#423/#425).
  for (const [skew, ahead] of [
    ["5 minutes", 5 * 60_000],
    ["8 days", 8 * 86_400_000],
  ] as const) {
    test(`hydrates the feed without an error when the clock is ${skew} ahead @js-only`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.clock.install({ time: Date.now() + ahead });
      await page.goto("/");
      await page.waitForFunction(() => "__remixRouter" in window);
      await page.waitForLoadState("networkidle");
      await expect(cards(page)).toHaveCount(20);
      expect(errors).toEqual([]);
    });
  }
});

test.describe("the first visit", () => {
  test("shows 'Support Local' once per visitor, below the first post, never covering it", async ({ browser, baseURL }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: usesJavaScript(testInfo.project.name), baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    // No dialog between the visitor and the posts: the first post is there to read and tap.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const firstPost = cards(page).first();
    await expect(firstPost).toBeVisible();
    const note = page.getByTestId("first-visit-note");
    await expect(note).toContainText("Support Local: Like the posts to promote local businesses and local economy.");
    const [postBox, noteBox] = [await firstPost.boundingBox(), await note.boundingBox()];
    expect(noteBox!.y).toBeGreaterThanOrEqual(postBox!.y + postBox!.height);
    await note.getByRole("button", { name: "Okay" }).click();
    await expect(page.getByTestId("first-visit-note")).toHaveCount(0);
    await page.reload();
    await expect(cards(page)).toHaveCount(20);
    await expect(page.getByTestId("first-visit-note")).toHaveCount(0);
    expect((await context.cookies()).some((cookie) => cookie.name === INTRO_SEEN_COOKIE.name)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
