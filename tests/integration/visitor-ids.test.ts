import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { makePost } from "~/db/seed/factories.server";
import { posts, rateLimitBuckets } from "~/db/schema";
import { serve } from "~/entry.server";
import { setLike } from "~/models/post-engagement.server";
import type { RateLimit } from "~/models/rate-limit.server";
import {
  ENGAGEMENT_LIMITS,
  TOO_MANY_FROM_NETWORK,
  engagementCounterKeys,
  issueVisitorId,
  throttleEngagement,
  verifyVisitorToken,
  type Engagement,
  type EngagementBy,
} from "~/models/visitors.server";
import { loadRootData } from "~/root.server";
import { action as likeApi } from "~/routes/api+/posts_.$id_.like";
import { action as viewApi } from "~/routes/api+/posts_.$id_.view";
import { action as likeForm } from "~/routes/posts.$id.like";
import { contentSecurityPolicy, createNonce } from "~/utils/security-headers.server";

import { setupTestDatabase } from "../support/database";
import { Browser, call, formPost, jsonPost, setCookie, toastOf, withinOneWindow, type RouteHandler } from "../support/http";

const test = setupTestDatabase();

const NO_VISITOR = { message: "anonId must be the visitor's id" };
const homePage: RouteHandler = ({ request }) => loadRootData(request);

async function countsOf(id: string) {
  const [row] = await test.db.select({ likes: posts.likesCount, views: posts.viewsCount }).from(posts).where(eq(posts.id, id));
  return row;
}

/** A browser that has loaded a page, and so holds the visitor id the server issued it. */
async function visitorWithId(ip?: string) {
  const browser = new Browser(ip);
  await browser.visit(homePage, "/");
  expect(browser.has("anon_id")).toBe(true);
  return browser;
}

/** The signed token in a browser's anon_id cookie, as the page's script mirrors it (Remix cookies are base64 JSON). */
function tokenOf(browser: Browser): string {
  const value = /(?:^|; )anon_id=([^;]*)/.exec(browser.cookie)![1];
  return JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString()) as string;
}

/** A like or view through /api, with the browser's cookies (if any) and address. */
function engage(kind: Engagement, postId: string, body: Record<string, unknown>, from: { ip?: string; cookie?: string } = {}) {
  const [handler, payload] = kind === "like" ? [likeApi, { action: "like", ...body }] : [viewApi, { ts: Date.now(), ...body }];
  return call(handler, jsonPost(`/api/posts/${postId}/${kind}`, payload, from), { id: postId });
}

const asBrowser = (browser: Browser) => ({ ip: browser.ip, cookie: browser.cookie || undefined });

/** A like through the form without JavaScript; the browser keeps the cookies it sets. */
async function likeByForm(browser: Browser, postId: string) {
  const reply = await call(likeForm, formPost(`/posts/${postId}/like`, { action: "like", redirectTo: "/" }, asBrowser(browser)), {
    id: postId,
  });
  browser.keep(reply);
  return reply;
}

/** As if the counter had been hit `hits` times this window (each hit through the app is a query: too slow for 100,000). */
async function counterAt(key: string, { windowSeconds }: RateLimit, hits: number) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  await test.db.insert(rateLimitBuckets).values({ key, windowStart, hits });
}

/** The 429 of a like or view refused by its limits. */
function expectRefused(reply: Awaited<ReturnType<typeof engage>>) {
  expect(reply).toMatchObject({ status: 429, data: { message: TOO_MANY_FROM_NETWORK } });
  expect(Number(reply.headers.get("Retry-After"))).toBeGreaterThan(0);
}

afterEach(() => vi.useRealTimers());

describe("who may like and view through /api", () => {
  it("an anonId the client made up, sent without the cookie, adds no like and no view", async () => {
    const post = await makePost();
    const issued = tokenOf(await visitorWithId());
    const signature = issued.slice(issued.indexOf(".") + 1);
    for (const anonId of [randomUUID(), `${randomUUID()}.${signature}`, `${issued}x`]) {
      for (const kind of ["like", "view"] as const) {
        const reply = await engage(kind, post.id, { anonId });
        expect(reply.status).toBe(400);
        expect(reply.data).toEqual(NO_VISITOR);
      }
    }
    expect(await countsOf(post.id)).toEqual({ likes: 0, views: 0 });
  });

  it("the id the server issued counts, from the cookie or mirrored in the body, as one visitor", async () => {
    const post = await makePost();
    const browser = await visitorWithId();
    const byCookie = await engage("like", post.id, {}, asBrowser(browser));
    expect(byCookie).toMatchObject({ status: 200, data: { success: true, likesCount: 1, liked: true } });
    // The same visitor without the cookie (another address, say), sending the token the page mirrored.
    const byBody = await engage("like", post.id, { anonId: tokenOf(browser) });
    expect(byBody).toMatchObject({ status: 200, data: { success: true, likesCount: 1, liked: true } });

    expect((await engage("view", post.id, { anonId: tokenOf(browser) })).data).toEqual({ success: true, viewsCount: 1 });
    expect((await engage("view", post.id, {}, asBrowser(browser))).data).toEqual({ success: true, viewsCount: 1 });
    expect(await countsOf(post.id)).toEqual({ likes: 1, views: 1 });
  });

  it("an unsigned anon_id cookie from before counts for nothing, and the next page load replaces it with a signed one", async () => {
    const post = await makePost();
    const browser = new Browser();
    browser.setCookie(`anon_id=${encodeURIComponent(Buffer.from(JSON.stringify(randomUUID())).toString("base64"))}`);
    expect(await engage("like", post.id, {}, asBrowser(browser))).toMatchObject({ status: 400, data: NO_VISITOR });

    const page = await browser.visit(homePage, "/");
    expect(setCookie(page, "anon_id")).toBeDefined();
    expect(await engage("like", post.id, {}, asBrowser(browser))).toMatchObject({ status: 200, data: { likesCount: 1 } });
  });
});

