import type { PageSlug } from "~/db/schema";
import { getPage } from "~/models/pages.server";

/** What the four public information pages load. */
export async function loadInformationPage(slug: PageSlug) {
  const page = await getPage(slug);
  if (!page) throw new Response("This page has not been written yet.", { status: 404 });
  return { title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() };
}
