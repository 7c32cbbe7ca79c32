import type { APIRequestContext, Page } from "@playwright/test";

import { expect, menuButton, test, testClientIp, usesJavaScript } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");
const items = (page: Page) => page.getByRole("list", { name: "Posts" }).locator(":scope > li");
const itemOf = (page: Page, text: string) => items(page).filter({ hasText: text });

/** Today and a later day in India, 'YYYY-MM-DD', as the offer's dates are days there. */
function indianDay(daysAhead = 0): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** With JavaScript, waits until the page's scripts run, so a click is handled by them and not by a plain form post. */
async function scriptsReady(page: Page, javaScript: boolean) {
  if (!javaScript) return;
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.waitForLoadState("networkidle");
}

/** Places the signed-in business in Indiranagar, Bengaluru: a business publishes only once it has a location. */
async function setLocation(request: APIRequestContext, origin: string) {
  const response = await request.post("/edit-profile/location", {
    form: { intent: "choose", lat: "12.97194", lon: "77.64115", label: "Indiranagar, Bengaluru" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
}

/** Publishes through POST /api/posts, as the business's own browser (its session cookie). */
async function publish(request: APIRequestContext, origin: string, body: Record<string, unknown>): Promise<string> {
  const response = await request.post("/api/posts", { data: body, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { post: { id: string } }).post.id;
}

test("a business sees its posts and offers with their status, numbers and chart, and hides, shows, ends and deletes them", async ({
  page,
  login,
  baseURL,
}, testInfo) => {
  test.slow();
  const javaScript = usesJavaScript(testInfo.project.name);
  await login();
  await page.goto("/posts-history");
  await expect(page.getByRole("heading", { name: "Posts History" })).toBeVisible();
  await expect(page.getByText("No posts yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a post" }).last()).toHaveAttribute("href", "/send-post");
  await expect(page.getByRole("link", { name: "Send an offer" }).last()).toHaveAttribute("href", "/send-offers");

  await setLocation(page.request, baseURL!);
  const postId = await publish(page.request, baseURL!, { kind: "update", content: "Fresh jalebi every morning #sweets" });
  await publish(page.request, baseURL!, {
    kind: "offer",
    content: "Diwali boxes for the whole family",
    title: "Diwali 20% off",
    validFrom: indianDay(),
    validUntil: indianDay(6),
  });
  const scheduledId = await publish(page.request, baseURL!, {
    kind: "update",
    content: "Opening our second shop at noon",
    publishAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
  });
  // Its page after publishing tells when it goes live, never 'Just now'.
  await page.goto(`/success?post=${scheduledId}`);
  await expect(page.getByRole("heading", { name: "Your post is scheduled" })).toBeVisible();
  await expect(page.locator(`article[data-post-id="${scheduledId}"] time`)).toHaveText(/^\d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m$/);
  // The business's own like and view count as one visitor's.
  for (const kind of ["like", "view"]) {
    const response = await page.request.post(`/api/posts/${postId}/${kind}`, { data: { ts: Date.now() }, headers: { Origin: baseURL! } });
    expect(response.status(), await response.text()).toBe(200);
  }

  // What visitors see: the business's public page lists its live posts (no cache in front of it).
  const { id: businessId } = (await (await page.request.get("/api/user/me")).json()) as { id: string };
  const publicPage = async () => (await page.request.get(`/business/${businessId}`)).text();
  expect(await publicPage()).toContain("Fresh jalebi every morning");

  await page.goto("/posts-history");
  await expect(page.getByTestId("posts-total")).toHaveText("3 posts and offers");
  await expect(items(page)).toHaveCount(3);
  // Newest first: the scheduled post by the time it goes live.
  await expect(items(page).first()).toContainText("Opening our second shop at noon");
  const scheduled = itemOf(page, "Opening our second shop");
  await expect(scheduled.getByTestId("post-status")).toHaveText("Scheduled");
  await expect(scheduled).toContainText(/Scheduled for \d+ \w+ \d{4}, \d+:\d{2} (am|pm)/);
  await expect(scheduled).toContainText("Views and likes are counted from the moment it goes live.");

  const post = itemOf(page, "Fresh jalebi");
  await expect(post.getByTestId("post-status")).toHaveText("Live");
  await expect(post.getByTestId("views-count")).toHaveText("1 view");
  await expect(post.getByTestId("likes-count")).toHaveText("1 like");
  await expect(post.getByRole("img", { name: "Views and likes per day: 1 view and 1 like in 1 day" })).toBeVisible();
  await expect(post.getByRole("link", { name: /See it in the feed/ })).toHaveAttribute("href", `/?post=${postId}`);

  const offer = itemOf(page, "Diwali 20% off");
  await expect(offer.getByTestId("post-status")).toHaveText("Live");
  await expect(offer).toContainText("Ends in 6 days");

  await scriptsReady(page, javaScript);
  await post.getByRole("button", { name: /^Hide/ }).click();
  await expect(toast(page)).toContainText("Post hidden");
  await expect(post.getByTestId("post-status")).toHaveText("Hidden");
  await expect(post.getByRole("link", { name: /See it in the feed/ })).toHaveCount(0);
  expect(await publicPage()).not.toContain("Fresh jalebi every morning");

  await scriptsReady(page, javaScript);
  await post.getByRole("button", { name: /^Show again/ }).click();
  await expect(toast(page)).toContainText("Post shown again");
  await expect(post.getByTestId("post-status")).toHaveText("Live");
  expect(await publicPage()).toContain("Fresh jalebi every morning");
  expect(await publicPage()).toContain("Diwali boxes for the whole family");

  await scriptsReady(page, javaScript);
  await offer.getByRole("button", { name: /^End offer/ }).click();
  await expect(toast(page)).toContainText("Offer ended");
  await expect(offer.getByTestId("post-status")).toHaveText("Ended");
  await expect(offer.getByRole("button", { name: /^End offer/ })).toHaveCount(0);
  await expect(offer.getByRole("button", { name: /^Hide/ })).toHaveCount(0);
  expect(await publicPage()).not.toContain("Diwali boxes for the whole family");

  await scriptsReady(page, javaScript);
  await (await menuButton(scheduled, /^Delete/)).click();
  if (javaScript) {
    // The post asks in place, then goes at once.
    await expect(scheduled.getByText("Delete this post? Its 5 credits come back to your balance.")).toBeVisible();
    await scheduled.getByRole("button", { name: "Cancel" }).click();
    await expect(scheduled.getByText("Delete this post?")).toBeHidden();
    await (await menuButton(scheduled, /^Delete/)).click();
    await scheduled.getByRole("button", { name: "Yes, delete" }).click();
  } else {
    // The page's confirm step.
    await expect(page).toHaveURL(/\/posts-history\?delete=[0-9a-f-]+$/);
    const question = page.getByRole("alertdialog");
    await expect(question).toContainText("Delete this post?");
    await expect(question).toContainText("Its 5 credits come back to your balance.");
    await question.getByRole("button", { name: "Yes, delete" }).click();
  }
  await expect(toast(page)).toContainText("Post deleted: 5 credits refunded");
  await expect(page).toHaveURL(/\/posts-history$/);
  await expect(items(page)).toHaveCount(2);
  await expect(page.getByTestId("posts-total")).toHaveText("2 posts and offers");

  // Paid: 5 for the post and 10 for the offer; the scheduled post's 5 came back.
  await page.goto("/app");
  await expect(page.getByTestId("stat-balance")).toHaveText("85 credits");
});

test("another business's post, or one that does not exist, is not found", async ({ page, login, baseURL, browser }) => {
  await login();
  await setLocation(page.request, baseURL!);
  const theirs = await publish(page.request, baseURL!, { kind: "update", content: "Only mine to change" });

  const elsewhere = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const other = await elsewhere.newPage();
  const response = await other.request.post("/auth", {
    form: {
      intent: "register",
      username: `other-${Date.now()}@example.in`,
      password: "secret123",
      name: "Ravi Kumar",
      businessName: "Ravi Stores",
      mobileNumber: "9845012346",
    },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const asked = await other.goto(`/posts-history?delete=${theirs}`);
  expect(asked?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  const hide = await other.request.post("/posts-history", { form: { intent: "hide", postId: theirs }, headers: { Origin: baseURL! } });
  expect(hide.status()).toBe(404);
  const patch = await other.request.patch(`/api/posts/${theirs}`, { data: { action: "hide" }, headers: { Origin: baseURL! } });
  expect(patch.status()).toBe(404);
  expect(await patch.json()).toEqual({ message: "Post not found" });
  await elsewhere.close();

  await page.goto("/posts-history");
  await expect(itemOf(page, "Only mine to change").getByTestId("post-status")).toHaveText("Live");
});

test("with JavaScript a deleted post goes before the server answers, and comes back if the delete fails @js-only", async ({
  page,
  login,
  baseURL,
}) => {
  test.slow();
  await login();
  await setLocation(page.request, baseURL!);
  for (const content of ["Samosa at four", "Chai at five", "Jalebi at six"])
    await publish(page.request, baseURL!, { kind: "update", content });
  await page.goto("/posts-history");
  await scriptsReady(page, true);
  const total = page.getByTestId("posts-total");
  await expect(total).toHaveText("3 posts and offers");
  const deletes = /\/posts-history(\.data)?(\?.*)?$/;

  // The answer is held back: the post and the total have already gone.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(deletes, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await (await menuButton(itemOf(page, "Chai at five"), /^Delete/)).click();
  await itemOf(page, "Chai at five").getByRole("button", { name: "Yes, delete" }).click();
  await expect(itemOf(page, "Chai at five")).toBeHidden();
  await expect(total).toHaveText("2 posts and offers");
  answer();
  await expect(toast(page)).toContainText("Post deleted");
  await expect(itemOf(page, "Chai at five")).toHaveCount(0);
  await expect(total).toHaveText("2 posts and offers");
  await page.unroute(deletes);

  // The server refuses (the delete names a post it does not know): the post and the total come back.
  await page.route(deletes, (route) => {
    const body = route.request().postData();
    if (route.request().method() !== "POST" || !body) return route.continue();
    return route.continue({ postData: body.replace(/postId=[0-9a-f-]+/, "postId=00000000-0000-4000-8000-000000000000") });
  });
  await (await menuButton(itemOf(page, "Samosa at four"), /^Delete/)).click();
  await itemOf(page, "Samosa at four").getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page)).toContainText("Post not found");
  await expect(itemOf(page, "Samosa at four")).toBeVisible();
  await expect(total).toHaveText("2 posts and offers");
});
