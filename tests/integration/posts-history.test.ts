import { Outlet } from "@remix-run/react";
import { createRemixStub } from "@remix-run/testing";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";

import { creditLedger, postLikes, posts, postViews, pricing, users } from "~/db/schema";
import { DEFAULT_PRICING } from "~/db/seed/seed.server";
import { makeOffer, makePost } from "~/db/seed/factories.server";
import { addDays, startOfIndianDay, toIndianDateTime } from "~/lib/india-days";
import { indianDate } from "~/lib/india-time";
import { INVALID_POST_ID, POST_NOT_FOUND } from "~/lib/schemas/post-history";
import { postSchema } from "~/lib/schemas/posts";
import { issueTokenPair } from "~/models/api-tokens.server";
import { dailyEngagement, listPostHistory } from "~/models/post-history.server";
import { publishPost } from "~/models/posts.server";
import { NotifyContext } from "~/hooks/root-context";
import PostsHistory, { action as historyAction, loader as historyLoader } from "~/routes/_app+/posts-history";
import { action as postApiAction } from "~/routes/api+/posts_.$id";
import { loader as mineApiLoader } from "~/routes/api+/posts_.mine";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { EVIL_SITE, SITE, call, formPost, freshIp, getRequest, toastOf, type Reply } from "../support/http";

const test = setupTestDatabase();

const INDIRANAGAR = { lat: 12.97194, lon: 77.64115, city: "Bengaluru", state: "Karnataka" };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  await test.db
    .insert(pricing)
    .values([...DEFAULT_PRICING])
    .onConflictDoNothing();
});

type Page = Awaited<ReturnType<typeof historyLoader>>;

/** A business and its ways in: the history page and its forms (session cookie), and the API (a bearer token). */
async function signedIn() {
  const owner = await createUser(INDIRANAGAR);
  const cookie = await sessionCookieFor(owner.id);
  const token = (await issueTokenPair(owner.id)).accessToken;
  const api = <Data = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const request = new Request(new URL(path, SITE), {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", "X-Forwarded-For": freshIp() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const id = /^\/api\/posts\/([^/?]+)/.exec(path)?.[1];
    return id === "mine" ? call<Data>(mineApiLoader, request) : call<Data>(postApiAction, request, { id: decodeURIComponent(id ?? "") });
  };
  return {
    owner,
    cookie,
    api,
    page: (path = "/posts-history") => call<Page>(historyLoader, getRequest(path, { cookie })),
    submit: (fields: Record<string, string>, path = "/posts-history") =>
      call<{ toast?: { title: string } }>(historyAction, formPost(path, fields, { cookie })),
  };
}

const stored = async (postId: string) => (await test.db.select().from(posts).where(eq(posts.id, postId)))[0];
const balanceOf = async (userId: string) =>
  (await test.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)))[0].balance;
const messageOf = async (reply: Reply) => (await toastOf(reply))?.title;

describe("the history's list", () => {
  it("shows a business its own posts and offers, newest first (a scheduled one by the time it goes live), with the status each has", async () => {
    const { owner } = await signedIn();
    const other = await createUser();
    const at = (days: number) => ago(days * DAY);
    const live = await makePost({ userId: owner.id, content: "Fresh jalebi", createdAt: at(5) });
    const hidden = await makePost({ userId: owner.id, status: "hidden", createdAt: at(4) });
    const removed = await makePost({ userId: owner.id, status: "removed", removedReason: "Misleading price", createdAt: at(3) });
    const ended = await makeOffer({ userId: owner.id, validUntil: at(1), createdAt: at(2.5) });
    const running = await makeOffer({ userId: owner.id, createdAt: at(2) });
    const scheduled = await makePost({ userId: owner.id, status: "scheduled", createdAt: new Date(Date.now() + 2 * HOUR) });
    await makePost({ userId: other.id, content: "Someone else's" });

    const history = await listPostHistory(owner.id, { page: 1 });
    expect(history).toMatchObject({ total: 6, page: 1, pageCount: 1 });
    expect(history.posts.map((post) => [post.id, post.displayStatus])).toEqual([
      [scheduled.id, "scheduled"],
      [running.id, "live"],
      [ended.id, "ended"],
      [removed.id, "removed"],
      [hidden.id, "hidden"],
      [live.id, "live"],
    ]);
  });

  it("pages by 20 with a stable order; a page past the end shows the last page", async () => {
    const { owner, page } = await signedIn();
    const start = Date.now() - 30 * HOUR;
    for (let index = 0; index < 23; index++) {
      await makePost({ userId: owner.id, content: `Post ${String(index).padStart(2, "0")}`, createdAt: new Date(start + index * HOUR) });
    }
    const first = await listPostHistory(owner.id, { page: 1 });
    expect(first).toMatchObject({ total: 23, pageCount: 2 });
    expect(first.posts).toHaveLength(20);
    expect(first.posts[0].content).toBe("Post 22");
    const second = await listPostHistory(owner.id, { page: 2 });
    expect(second.posts.map((post) => post.content)).toEqual(["Post 02", "Post 01", "Post 00"]);
    expect(await listPostHistory(owner.id, { page: 40 })).toMatchObject({ page: 2, posts: second.posts });
    // The page's ?page= (a bad one is the first page).
    expect((await page("/posts-history?page=2")).data).toMatchObject({ page: 2, pageCount: 2, total: 23 });
    expect((await page("/posts-history?page=abc")).data.posts).toHaveLength(20);
  });

  it("is a signed-in screen with an empty state for a new business", async () => {
    const anonymous = await call(historyLoader, getRequest("/posts-history"));
    expect(anonymous).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fposts-history" });
    const { page } = await signedIn();
    expect((await page()).data).toMatchObject({ posts: [], total: 0, page: 1, pageCount: 1, confirmDelete: null });
  });
});

