import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { renderToStaticMarkup } from "react-dom/server";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";

import { PageBody } from "~/components/information-page";
import { pages } from "~/db/schema";
import { LEARN_ARTICLES } from "~/db/seed/learn-articles";
import { DEMO_PAGES } from "~/db/seed/demo-content";
import { setupDatabase } from "~/db/setup.server";
import { renderPageMarkdown } from "~/lib/page-markdown.server";
import { loader as privacyTermsLoader } from "~/routes/_account+/privacy-terms";
import { loader as termsConditionsLoader } from "~/routes/_account+/terms-conditions";
import { loader as learnLoader } from "~/routes/_app+/learn";
import { loader as learnArticleLoader } from "~/routes/_app+/learn_.$slug";
import { loader as notBuiltLoader } from "~/routes/$";
import { createLocalDiskStorage } from "~/services/storage.server";

import { createUser, sessionCookieFor } from "../support/accounts";
import { setupTestDatabase } from "../support/database";
import { call, getRequest } from "../support/http";

const test = setupTestDatabase();

let cookie: string;
// A new installation without demo data (SEED_DEMO_DATA=false): the essentials alone.
beforeAll(async () => {
  await setupDatabase(test.handle, {
    adminEmail: "learn-admin@isent.example.in",
    adminPassword: "learn-admin-password-1",
    demoData: false,
    storage: createLocalDiskStorage(mkdtempSync(path.join(tmpdir(), "isent-learn-"))),
  });
  cookie = await sessionCookieFor((await createUser()).id);
});

type ArticleList = { articles: Array<{ slug: string; title: string; summary: string }> };
type Page = { title: string; html: string; description: string };

