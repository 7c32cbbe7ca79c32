import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { adminAuditLog, pageVersions, pages } from "~/db/schema";
import { DEMO_PAGES } from "~/db/seed/demo-content";
import { LEARN_ARTICLES } from "~/db/seed/learn-articles";
import { listLearnArticles } from "~/models/pages.server";
import { keepFirstPageVersions, slugFromTitle } from "~/models/admin-pages.server";
import { loader as publicPageLoader } from "~/routes/__information-page";
import { action as aboutAction, loader as aboutLoader } from "~/routes/admin+/about-us";
import { action as contactAction } from "~/routes/admin+/contact-us";
import { action as learnListAction } from "~/routes/admin+/learn";
import { action as editArticleAction, loader as editArticleLoader } from "~/routes/admin+/learn_.$slug";
import { action as newArticleAction } from "~/routes/admin+/learn_.new";
import { loader as learnArticleLoader } from "~/routes/_app+/learn_.$slug";

import { createUser, sessionCookieFor } from "../support/accounts";
import { adminCookie } from "../support/admin";
import { setupTestDatabase } from "../support/database";
import { EVIL_SITE, call, formErrors, formPost, getRequest, toastOf } from "../support/http";

const test = setupTestDatabase();

type PublicPage = { title: string; html: string; description: string };
type Editor = {
  page: { title: string; body: string; summary: string };
  versions: Array<{ id: string; savedBy: string | null; path: string }>;
  viewing: { id: string; body: string; html: string } | null;
};

let cookie: string;
let businessCookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  businessCookie = await sessionCookieFor((await createUser()).id);
});

beforeEach(async () => {
  await test.db.delete(pages);
  await test.db.insert(pages).values(Object.entries(DEMO_PAGES).map(([slug, page]) => ({ slug, kind: "information" as const, ...page })));
  await test.db.insert(pages).values(LEARN_ARTICLES.map((article, index) => ({ ...article, kind: "article" as const, sortOrder: index })));
});

const readAbout = async () => (await call<PublicPage>(publicPageLoader, getRequest("/about-us"))).data;
const aboutEditor = async (query = "") => call<Editor>(aboutLoader, getRequest(`/admin/about-us${query}`, { cookie }));
const saveAbout = (fields: Record<string, string>, options = { cookie }) =>
  call(aboutAction, formPost("/admin/about-us", { intent: "save", title: "About iSent", ...fields }, options));

const HOSTILE_BODY = [
  "We are **still** local.",
  '<script>window.pwned = true; alert("x")</script>',
  '<img src=x onerror="alert(1)">',
  "[Click me](javascript:alert(1))",
  '<a onclick="alert(1)" href="https://isent.example.in">Our site</a>',
].join("\n\n");