describe("views and likes per day", () => {
  it("counts them by the day in India: 23:30 and 00:30 IST fall on different days", async () => {
    const { owner } = await signedIn();
    const day = addDays(indianDate(), -3);
    const post = await makePost({ userId: owner.id, createdAt: startOfIndianDay(addDays(day, -1)) });
    const lateEvening = new Date(startOfIndianDay(day).getTime() + 23.5 * HOUR); // 18:00 UTC
    const pastMidnight = new Date(startOfIndianDay(day).getTime() + 24.5 * HOUR); // 19:00 UTC, the next day in India
    await test.db.insert(postViews).values([
      { postId: post.id, visitorId: "a", createdAt: lateEvening },
      { postId: post.id, visitorId: "b", createdAt: lateEvening },
      { postId: post.id, visitorId: "c", createdAt: pastMidnight },
    ]);
    await test.db.insert(postLikes).values([{ postId: post.id, visitorId: "a", createdAt: pastMidnight }]);
    expect(lateEvening.toISOString().slice(0, 10)).toBe(pastMidnight.toISOString().slice(0, 10));

    expect(await dailyEngagement(owner.id, [post.id])).toEqual({
      [post.id]: [
        { day, views: 2, likes: 0 },
        { day: addDays(day, 1), views: 1, likes: 1 },
      ],
    });
  });

  it("reads only the business's own posts, and only the chart's last 30 days", async () => {
    const { owner } = await signedIn();
    const other = await createUser();
    const mine = await makePost({ userId: owner.id, createdAt: ago(60 * DAY) });
    const theirs = await makePost({ userId: other.id });
    await test.db.insert(postViews).values([
      { postId: mine.id, visitorId: "old", createdAt: ago(45 * DAY) },
      { postId: mine.id, visitorId: "new", createdAt: ago(HOUR) },
      { postId: theirs.id, visitorId: "x", createdAt: ago(HOUR) },
    ]);
    const engagement = await dailyEngagement(owner.id, [mine.id, theirs.id, "not-an-id"]);
    expect(Object.keys(engagement)).toEqual([mine.id]);
    expect(engagement[mine.id]).toEqual([{ day: indianDate(ago(HOUR)), views: 1, likes: 0 }]);
    expect(await dailyEngagement(owner.id, [])).toEqual({});
  });

  it("draws each post's chart on the page from them; a scheduled post has none yet", async () => {
    const { owner, page } = await signedIn();
    const post = await makePost({ userId: owner.id, createdAt: ago(5 * DAY), viewsCount: 3, likesCount: 1 });
    const scheduled = await makePost({ userId: owner.id, status: "scheduled", createdAt: new Date(Date.now() + DAY) });
    await test.db.insert(postViews).values(["a", "b", "c"].map((visitorId) => ({ postId: post.id, visitorId, createdAt: ago(DAY) })));
    await test.db.insert(postLikes).values({ postId: post.id, visitorId: "a", createdAt: ago(DAY) });
    const { data } = await page();
    const item = data.posts.find((shown) => shown.id === post.id)!;
    expect(item).toMatchObject({
      views: 3,
      likes: 1,
      status: "live",
      statusLabel: "Live",
      changes: ["hide"],
      feedPath: `/?post=${post.id}`,
    });
    expect(item.chartSvg).toContain('aria-label="Views and likes per day: 3 views and 1 like in 6 days"');
    expect(data.posts.find((shown) => shown.id === scheduled.id)).toMatchObject({
      chartSvg: null,
      status: "scheduled",
      when: expect.stringMatching(/^Scheduled for \d+ \w+ \d{4}, \d+:\d{2} (am|pm)$/),
      changes: [],
    });
  });
});