describe("/learn", () => {
  it("lists the seeded articles in order, with their one-line summaries, on a database without demo data", async () => {
    const reply = await call<ArticleList>(learnLoader, getRequest("/learn", { cookie }));
    expect(reply.status).toBe(200);
    expect(reply.data.articles.map((article) => article.slug)).toEqual([
      "getting-started",
      "writing-a-good-post",
      "offers-that-work",
      "sms-rules-in-india",
    ]);
    for (const article of reply.data.articles) {
      expect(article.title.length).toBeGreaterThan(5);
      expect(article.summary.length).toBeGreaterThan(20);
    }
    // The information pages are not articles.
    expect(reply.data.articles.map((article) => article.slug)).not.toContain("terms");
  });

  it("shows one article, with its description for link previews", async () => {
    const reply = await call<Page>(learnArticleLoader, getRequest("/learn/sms-rules-in-india", { cookie }), {
      slug: "sms-rules-in-india",
    });
    expect(reply.status).toBe(200);
    expect(reply.data.title).toBe("SMS rules in India: DLT, sender IDs and consent");
    expect(reply.data.html).toContain("<h2>DLT registration</h2>");
    expect(reply.data.html).toContain("10 am to 9 pm");
    expect(reply.data.description).toBe(LEARN_ARTICLES[3].summary);
  });

  it("answers 404 for an unknown slug, and for an information page's slug", async () => {
    for (const slug of ["no-such-article", "terms", "../privacy"]) {
      const reply = await call(learnArticleLoader, getRequest(`/learn/${encodeURIComponent(slug)}`, { cookie }), { slug });
      expect(reply.status).toBe(404);
    }
  });

  it("sends a signed-out visitor to the login page, back to the article afterwards", async () => {
    const list = await call(learnLoader, getRequest("/learn"));
    expect(list.status).toBe(302);
    expect(list.location).toBe("/login?redirectTo=%2Flearn");
    const article = await call(learnArticleLoader, getRequest("/learn/getting-started"), { slug: "getting-started" });
    expect(article.location).toBe("/login?redirectTo=%2Flearn%2Fgetting-started");
  });

  it("seeds each article once: a second start adds nothing and keeps an edit", async () => {
    await test.db.update(pages).set({ body: "Edited by the admin." }).where(eq(pages.slug, "getting-started"));
    const before = await test.db.select({ total: count() }).from(pages);
    await setupDatabase(test.handle, {
      adminEmail: "learn-admin@isent.example.in",
      demoData: false,
      storage: createLocalDiskStorage(mkdtempSync(path.join(tmpdir(), "isent-learn-"))),
    });
    expect(await test.db.select({ total: count() }).from(pages)).toEqual(before);
    expect(before[0].total).toBe(Object.keys(DEMO_PAGES).length + LEARN_ARTICLES.length);
    const [edited] = await test.db.select().from(pages).where(eq(pages.slug, "getting-started"));
    expect(edited.body).toBe("Edited by the admin.");
  });

  it("never sends a script, an image or a javascript: link in an article's HTML", async () => {
    await test.db.insert(pages).values({
      slug: "test-markup",
      kind: "article",
      title: "Markup <b>test</b>",
      summary: "<img src=x onerror=alert(1)>",
      body: '## <script>alert("h")</script>\n\nA <a href="javascript:alert(1)">link</a>\n\n- <img src=x onerror=alert(2)>',
      sortOrder: 99,
    });
    const reply = await call<Page>(learnArticleLoader, getRequest("/learn/test-markup", { cookie }), { slug: "test-markup" });
    const html = renderToStaticMarkup(<PageBody html={reply.data.html} />);
    expect(html).not.toMatch(/<script|<img|onerror|javascript:|alert\(/i);
    expect(html).toContain("<h2></h2>");
    expect(html).toContain("<p>A <a>link</a></p>");
    await test.db.delete(pages).where(eq(pages.slug, "test-markup"));
  });
});

describe("/terms-conditions and /privacy-terms", () => {
  it("render the same rows as the public terms and privacy pages", async () => {
    const terms = await call<Page>(termsConditionsLoader, getRequest("/terms-conditions", { cookie }));
    expect(terms.status).toBe(200);
    expect(terms.data).toMatchObject({ title: DEMO_PAGES.terms.title, html: renderPageMarkdown(DEMO_PAGES.terms.body) });
    // Search results and link previews quote the first paragraph.
    expect(terms.data.description).toBe(DEMO_PAGES.terms.body.split("\n\n")[0].slice(0, 160));
    const privacy = await call<Page>(privacyTermsLoader, getRequest("/privacy-terms", { cookie }));
    expect(privacy.data).toMatchObject({ title: DEMO_PAGES.privacy.title, html: renderPageMarkdown(DEMO_PAGES.privacy.body) });

    await test.db.update(pages).set({ title: "Terms, as the admin wrote them" }).where(eq(pages.slug, "terms"));
    const edited = await call<Page>(termsConditionsLoader, getRequest("/terms-conditions", { cookie }));
    expect(edited.data.title).toBe("Terms, as the admin wrote them");
  });

  it("send a signed-out visitor to the login page", async () => {
    for (const [loader, url] of [
      [termsConditionsLoader, "/terms-conditions"],
      [privacyTermsLoader, "/privacy-terms"],
    ] as const) {
      const reply = await call(loader, getRequest(url));
      expect(reply.status).toBe(302);
      expect(reply.location).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    }
  });

  it("answer 404 until the page exists", async () => {
    const [privacy] = await test.db.select().from(pages).where(eq(pages.slug, "privacy"));
    // Back after, so the tests that read it or count the seeded pages pass whatever the order.
    onTestFinished(async () => {
      await test.db.insert(pages).values(privacy);
    });
    await test.db.delete(pages).where(eq(pages.slug, "privacy"));
    const reply = await call(privacyTermsLoader, getRequest("/privacy-terms", { cookie }));
    expect(reply.status).toBe(404);
  });
});

describe("the not-yet-built list", () => {
  it("no longer claims /learn, /terms-conditions or /privacy-terms", async () => {
    // The splat sees only paths no route claims; these three now have their own routes.
    for (const url of ["/learn", "/terms-conditions", "/privacy-terms"]) {
      const request = getRequest(url, { cookie });
      await expect(notBuiltLoader({ request, params: { "*": url.slice(1) }, context: {} })).rejects.toMatchObject({
        init: { status: 404 },
      });
    }
  });
});
