import { eq } from "drizzle-orm";

import { db } from "~/db/db.server";
import { pages, type PageSlug } from "~/db/schema";

export type InformationPage = { slug: PageSlug; title: string; body: string; updatedAt: Date };

export async function getPage(slug: PageSlug): Promise<InformationPage | null> {
  const [page] = await db().select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return page ?? null;
}