describe("the page as drawn", () => {
  /** The history page rendered as the server does, inside root's context (its toasts). */
  function render(data: Page) {
    const RemixStub = createRemixStub([
      {
        id: "root",
        path: "/",
        Component: () => createElement(NotifyContext.Provider, { value: () => {} }, createElement(Outlet)),
        children: [{ id: "history", path: "posts-history", Component: PostsHistory, loader: () => data }],
      },
    ]);
    return renderToString(
      createElement(RemixStub, { initialEntries: ["/posts-history"], hydrationData: { loaderData: { history: data } } }),
    );
  }

  it("shows a removed post's reason from the admin, escaped, and every post's status, counts, chart and forms", async () => {
    const { owner, page } = await signedIn();
    await makePost({ userId: owner.id, status: "removed", removedReason: "<script>alert(1)</script> misleading", content: "Big sale" });
    await makeOffer({ userId: owner.id, offerTitle: "Diwali 20% off", content: "Sweets <b>for all</b>", viewsCount: 12 });
    const html = render((await page()).data);
    expect(html).toContain("Removed by admin");
    expect(html).toContain("Reason: &lt;script&gt;alert(1)&lt;/script&gt; misleading");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("Sweets &lt;b&gt;for all&lt;/b&gt;");
    expect(html).toContain("Diwali 20% off");
    expect(html).toContain("12 views");
    expect(html).toMatch(/<svg [^>]*role="img"/);
    // Real forms: hide and end post to the page's action; Delete asks first, by a GET to the confirm step.
    expect(html).toMatch(/<form method="post" action="\/posts-history"[^>]*><input type="hidden" name="postId"/);
    expect(html).toContain('name="intent" value="end"');
    expect(html).toMatch(/<form method="get" action="\/posts-history"/);
    expect(html).toContain('name="delete" value="');
  });

  it("offers a way to publish when there is nothing yet", async () => {
    const { page } = await signedIn();
    const html = render((await page()).data);
    expect(html).toContain("No posts yet.");
    expect(html).toContain('href="/send-post"');
    expect(html).toContain('href="/send-offers"');
  });
});

