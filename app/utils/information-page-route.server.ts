import type { PageSlug } from "~/db/schema";
import { getPage } from "~/models/pages.server";

/** The loader shared by the four public information pages. */
export function informationPageLoader(slug: PageSlug) {
  return async () => {
    const page = await getPage(slug);
    if (!page) throw new Response("This page has not been written yet.", { status: 404 });
    return { title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() };
  };
}
