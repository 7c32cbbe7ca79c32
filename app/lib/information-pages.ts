import type { PageSlug } from "~/db/schema/pages";
import pages from "~/information-pages.json";

export type InformationPageLink = { path: string; slug: PageSlug; label: string };

/** The public information pages (also read by remix.config.js, which routes their paths). */
export const INFORMATION_PAGES = pages as InformationPageLink[];

/** Paths match case-insensitively, as routes do. */
export function informationPageSlug(pathname: string): PageSlug | null {
  const wanted = pathname.replace(/\/+$/, "").toLowerCase();
  return INFORMATION_PAGES.find((page) => page.path.toLowerCase() === wanted)?.slug ?? null;
}
