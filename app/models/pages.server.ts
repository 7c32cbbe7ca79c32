import { and, asc, eq } from "drizzle-orm";

import { db } from "~/db/db.server";
import { pages, type PageKind, type PageSlug } from "~/db/schema";
import { firstParagraphText, renderPageMarkdown } from "~/lib/page-markdown.server";
import { SITE_DESCRIPTION } from "~/lib/site";

export type InformationPage = { slug: string; title: string; body: string; updatedAt: Date };

/**
 * A page as a reader's screen shows it: what the page component and the meta description need.
 * `html` is the body (Markdown) rendered and sanitised on the server, ready to show as it is.
 */
export type PageForReading = { title: string; html: string; updatedAt: string; description: string };

export type LearnArticleSummary = { slug: string; title: string; summary: string };

export async function getPage(slug: PageSlug): Promise<InformationPage | null> {
  return findPage(slug, "information");
}

/** An information page (terms, privacy, about, contact) ready to read; null until it is written. */
export async function readInformationPage(slug: PageSlug): Promise<PageForReading | null> {
  const page = await getPage(slug);
  return page ? forReading(page, "") : null;
}

/** The /learn articles in their order, for the list. */
export async function listLearnArticles(): Promise<LearnArticleSummary[]> {
  return db()
    .select({ slug: pages.slug, title: pages.title, summary: pages.summary })
    .from(pages)
    .where(eq(pages.kind, "article"))
    .orderBy(asc(pages.sortOrder), asc(pages.title));
}

/** One /learn article ready to read; null for a slug that is not an article (an information page's too). */
export async function readLearnArticle(slug: string): Promise<PageForReading | null> {
  const article = await findPage(slug, "article");
  return article ? forReading(article, article.summary) : null;
}

async function findPage(slug: string, kind: PageKind) {
  const [page] = await db()
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.kind, kind)))
    .limit(1);
  return page ?? null;
}

function forReading(page: { title: string; body: string; updatedAt: Date }, summary: string): PageForReading {
  return {
    title: page.title,
    html: renderPageMarkdown(page.body),
    updatedAt: page.updatedAt.toISOString(),
    description: (summary || firstParagraphText(page.body)).slice(0, 160) || SITE_DESCRIPTION,
  };
}
