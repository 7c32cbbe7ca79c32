import { randomUUID } from "node:crypto";

import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { businessCardDesigns, campaigns, posts, pricing, sessions, smsMessages, users } from "~/db/schema";
import { DEMO_CARD_DESIGNS } from "~/db/seed/demo-content";
import { serve } from "~/entry.server";
import { makeCampaign, makeContact, makePost, makeUser } from "~/db/seed/factories.server";
import { saveBusinessCard } from "~/models/business-cards.server";
import { listenForPostChanges } from "~/models/feed-cache.server";
import { listenForSettingsChanges } from "~/models/kept-settings.server";
import { recordView, setLike } from "~/models/post-engagement.server";
import { keepPage } from "~/utils/page-cache.server";
import { contentSecurityPolicy } from "~/utils/security-headers.server";
import { noteDrawnPage, pageKeptUntil, pageShowsOwnData, pageShowsPosts, serveFromKeptPages } from "~/utils/kept-pages.server";
import { getCurrentSession } from "~/utils/session.server";

import { sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { makeSentMessages } from "../support/sms-messages";

const test = setupTestDatabase();

/** A stand-in for the Remix render: draws a page showing `postIds`, kept by its data as entry.server keeps it. */
function drawer(postIds: string[], options: { setCookie?: string; until?: number; says?: boolean } = {}) {
  let draws = 0;
  const render = async (request: Request) => {
    draws++;
    const nonce = randomUUID();
    const html = `<html><script nonce="${nonce}"></script><p>${postIds.join(" ")} drawn ${draws} for ${request.url}</p></html>`;
    const pageKey = `key ${randomUUID()}`;
    keepPage({ key: pageKey, perAnswer: [] }, html, nonce);
    noteDrawnPage(pageKey);
    if (options.says !== false) pageShowsPosts(postIds);
    if (options.until) pageKeptUntil(options.until);
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": contentSecurityPolicy(nonce) });
    if (options.setCookie) headers.append("Set-Cookie", options.setCookie);
    return new Response(html, { status: 200, headers });
  };
  return { render, draws: () => draws };
}

const page = (cookie: string | null, path = "/") => new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });

/** A returning visitor's cookies: their own id (each visitor a different one) and place. */
const visitorCookies = () => `anon_id=${randomUUID()}; feed_location=near`;