describe("a visitor id for every first visit", () => {
  /** The home page as entry.server draws it: the root loader's cookies, a page showing `postId`. */
  function homePageDrawer(postId: string) {
    let draws = 0;
    const render = async (request: Request) => {
      draws++;
      const root = await call(homePage, request);
      const nonce = createNonce();
      const html = `<html><script nonce="${nonce}"></script><p>${postId} drawn ${draws}</p></html>`;
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": contentSecurityPolicy(nonce) });
      for (const line of root.headers.getSetCookie()) headers.append("Set-Cookie", line);
      return new Response(html, { headers });
    };
    return { through: ((args) => serve(args.request, render)) satisfies RouteHandler, draws: () => draws };
  }

  it("1,000 first visits from one address each get an id of their own, through the response cache; the last one likes, and its next pages are its own", async () => {
    const post = await makePost();
    const home = homePageDrawer(post.id);
    const browsers = Array.from({ length: 1_000 }, () => new Browser("2001:db8:35:1::1"));
    for (const browser of browsers) {
      const page = await browser.visit(home.through, "/");
      expect(page.status).toBe(200);
      expect(setCookie(page, "anon_id")).toBeDefined();
    }
    // The response cache answered them (one render every 10 s at most), each with a new id.
    expect(home.draws()).toBeLessThan(10);
    const ids = browsers.map((browser) => verifyVisitorToken(tokenOf(browser)));
    expect(new Set(ids).size).toBe(1_000);
    expect(ids).not.toContain(null);

    const last = browsers.at(-1)!;
    const form = await likeByForm(last, post.id);
    expect(form.location).toBe("/");
    expect(await toastOf(form)).toBeNull();
    expect(await countsOf(post.id)).toEqual({ likes: 1, views: 0 });

    // With its cookies, each of its pages is drawn for it (no first-visit page from memory).
    const draws = home.draws();
    for (let visit = 0; visit < 3; visit++) expect((await last.visit(home.through, "/")).status).toBe(200);
    expect(home.draws()).toBe(draws + 3);
  });
});

