import type { PageSlug } from "~/db/schema";
import { readInformationPage } from "~/models/pages.server";
import { requireUser } from "~/utils/session.server";

/**
 * The signed-in terms and privacy pages: the same rows as the public /Termsofservice and
 * /privacyterms (the ones the admin edits), for a signed-in business only.
 */
export async function loadSignedInLegalPage(request: Request, slug: Extract<PageSlug, "terms" | "privacy">) {
  await requireUser(request);
  const page = await readInformationPage(slug);
  if (!page) throw new Response("This page has not been written yet.", { status: 404 });
  return page;
}