describe("hide, show again, end early, delete (the history's forms)", () => {
  it("hides a live post and shows it again, each once, saying so", async () => {
    const { owner, submit } = await signedIn();
    const post = await makePost({ userId: owner.id });
    const hidden = await submit({ intent: "hide", postId: post.id }, "/posts-history?page=2");
    expect(hidden).toMatchObject({ status: 302, location: "/posts-history?page=2" });
    expect(await messageOf(hidden)).toBe("Post hidden");
    expect((await stored(post.id)).status).toBe("hidden");

    const again = await submit({ intent: "hide", postId: post.id });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe("This post is already hidden.");

    const shown = await submit({ intent: "show", postId: post.id });
    expect(await messageOf(shown)).toBe("Post shown again");
    expect((await stored(post.id)).status).toBe("live");
    const twice = await submit({ intent: "show", postId: post.id });
    expect(twice.status).toBe(409);
    expect(await messageOf(twice)).toBe("This post is already in the feed.");
  });

  it("ends an offer early (it leaves the feed now) and refuses to end an update or an offer twice", async () => {
    const { owner, submit } = await signedIn();
    const offer = await makeOffer({ userId: owner.id });
    const update = await makePost({ userId: owner.id });
    const ended = await submit({ intent: "end", postId: offer.id });
    expect(await messageOf(ended)).toBe("Offer ended");
    expect((await stored(offer.id)).validUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await listPostHistory(owner.id, { page: 1 })).posts.find((post) => post.id === offer.id)?.displayStatus).toBe("ended");

    const again = await submit({ intent: "end", postId: offer.id });
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe("This offer has already ended.");
    const notAnOffer = await submit({ intent: "end", postId: update.id });
    expect(notAnOffer.status).toBe(409);
    expect(await messageOf(notAnOffer)).toBe("Only an offer can be ended early.");
    expect((await stored(update.id)).validUntil).toBeNull();
  });

  it("leaves a post the admin removed as it is", async () => {
    const { owner, submit } = await signedIn();
    const removed = await makePost({ userId: owner.id, status: "removed", removedReason: "Spam" });
    const reply = await submit({ intent: "show", postId: removed.id });
    expect(reply.status).toBe(409);
    expect(await messageOf(reply)).toBe("The admin removed this post: it can only be deleted.");
    expect((await stored(removed.id)).status).toBe("removed");
  });

  it("deletes after the confirm step, with its views and likes", async () => {
    const { owner, page, submit } = await signedIn();
    const post = await makePost({ userId: owner.id, content: "Closing early today" });
    await test.db.insert(postViews).values({ postId: post.id, visitorId: "a" });

    const asked = await page(`/posts-history?delete=${post.id}&page=3`);
    // A live post gives nothing back: the step offers its edit page instead.
    expect(asked.data.confirmDelete).toEqual({
      id: post.id,
      name: "Closing early today",
      kindLabel: "Post",
      refundOnDelete: 0,
      editPath: `/posts-history/${post.id}/edit`,
    });
    expect(await stored(post.id)).toBeDefined();

    const deleted = await submit({ intent: "delete", postId: post.id });
    expect(deleted).toMatchObject({ status: 302, location: "/posts-history" });
    expect(await messageOf(deleted)).toBe("Post deleted");
    expect(await stored(post.id)).toBeUndefined();
    expect(await test.db.select().from(postViews).where(eq(postViews.postId, post.id))).toEqual([]);

    const gone = await submit({ intent: "delete", postId: post.id });
    expect(gone.status).toBe(404);
    expect(await messageOf(gone)).toBe(POST_NOT_FOUND);
  });

  it("refunds a scheduled post's price when it is deleted, with a ledger row", async () => {
    const { owner, page, submit } = await signedIn();
    const before = await balanceOf(owner.id);
    const input = postSchema.parse({
      kind: "update",
      content: "Opening at noon",
      publishAt: toIndianDateTime(new Date(Date.now() + 2 * HOUR)),
    });
    const published = await publishPost(owner.id, input, null);
    if (!published.ok) throw new Error(`Not published: ${published.reason}`);
    const price = published.post.pricePaid;
    expect(price).toBeGreaterThan(0);
    expect(await balanceOf(owner.id)).toBe(before - price);
    expect((await page(`/posts-history?delete=${published.post.id}`)).data.confirmDelete?.refundOnDelete).toBe(price);

    const deleted = await submit({ intent: "delete", postId: published.post.id });
    expect(await messageOf(deleted)).toBe(`Post deleted: ${price} credits refunded`);
    expect(await balanceOf(owner.id)).toBe(before);
    const refunds = await test.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, owner.id), eq(creditLedger.reason, "refund")));
    expect(refunds).toMatchObject([{ amount: price, reference: published.post.id, balanceAfter: before }]);
  });

  it("refuses another site's form, a bad intent and a malformed id, changing nothing", async () => {
    const { owner, cookie, page, submit } = await signedIn();
    const post = await makePost({ userId: owner.id });
    const forged = await call(
      historyAction,
      formPost("/posts-history", { intent: "hide", postId: post.id }, { cookie, origin: EVIL_SITE }),
    );
    expect(forged.status).toBe(403);
    const badIntent = await submit({ intent: "publish", postId: post.id });
    expect(badIntent.status).toBe(400);
    expect(await messageOf(badIntent)).toBe("Choose hide, show, end or delete");
    const badId = await submit({ intent: "hide", postId: "42" });
    expect(badId.status).toBe(400);
    expect(await messageOf(badId)).toBe(INVALID_POST_ID);
    expect(await page("/posts-history?delete=42")).toMatchObject({ status: 400, data: INVALID_POST_ID });
    expect((await stored(post.id)).status).toBe("live");
  });
});

describe("another business's post", () => {
  it("is not found (404) on every route and API method, and nothing changes", async () => {
    const { page, submit, api } = await signedIn();
    const other = await createUser();
    const theirs = await makeOffer({ userId: other.id });
    const scheduled = await makePost({ userId: other.id, status: "scheduled", pricePaid: 5, createdAt: new Date(Date.now() + DAY) });
    for (const id of [theirs.id, scheduled.id, UNKNOWN_ID]) {
      expect((await page(`/posts-history?delete=${id}`)).status).toBe(404);
      for (const intent of ["hide", "show", "end", "delete"]) {
        const reply = await submit({ intent, postId: id });
        expect(reply.status).toBe(404);
        expect(await messageOf(reply)).toBe(POST_NOT_FOUND);
      }
      for (const action of ["hide", "show", "end"]) {
        expect(await api("PATCH", `/api/posts/${id}`, { action })).toMatchObject({ status: 404, data: { message: POST_NOT_FOUND } });
      }
      expect(await api("DELETE", `/api/posts/${id}`)).toMatchObject({ status: 404, data: { message: POST_NOT_FOUND } });
    }
    expect(await stored(theirs.id)).toMatchObject({ status: "live", validUntil: theirs.validUntil });
    expect(await stored(scheduled.id)).toMatchObject({ status: "scheduled" });
    expect((await api<{ total: number }>("GET", "/api/posts/mine")).data.total).toBe(0);
  });
});