describe("limits on likes and views", () => {
  it("2,000 visitors behind one address, each with the id their first page gave them, liking and viewing one post once, are all counted", async () => {
    await withinOneWindow(ENGAGEMENT_LIMITS.like.perAddressAndPost.windowSeconds);
    const post = await makePost();
    const ip = "2001:db8:10:1::1";
    // As if 1,950 phones behind the address had liked and viewed it this hour (through the app each hit
    // is a request: the last 50 come through /api, each from a page of its own).
    for (const kind of ["like", "view"] as const) {
      const keys = engagementCounterKeys(kind, { postId: post.id, visitorId: "", clientAddress: ip });
      for (const scope of ["perAddressAndPost", "perAddress"] as const) await counterAt(keys[scope], ENGAGEMENT_LIMITS[kind][scope], 1_950);
    }
    for (let n = 0; n < 50; n++) {
      const visitor = await visitorWithId(ip);
      for (const kind of ["like", "view"] as const) expect((await engage(kind, post.id, {}, asBrowser(visitor))).status).toBe(200);
    }
    expect(await countsOf(post.id)).toEqual({ likes: 50, views: 50 });
  });

  it(`one address making a fresh id for each like of one post adds ${ENGAGEMENT_LIMITS.like.perAddressAndPost.limit} in the hour; the rest are refused`, async () => {
    // Within one clock hour, the counters' window.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000);
    const bound = ENGAGEMENT_LIMITS.like.perAddressAndPost.limit;
    const [post, other] = [await makePost(), await makePost()];
    const ip = "2001:db8:12:1::1";
    // As if the address had already made bound - 100 ids and likes this hour (each is three queries here).
    const keys = engagementCounterKeys("like", { postId: post.id, visitorId: "", clientAddress: ip });
    await counterAt(keys.perAddressAndPost, ENGAGEMENT_LIMITS.like.perAddressAndPost, bound - 100);
    await counterAt(keys.perAddress, ENGAGEMENT_LIMITS.like.perAddress, bound - 100);
    let refused = 0;
    for (let n = 0; n < 300; n++) {
      const visitorId = issueVisitorId().id;
      // What POST /api/posts/{id}/like and the like form do, without the HTTP around it.
      const throttled = await throttleEngagement("like", { postId: post.id, visitorId, clientAddress: ip });
      if (throttled) refused++;
      else await setLike(post.id, visitorId, "like");
    }
    expect(refused).toBe(200);
    expect(await countsOf(post.id)).toEqual({ likes: 100, views: 0 });

    // Through /api and the form alike, from anywhere in the /64: 429 with Retry-After, the toast; another post still counts.
    const visitor = await visitorWithId("2001:db8:12:1::2");
    expectRefused(await engage("like", post.id, {}, asBrowser(visitor)));
    const form = await likeByForm(visitor, post.id);
    expect((await toastOf(form))?.title).toBe(TOO_MANY_FROM_NETWORK);
    expect(await countsOf(post.id)).toEqual({ likes: 100, views: 0 });
    expect(await engage("like", other.id, {}, asBrowser(visitor))).toMatchObject({ status: 200, data: { likesCount: 1 } });
  }, 60_000);

  it(`one address lifts a post's views by at most ${ENGAGEMENT_LIMITS.view.perAddressAndPost.limit} an hour, however many ids it makes`, async () => {
    await withinOneWindow(ENGAGEMENT_LIMITS.view.perAddressAndPost.windowSeconds);
    const post = await makePost();
    const by = { postId: post.id, visitorId: "", clientAddress: "2001:db8:13:1::1" };
    const { limit } = ENGAGEMENT_LIMITS.view.perAddressAndPost;
    await counterAt(engagementCounterKeys("view", by).perAddressAndPost, ENGAGEMENT_LIMITS.view.perAddressAndPost, limit - 3);
    const replies = [];
    for (let n = 0; n < 10; n++) replies.push(await engage("view", post.id, { anonId: issueVisitorId().token }, { ip: by.clientAddress }));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, ...Array(7).fill(429)]);
    expectRefused(replies[9]);
    expect(await countsOf(post.id)).toEqual({ likes: 0, views: 3 });
  });

  it.each(["like", "view"] as const)(
    "one visitor id gives its limit of %ss an hour, then 429 from any address; another visitor there counts",
    async (kind) => {
      const limit = ENGAGEMENT_LIMITS[kind].perVisitor;
      await withinOneWindow(limit.windowSeconds);
      const post = await makePost();
      const visitor = await visitorWithId();
      const by: EngagementBy = { postId: post.id, visitorId: verifyVisitorToken(tokenOf(visitor))!, clientAddress: visitor.ip };
      // Its other likes or views this hour, on other posts.
      await counterAt(engagementCounterKeys(kind, by).perVisitor, limit, limit.limit - 1);

      expect(await engage(kind, post.id, {}, asBrowser(visitor))).toMatchObject({ status: 200 });
      for (const ip of [visitor.ip, "2001:db8:14:1::1"]) expectRefused(await engage(kind, post.id, {}, { ...asBrowser(visitor), ip }));
      expect(await engage(kind, post.id, {}, asBrowser(await visitorWithId(visitor.ip)))).toMatchObject({ status: 200 });
      expect(await countsOf(post.id)).toEqual(kind === "like" ? { likes: 2, views: 0 } : { likes: 0, views: 2 });
    },
  );

  it.each(["like", "view"] as const)(
    "an address (an IPv6 /64) gives its limit of %ss an hour, all its phones together, then 429; another network still counts",
    async (kind) => {
      const limit = ENGAGEMENT_LIMITS[kind].perAddress;
      await withinOneWindow(limit.windowSeconds);
      const post = await makePost();
      const network = `2001:db8:${kind === "like" ? 15 : 16}:1`;
      const by: EngagementBy = { postId: post.id, visitorId: "", clientAddress: `${network}::1` };
      // The address's other phones have used up all but one of what it may give this hour, on other posts.
      await counterAt(engagementCounterKeys(kind, by).perAddress, limit, limit.limit - 1);

      const [first, second] = [await visitorWithId(`${network}::a`), await visitorWithId(`${network}::b`)];
      expect(await engage(kind, post.id, {}, asBrowser(first))).toMatchObject({ status: 200 });
      expectRefused(await engage(kind, post.id, {}, asBrowser(second)));
      expect(await engage(kind, post.id, {}, { ...asBrowser(second), ip: "2001:db8:17:1::1" })).toMatchObject({ status: 200 });
      expect(await countsOf(post.id)).toEqual(kind === "like" ? { likes: 2, views: 0 } : { likes: 0, views: 2 });
    },
  );
});