describe("saving an information page", () => {
  it("shows the new text on the public page at once, as sanitised HTML, and keeps a version and an audit row", async () => {
    const reply = await saveAbout({ body: "## Who we are\n\nWe are **local**. Call +91 80 4000 1234." });
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/admin/about-us");
    expect(await toastOf(reply)).toMatchObject({ type: "success", title: '"About iSent" saved' });

    const page = await readAbout();
    expect(page.html).toBe(
      '<h2>Who we are</h2>\n<p>We are <strong>local</strong>. Call <a href="tel:+918040001234" rel="nofollow noopener">+91 80 4000 1234</a>.</p>\n',
    );
    expect(page.description).toBe("We are local. Call +91 80 4000 1234.");

    // The first save keeps the text the page started with as a version too: both can be restored.
    const editor = await aboutEditor();
    expect(editor.data.versions).toHaveLength(2);
    expect(editor.data.versions.map((version) => version.savedBy)).toEqual(["admin@isent.example.in", null]);
    const [audit] = await test.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, "about"));
    expect(audit).toMatchObject({ action: "edit_page", entityType: "page", summary: 'Edited "About iSent"' });
  });

  it("strips a script, an onerror image, a javascript: link and an onclick from what the public page gets", async () => {
    expect((await saveAbout({ body: HOSTILE_BODY })).status).toBe(302);
    const { html } = await readAbout();
    expect(html).not.toMatch(/<script|<img|onerror|onclick|javascript:|alert\(|pwned/i);
    expect(html).toContain("<p>We are <strong>still</strong> local.</p>");
    expect(html).toContain("<a>Click me</a>");
    expect(html).toContain('<a href="https://isent.example.in" rel="nofollow noopener">Our site</a>');
    // The same for a signed-in business's /learn article.
    await call(
      editArticleAction,
      formPost(
        "/admin/learn/getting-started",
        { intent: "save", title: "Getting started", summary: "Start here.", body: HOSTILE_BODY },
        { cookie },
      ),
      { slug: "getting-started" },
    );
    const article = await call<PublicPage>(learnArticleLoader, getRequest("/learn/getting-started", { cookie: businessCookie }), {
      slug: "getting-started",
    });
    expect(article.data.html).not.toMatch(/<script|<img|onerror|onclick|javascript:|alert\(|pwned/i);
  });

  it("previews without saving: the text rendered as the public page will show it, the form kept", async () => {
    const reply = await call<{ preview: string; result: { initialValue: Record<string, string> } }>(
      aboutAction,
      formPost("/admin/about-us", { intent: "preview", title: "Draft title", body: `# Draft\n\n${HOSTILE_BODY}` }, { cookie }),
    );
    expect(reply.status).toBe(200);
    expect(reply.data.preview).toContain("<h2>Draft</h2>");
    expect(reply.data.preview).not.toMatch(/<script|onerror|javascript:/);
    expect(reply.data.result.initialValue).toMatchObject({ title: "Draft title" });
    expect((await readAbout()).title).toBe(DEMO_PAGES.about.title);
    expect(await test.db.select().from(pageVersions)).toEqual([]);
  });

  it.each([
    ["an empty title", { title: "" }, "title", "Enter a title"],
    ["a title of 121 characters", { title: "x".repeat(121) }, "title", "A title can be at most 120 characters"],
    ["a blank text", { body: "   " }, "body", "Write the page's text"],
    ["a text of 50,001 characters", { body: "x".repeat(50_001) }, "body", "The text can be at most 50,000 characters"],
    ["a NUL character", { body: "text\u0000with NUL" }, "body", "Remove the invisible control characters from this field"],
    ["an unknown button", { intent: "publish" }, "intent", "Choose Preview or Save"],
  ])("refuses %s with a clear message and changes nothing", async (_name, fields, field, message) => {
    const reply = await saveAbout({ body: "Fine text", ...fields });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.[field]).toEqual([message]);
    expect(await toastOf(reply)).toMatchObject({ type: "error", title: "Page not saved" });
    expect((await readAbout()).title).toBe(DEMO_PAGES.about.title);
    expect(await test.db.select().from(pageVersions)).toEqual([]);
  });

  it("accepts a body of exactly 50,000 characters", async () => {
    expect((await saveAbout({ body: "y".repeat(50_000) })).status).toBe(302);
  });

  it("refuses a business user, a visitor and another site's form", async () => {
    expect((await saveAbout({ body: "Hijacked" }, { cookie: businessCookie })).location).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fabout-us",
    );
    expect((await call(aboutAction, formPost("/admin/about-us", { intent: "save", title: "x", body: "Hijacked" }))).location).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fabout-us",
    );
    const forged = await call(
      contactAction,
      formPost("/admin/contact-us", { intent: "save", title: "x", body: "Hijacked" }, { cookie, origin: EVIL_SITE }),
    );
    expect(forged.status).toBe(403);
    expect((await readAbout()).html).not.toContain("Hijacked");
  });
});

describe("versions", () => {
  it("shows an earlier version and restores it as a new version", async () => {
    await saveAbout({ body: "First edit." });
    await saveAbout({ body: "Second edit." });
    const editor = await aboutEditor();
    expect(editor.data.versions).toHaveLength(3);
    const original = editor.data.versions[2];

    const shown = await aboutEditor(`?version=${original.id}`);
    expect(shown.data.viewing).toMatchObject({ id: original.id, body: DEMO_PAGES.about.body });
    expect(shown.data.viewing?.html).toContain("<p>iSent helps local businesses");

    const restored = await call(aboutAction, formPost("/admin/about-us", { intent: "restore", versionId: original.id }, { cookie }));
    expect(restored.location).toBe("/admin/about-us");
    expect(await toastOf(restored)).toMatchObject({ type: "success", title: "Version restored" });
    expect((await readAbout()).html).toContain("iSent helps local businesses in India");
    const after = await aboutEditor();
    expect(after.data.versions).toHaveLength(4);
    expect(after.data.page.body).toBe(DEMO_PAGES.about.body);
    const [audit] = await test.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, "restore_page"));
    expect(audit.after).toMatchObject({ restoredVersionId: original.id });
  });

  it("keeps each page's first text as a version once (the seed, on every start), and a save adds to it", async () => {
    await keepFirstPageVersions();
    await keepFirstPageVersions();
    const firsts = await test.db.select().from(pageVersions);
    expect(firsts).toHaveLength(Object.keys(DEMO_PAGES).length + LEARN_ARTICLES.length);
    expect(firsts.find((version) => version.slug === "about")).toMatchObject({ body: DEMO_PAGES.about.body, savedBy: null });
    await saveAbout({ body: "An edit." });
    expect((await aboutEditor()).data.versions.map((version) => version.savedBy)).toEqual(["admin@isent.example.in", null]);
  });

  it("answers 404 for an unknown version, a malformed id and another page's version", async () => {
    await saveAbout({ body: "An edit." });
    await call(contactAction, formPost("/admin/contact-us", { intent: "save", title: "Contact", body: "Write to us." }, { cookie }));
    const [contactVersion] = await test.db.select().from(pageVersions).where(eq(pageVersions.slug, "contact"));
    for (const versionId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", contactVersion.id]) {
      expect((await aboutEditor(`?version=${versionId}`)).status).toBe(404);
      const restore = await call(aboutAction, formPost("/admin/about-us", { intent: "restore", versionId }, { cookie }));
      expect(restore.status).toBe(404);
    }
    expect((await readAbout()).html).toBe("<p>An edit.</p>\n");
  });
});