describe("a returning visitor's page kept in memory", () => {
  beforeAll(async () => {
    await listenForPostChanges();
  });

  it("is answered from memory to the same visitor, with a fresh nonce each time, and drawn for anyone else", async () => {
    const post = await makePost();
    const { render, draws } = drawer([post.id]);
    const mine = visitorCookies();
    const first = await serveFromKeptPages(page(mine), render);
    const again = await serveFromKeptPages(page(mine), render);
    expect(draws()).toBe(1);
    const [firstHtml, againHtml] = [await first.text(), await again.text()];
    expect(againHtml.replace(/nonce="[^"]+"/, "")).toBe(firstHtml.replace(/nonce="[^"]+"/, ""));
    const nonce = /nonce="([^"]+)"/.exec(againHtml)![1];
    expect(firstHtml).not.toContain(nonce);
    expect(again.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);

    await serveFromKeptPages(page(visitorCookies()), render);
    await serveFromKeptPages(page(mine, "/?category=food"), render);
    expect(draws()).toBe(3);
  });

  it("is never kept for another cookie, a session that is none, a toast, a first visit, a page that set a cookie or said nothing of what it shows", async () => {
    const post = await makePost();
    const twice = async (cookie: string | null, options: Parameters<typeof drawer>[1] = {}) => {
      const { render, draws } = drawer([post.id], options);
      await serveFromKeptPages(page(cookie), render);
      await serveFromKeptPages(page(cookie), render);
      return draws();
    };
    expect(await twice(`${visitorCookies()}; session=abc`)).toBe(2);
    expect(await twice(`${visitorCookies()}; __session=abc`)).toBe(2);
    expect(await twice(`${visitorCookies()}; toast=abc`)).toBe(2);
    expect(await twice(`${visitorCookies()}; broken`)).toBe(2);
    expect(await twice(null)).toBe(2);
    expect(await twice(visitorCookies(), { setCookie: "anon_id=new; Path=/" })).toBe(2);
    expect(await twice(visitorCookies(), { says: false })).toBe(2);
    expect(await twice(visitorCookies(), { until: Date.now() - 1 })).toBe(2);
  });

  it("is forgotten when a post it shows is liked, viewed, hidden or deleted, by whoever, and not for other posts", async () => {
    const [shown, other] = [await makePost(), await makePost()];
    const { render, draws } = drawer([shown.id]);
    const mine = visitorCookies();
    const visit = () => serveFromKeptPages(page(mine), render);
    await visit();
    await visit();
    expect(draws()).toBe(1);

    await setLike(other.id, randomUUID(), "like");
    await visit();
    expect(draws()).toBe(1);

    // Someone else's like of a post on it: the visitor's next page counts it.
    await setLike(shown.id, randomUUID(), "like");
    await vi.waitFor(async () => {
      await visit();
      expect(draws()).toBe(2);
    });
    await test.db.update(posts).set({ status: "hidden" }).where(eq(posts.id, shown.id));
    await vi.waitFor(async () => {
      await visit();
      expect(draws()).toBe(3);
    });
    await test.db.delete(posts).where(eq(posts.id, shown.id));
    await vi.waitFor(async () => {
      await visit();
      expect(draws()).toBe(4);
    });
  });

  it("is forgotten, all of them, when an account's status changes or too many posts change at once", async () => {
    const shown = await makePost();
    const { render, draws } = drawer([shown.id]);
    const mine = visitorCookies();
    const visit = () => serveFromKeptPages(page(mine), render);
    await visit();
    const neighbour = await makePost();
    await test.db.update(users).set({ status: "suspended" }).where(eq(users.id, neighbour.userId));
    await vi.waitFor(async () => {
      await visit();
      expect(draws()).toBe(2);
    });

    const many = await Promise.all(Array.from({ length: 160 }, () => makePost({ userId: neighbour.userId })));
    await visit();
    expect(draws()).toBe(2);
    await test.db
      .update(posts)
      .set({ viewsCount: 1 })
      .where(
        inArray(
          posts.id,
          many.map((post) => post.id),
        ),
      );
    await vi.waitFor(async () => {
      await visit();
      expect(draws()).toBe(3);
    });
  });

  it("is drawn once when the same visitor's page is asked for many times at once, each answer whole", async () => {
    const post = await makePost();
    const { render, draws } = drawer([post.id]);
    const mine = visitorCookies();
    const answers = await Promise.all(Array.from({ length: 16 }, () => serveFromKeptPages(page(mine), render)));
    expect(draws()).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain(`${post.id} drawn 1`);
    }
  });

  it("is kept no longer than its loaders said", async () => {
    const post = await makePost();
    const { render, draws } = drawer([post.id], { until: Date.now() + 300 });
    const mine = visitorCookies();
    await serveFromKeptPages(page(mine), render);
    await serveFromKeptPages(page(mine), render);
    expect(draws()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await serveFromKeptPages(page(mine), render);
    expect(draws()).toBe(2);
  });
});

/**
 * A stand-in for a business's workspace page: its loader looks the session up first (as requireUser
 * does), says the page shows its own data, and draws a form with a fresh key of its own.
 */
function businessDrawer({ says = true }: { says?: boolean } = {}) {
  let draws = 0;
  const render = async (request: Request) => {
    const session = await getCurrentSession(request);
    if (!session) return new Response(null, { status: 302, headers: { Location: "/login" } });
    draws++;
    if (says) pageShowsOwnData();
    const [nonce, formKey] = [randomUUID(), randomUUID()];
    const html = `<html><script nonce="${nonce}"></script><p>${session.user.businessName} drawn ${draws}</p><input value="${formKey}"></html>`;
    const pageKey = `key ${randomUUID()}`;
    keepPage({ key: pageKey, perAnswer: [formKey] }, html, nonce);
    noteDrawnPage(pageKey, 1);
    return new Response(html, { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" } });
  };
  return { render, draws: () => draws };
}

const formKeyIn = async (response: Response) => /<input value="([^"]+)">/.exec(await response.text())![1];

