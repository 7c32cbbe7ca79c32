import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { makePost } from "~/db/seed/factories.server";
import { posts } from "~/db/schema";
import {
  LIKE_LIMIT,
  NEW_VISITOR_LIMIT,
  TOO_MANY_FROM_NETWORK,
  VIEW_LIMIT,
  throttleEngagement,
  type Engagement,
} from "~/models/visitors.server";
import { loadRootData } from "~/root.server";
import { action as likeApi } from "~/routes/api+/posts_.$id_.like";
import { action as viewApi } from "~/routes/api+/posts_.$id_.view";
import { action as likeForm } from "~/routes/posts.$id.like";

import { setupTestDatabase } from "../support/database";
import { Browser, call, getRequest, jsonPost, setCookie, toastOf, withinOneWindow, type RouteHandler } from "../support/http";

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

describe("limits per client address", () => {
  it(`an address gets ${NEW_VISITOR_LIMIT.limit} new visitor ids an hour, an IPv6 /64 counting as one; past that pages load without one`, async () => {
    await withinOneWindow(NEW_VISITOR_LIMIT.windowSeconds);
    const post = await makePost();
    const known = await visitorWithId("2001:db8:1:1::ffff");
    for (let n = 1; n < NEW_VISITOR_LIMIT.limit; n++) {
      const page = await call(homePage, getRequest("/", { ip: `2001:db8:1:1::${n.toString(16)}` }));
      expect(setCookie(page, "anon_id")).toBeDefined();
    }

    const refused = new Browser("2001:db8:1:1:abcd::1");
    const page = await refused.visit(homePage, "/");
    expect(page.status).toBe(200);
    expect(setCookie(page, "anon_id")).toBeUndefined();
    // Without JavaScript the like form cannot name the visitor either: refused, nothing written.
    const form = await refused.submit(likeForm, `/posts/${post.id}/like`, { action: "like", redirectTo: "/" });
    expect(form.location).toBe("/");
    expect((await toastOf(form))?.title).toBe(TOO_MANY_FROM_NETWORK);
    expect(setCookie(form, "anon_id")).toBeUndefined();
    expect(await countsOf(post.id)).toEqual({ likes: 0, views: 0 });

    // Visitors who already have an id still count; another /64 still gets new ids.
    expect(await engage("like", post.id, {}, asBrowser(known))).toMatchObject({ status: 200, data: { likesCount: 1 } });
    await visitorWithId("2001:db8:1:2::1");
  });

  it.each([
    ["like", LIKE_LIMIT],
    ["view", VIEW_LIMIT],
  ] as const)("an address gives %ss up to its limit, then 429 {message} with Retry-After", async (kind, limit) => {
    await withinOneWindow(limit.windowSeconds);
    const post = await makePost();
    const network = `2001:db8:${kind === "like" ? 2 : 3}:1`;
    const visitor = await visitorWithId(`${network}::1`);
    // The address's other visitors have used up what it may give this hour.
    for (let n = 0; n < limit.limit; n++) expect(await throttleEngagement(kind, `${network}::${(n % 1000).toString(16)}`)).toBeNull();

    for (const ip of [visitor.ip, `${network}::beef`]) {
      const reply = await engage(kind, post.id, {}, { ...asBrowser(visitor), ip });
      expect(reply).toMatchObject({ status: 429, data: { message: TOO_MANY_FROM_NETWORK } });
      expect(Number(reply.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    expect(await countsOf(post.id)).toEqual({ likes: 0, views: 0 });
    // The same visitor from another network is counted.
    expect(await engage(kind, post.id, {}, { ...asBrowser(visitor), ip: "2001:db8:4:1::1" })).toMatchObject({ status: 200 });
  });

  it("the like form without JavaScript keeps to the address's like limit", async () => {
    await withinOneWindow(LIKE_LIMIT.windowSeconds);
    const post = await makePost();
    const visitor = await visitorWithId("2001:db8:5:1::1");
    for (let n = 0; n < LIKE_LIMIT.limit; n++) await throttleEngagement("like", visitor.ip);
    const form = await visitor.submit(likeForm, `/posts/${post.id}/like`, { action: "like", redirectTo: "/" });
    expect((await toastOf(form))?.title).toBe(TOO_MANY_FROM_NETWORK);
    expect(await countsOf(post.id)).toEqual({ likes: 0, views: 0 });
  });
});