describe("/learn articles", () => {
  const addArticle = (fields: Record<string, string>) =>
    call(
      newArticleAction,
      formPost("/admin/learn/new", { intent: "save", summary: "One line.", body: "Some text.", ...fields }, { cookie }),
    );

  it("adds an article at the end of the list, its slug made from its title and unique", async () => {
    const first = await addArticle({ title: "Diwali offers that work!" });
    expect(first.location).toBe("/admin/learn/diwali-offers-that-work");
    expect(await toastOf(first)).toMatchObject({ type: "success", title: '"Diwali offers that work!" added' });
    const second = await addArticle({ title: "Diwali: offers that work" });
    expect(second.location).toBe("/admin/learn/diwali-offers-that-work-2");
    // 'new' is the add screen's address; an information page's slug is taken.
    expect((await addArticle({ title: "New" })).location).toBe("/admin/learn/new-2");
    expect((await addArticle({ title: "Terms" })).location).toBe("/admin/learn/terms-2");
    const slugs = (await listLearnArticles()).map((article) => article.slug);
    expect(slugs.slice(-4)).toEqual(["diwali-offers-that-work", "diwali-offers-that-work-2", "new-2", "terms-2"]);
    const editor = await call<Editor>(editArticleLoader, getRequest("/admin/learn/new-2", { cookie }), { slug: "new-2" });
    expect(editor.data.versions).toHaveLength(1);
  });

  it("makes slugs from any title", () => {
    expect(slugFromTitle("  Café ka menu — naya! ")).toBe("cafe-ka-menu-naya");
    expect(slugFromTitle("दिवाली")).toBe("article");
    expect(slugFromTitle("a".repeat(80)).length).toBe(60);
  });

  it("refuses an article without a summary, and changes nothing", async () => {
    const reply = await addArticle({ title: "No summary", summary: "" });
    expect(reply.status).toBe(400);
    expect(formErrors(reply)?.summary).toEqual(["Write a one-line summary for the list of articles"]);
    expect((await listLearnArticles()).map((article) => article.title)).not.toContain("No summary");
  });

  it("moves an article up and down the list", async () => {
    const move = (slug: string, direction: string) =>
      call(learnListAction, formPost("/admin/learn", { intent: "move", slug, direction }, { cookie }));
    expect(await toastOf(await move("offers-that-work", "up"))).toMatchObject({ type: "success" });
    expect((await listLearnArticles()).map((article) => article.slug)).toEqual([
      "getting-started",
      "offers-that-work",
      "writing-a-good-post",
      "sms-rules-in-india",
    ]);
    expect(await toastOf(await move("getting-started", "up"))).toMatchObject({ type: "error", title: "Article not moved" });
    expect(await toastOf(await move("no-such-article", "down"))).toMatchObject({ type: "error" });
  });

  it("deletes an article after asking, and answers 404 for it afterwards", async () => {
    const asked = await call<{ confirmDelete: boolean }>(
      editArticleAction,
      formPost("/admin/learn/sms-rules-in-india", { intent: "delete" }, { cookie }),
      { slug: "sms-rules-in-india" },
    );
    expect(asked.data.confirmDelete).toBe(true);
    expect((await listLearnArticles()).map((article) => article.slug)).toContain("sms-rules-in-india");
    const deleted = await call(editArticleAction, formPost("/admin/learn/sms-rules-in-india", { intent: "confirm-delete" }, { cookie }), {
      slug: "sms-rules-in-india",
    });
    expect(deleted.location).toBe("/admin/learn");
    expect((await listLearnArticles()).map((article) => article.slug)).not.toContain("sms-rules-in-india");
    expect(
      (await call(editArticleLoader, getRequest("/admin/learn/sms-rules-in-india", { cookie }), { slug: "sms-rules-in-india" })).status,
    ).toBe(404);
    const again = await call(editArticleAction, formPost("/admin/learn/sms-rules-in-india", { intent: "confirm-delete" }, { cookie }), {
      slug: "sms-rules-in-india",
    });
    expect(again.status).toBe(404);
  });

  it("answers 404 for an information page's slug in the article editor", async () => {
    expect((await call(editArticleLoader, getRequest("/admin/learn/about", { cookie }), { slug: "about" })).status).toBe(404);
    const save = await call(
      editArticleAction,
      formPost("/admin/learn/about", { intent: "save", title: "x", summary: "y", body: "z" }, { cookie }),
      {
        slug: "about",
      },
    );
    expect(save.status).toBe(404);
    expect((await readAbout()).title).toBe(DEMO_PAGES.about.title);
  });
});
