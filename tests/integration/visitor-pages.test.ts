import { randomUUID } from "node:crypto";

import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { posts, users } from "~/db/schema";
import { makePost } from "~/db/seed/factories.server";
import { listenForPostChanges } from "~/models/feed-cache.server";
import { setLike } from "~/models/post-engagement.server";
import { keepPage } from "~/utils/page-cache.server";
import { contentSecurityPolicy } from "~/utils/security-headers.server";
import { noteDrawnPage, pageKeptUntil, pageShowsPosts, serveKnownVisitor } from "~/utils/visitor-pages.server";

import { setupTestDatabase } from "../support/database";

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
    const first = await serveKnownVisitor(page(mine), render);
    const again = await serveKnownVisitor(page(mine), render);
    expect(draws()).toBe(1);
    const [firstHtml, againHtml] = [await first.text(), await again.text()];
    expect(againHtml.replace(/nonce="[^"]+"/, "")).toBe(firstHtml.replace(/nonce="[^"]+"/, ""));
    const nonce = /nonce="([^"]+)"/.exec(againHtml)![1];
    expect(firstHtml).not.toContain(nonce);
    expect(again.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);

    await serveKnownVisitor(page(visitorCookies()), render);
    await serveKnownVisitor(page(mine, "/?category=food"), render);
    expect(draws()).toBe(3);
  });

  it("is never kept for a signed-in visitor, a toast, a first visit, a page that set a cookie or said nothing of what it shows", async () => {
    const post = await makePost();
    const twice = async (cookie: string | null, options: Parameters<typeof drawer>[1] = {}) => {
      const { render, draws } = drawer([post.id], options);
      await serveKnownVisitor(page(cookie), render);
      await serveKnownVisitor(page(cookie), render);
      return draws();
    };
    expect(await twice(`${visitorCookies()}; session=abc`)).toBe(2);
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
    const visit = () => serveKnownVisitor(page(mine), render);
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
    const visit = () => serveKnownVisitor(page(mine), render);
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

  it("is kept no longer than its loaders said", async () => {
    const post = await makePost();
    const { render, draws } = drawer([post.id], { until: Date.now() + 300 });
    const mine = visitorCookies();
    await serveKnownVisitor(page(mine), render);
    await serveKnownVisitor(page(mine), render);
    expect(draws()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await serveKnownVisitor(page(mine), render);
    expect(draws()).toBe(2);
  });
});