describe("the API: GET /api/posts/mine, PATCH and DELETE /api/posts/{id}", () => {
  type ApiHistory = { posts: Array<Record<string, unknown>>; total: number; page: number; pageCount: number };

  it("lists the business's posts with their status, counts and views and likes per day", async () => {
    const { owner, api } = await signedIn();
    const post = await makePost({ userId: owner.id, createdAt: ago(2 * DAY), viewsCount: 1, likesCount: 1 });
    const hidden = await makeOffer({ userId: owner.id, status: "hidden", createdAt: ago(DAY) });
    await test.db.insert(postViews).values({ postId: post.id, visitorId: "a", createdAt: ago(HOUR) });
    await test.db.insert(postLikes).values({ postId: post.id, visitorId: "a", createdAt: ago(HOUR) });

    const reply = await api<ApiHistory>("GET", "/api/posts/mine");
    expect(reply.status).toBe(200);
    expect(reply.data).toMatchObject({ total: 2, page: 1, pageCount: 1 });
    expect(reply.data.posts).toMatchObject([
      { id: hidden.id, kind: "offer", status: "hidden", displayStatus: "hidden", daily: [] },
      {
        id: post.id,
        displayStatus: "live",
        viewsCount: 1,
        likesCount: 1,
        url: `${SITE}/?post=${post.id}`,
        daily: [{ day: indianDate(ago(HOUR)), views: 1, likes: 1 }],
      },
    ]);
    for (const shown of reply.data.posts) {
      expect(shown).not.toHaveProperty("userId");
    }
    expect((await api<ApiHistory>("GET", "/api/posts/mine?page=9")).data.page).toBe(1);
  });

  it("changes a post with PATCH, refusing a change that does not apply with 409 and a body it cannot read with 400", async () => {
    const { owner, api } = await signedIn();
    const offer = await makeOffer({ userId: owner.id });
    const steps: Array<[string, number, Record<string, unknown>]> = [
      ["hide", 200, { id: offer.id, status: "hidden", displayStatus: "hidden" }],
      ["hide", 409, { message: "This offer is already hidden." }],
      ["end", 200, { displayStatus: "ended" }],
      ["end", 409, { message: "This offer has already ended." }],
      // Ended, it stays out of the feed: showing it again would change nothing anyone sees.
      ["show", 409, { message: "This offer has ended: it is not in the feed any more." }],
      ["publish", 400, { message: "Choose what to do with the post: hide, show or end" }],
    ];
    for (const [action, status, data] of steps) {
      expect(await api("PATCH", `/api/posts/${offer.id}`, { action })).toMatchObject({ status, data });
    }
    expect(await api("PATCH", `/api/posts/${offer.id}`)).toMatchObject({ status: 400 });
    expect(await api("PATCH", "/api/posts/not-a-uuid", { action: "hide" })).toMatchObject({
      status: 400,
      data: { message: INVALID_POST_ID },
    });
    expect(await api("GET", `/api/posts/${offer.id}`)).toMatchObject({ status: 405 });
    expect((await stored(offer.id)).status).toBe("hidden");
  });

  it("deletes with DELETE, saying what was refunded", async () => {
    const { owner, api } = await signedIn();
    const post = await makePost({ userId: owner.id });
    expect(await api("DELETE", `/api/posts/${post.id}`)).toMatchObject({ status: 200, data: { success: true, refunded: 0 } });
    expect(await api("DELETE", `/api/posts/${post.id}`)).toMatchObject({ status: 404 });
    expect(await api("DELETE", "/api/posts/%27%20or%201%3D1")).toMatchObject({ status: 400, data: { message: INVALID_POST_ID } });
  });

  it("answers 401 to anyone not signed in", async () => {
    const anonymous = await call(mineApiLoader, getRequest("/api/posts/mine"));
    expect(anonymous).toMatchObject({ status: 401, data: { message: "User not authenticated" } });
  });
});