describe("a business's own workspace page kept in memory", () => {
  beforeAll(async () => {
    await Promise.all([listenForPostChanges(), listenForSettingsChanges()]);
  });

  it("is answered from memory to the same session, each form with a key of its own, and drawn for another session or none", async () => {
    const business = await makeUser();
    const cookie = `${await sessionCookieFor(business.id)}; ${visitorCookies()}`;
    const { render, draws } = businessDrawer();
    const first = await serveFromKeptPages(page(cookie, "/contacts"), render);
    const again = await serveFromKeptPages(page(cookie, "/contacts"), render);
    expect(draws()).toBe(1);
    expect([first.status, again.status]).toEqual([200, 200]);
    const [firstKey, againKey] = [await formKeyIn(first), await formKeyIn(again)];
    expect(againKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(againKey).not.toBe(firstKey);

    // The same account on another phone, and a page that did not say what it shows.
    await serveFromKeptPages(page(await sessionCookieFor(business.id), "/contacts"), render);
    expect(draws()).toBe(2);
    const silent = businessDrawer({ says: false });
    await serveFromKeptPages(page(cookie, "/app"), silent.render);
    await serveFromKeptPages(page(cookie, "/app"), silent.render);
    expect(silent.draws()).toBe(2);
  });

  it("leaves the server with private, no-store, drawn and answered from memory alike", async () => {
    const business = await makeUser();
    const cookie = await sessionCookieFor(business.id);
    const { render, draws } = businessDrawer();
    const [drawn, recalled] = [await serve(page(cookie, "/contacts"), render), await serve(page(cookie, "/contacts"), render)];
    expect(draws()).toBe(1);
    expect([drawn.status, recalled.status]).toEqual([200, 200]);
    expect(drawn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(recalled.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("is drawn afresh on the very next request after anything it shows changes, by whoever, and not for another business's changes", async () => {
    const [business, neighbour] = [await makeUser(), await makeUser()];
    const cookie = await sessionCookieFor(business.id);
    const { render, draws } = businessDrawer();
    const visit = () => serveFromKeptPages(page(cookie, "/app"), render);
    await visit();
    let expected = 1;
    const drawnAfter = async (change: () => Promise<unknown>, label: string) => {
      await change();
      await visit();
      await visit();
      expect(draws(), label).toBe(++expected);
    };

    await makePost({ userId: neighbour.id });
    await makeContact({ userId: neighbour.id });
    await visit();
    expect(draws()).toBe(1);

    await drawnAfter(() => test.db.update(users).set({ balance: 7 }).where(eq(users.id, business.id)), "its balance");
    await drawnAfter(() => makePost({ userId: business.id }), "a new post");
    const [own] = await test.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, business.id));
    await drawnAfter(() => setLike(own.id, randomUUID(), "like"), "a like of its post");
    await drawnAfter(() => recordView(own.id, randomUUID()), "a view of its post");
    await drawnAfter(() => test.db.update(posts).set({ status: "hidden" }).where(eq(posts.id, own.id)), "its post hidden");
    await drawnAfter(() => test.db.delete(posts).where(eq(posts.id, own.id)), "its post deleted");
    await drawnAfter(() => makeContact({ userId: business.id }), "a contact added");
    const campaign = await makeCampaign({ userId: business.id });
    await visit();
    expected++;
    await drawnAfter(() => test.db.update(campaigns).set({ status: "cancelled" }).where(eq(campaigns.id, campaign.id)), "a campaign");
    const { messages } = await makeSentMessages({ userId: business.id, provider: "test" });
    await visit();
    expected++;
    await drawnAfter(
      () => test.db.update(smsMessages).set({ status: "delivered" }).where(eq(smsMessages.id, messages[0].id)),
      "an SMS delivered",
    );
    const [design] = await test.db.insert(businessCardDesigns).values({ name: "Plain", layout: DEMO_CARD_DESIGNS[0].layout }).returning();
    // A new design is the admin's: every process hears of it and forgets the pages drawn with the old ones.
    expected++;
    await vi.waitFor(async () => {
      await visit();
      expect(draws()).toBe(expected);
    });
    const card = { designId: design.id, title: null, tagline: null, email: null, website: null, showMobile: true };
    await drawnAfter(() => saveBusinessCard(business.id, card), "its card");
  });

  it("is drawn afresh once the admin changes a price, and never answered once the session has ended", async () => {
    const business = await makeUser();
    const cookie = await sessionCookieFor(business.id);
    const { render, draws } = businessDrawer();
    const visit = () => serveFromKeptPages(page(cookie, "/send-post"), render);
    await visit();
    await visit();
    expect(draws()).toBe(1);
    await test.db.update(pricing).set({ credits: 9 }).where(eq(pricing.key, "post"));
    await vi.waitFor(async () => {
      await visit();
      expect(draws()).toBe(2);
    });

    // Signed out on every device (Settings), elsewhere.
    await test.db.delete(sessions).where(eq(sessions.userId, business.id));
    const ended = await visit();
    expect(ended.status).toBe(302);
    expect(draws()).toBe(2);
  });
});
