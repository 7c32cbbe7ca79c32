import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import type { PageKind, PageSlug } from "~/db/schema";
import { adminScreenAt } from "~/lib/admin-screens";
import { INFORMATION_PAGES } from "~/lib/information-pages";
import { renderPageMarkdown } from "~/lib/page-markdown.server";
import { paths } from "~/lib/paths";
import { refusalToast } from "~/lib/refusal";
import { informationPageSchema, learnArticleSchema, pageActionSchema } from "~/lib/schemas/admin-pages";
import { listAdminActions } from "~/models/admin-audit.server";
import { getEditablePage, getPageVersion, listPageVersions, restorePageVersion, savePage } from "~/models/admin-pages.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * The page editor's server side, for the four information pages and the /learn articles alike:
 * the page, its versions (one of them shown with `?version=`) and its audit trail; Preview
 * (the text rendered and sanitised as the public page will show it, nothing saved), Save (a new
 * version, on the public page at once: nothing caches these pages) and Restore.
 */

/** The admin editor of each information page, and where the public reads it. */
const INFORMATION_PAGE_EDITORS: Record<PageSlug, { editor: (query?: { version?: string }) => string }> = {
  terms: { editor: paths.admin.termsConditions },
  privacy: { editor: paths.admin.privacyTerms },
  about: { editor: paths.admin.aboutUs },
  contact: { editor: paths.admin.contactUs },
};

export type PageTarget = { slug: string; kind: PageKind };

/** Where a page is edited (`version`: with that version shown), read by the public, and its name on the admin screens. */
function pagePlaces({ slug, kind }: PageTarget) {
  if (kind === "article") {
    return { editor: (query?: { version?: string }) => paths.admin.learnArticle(slug, query), publicPath: paths.learnArticle(slug) };
  }
  const editor = INFORMATION_PAGE_EDITORS[slug as PageSlug].editor;
  return { editor, publicPath: INFORMATION_PAGES.find((page) => page.slug === slug)?.path ?? paths.feed() };
}

const notFound = (message: string) => new Response(message, { status: 404 });
export const NO_SUCH_ARTICLE = "There is no article at this address. It may have been deleted.";

/** The editor's data: the page, where it lives, its versions (and the one asked for, rendered), and its audit trail. */
export async function loadPageEditor(request: Request, target: PageTarget) {
  await requireAdmin(request);
  const page = await getEditablePage(target.slug, target.kind);
  if (!page) throw notFound(target.kind === "article" ? NO_SUCH_ARTICLE : "This page has not been written yet.");
  const versionId = new URL(request.url).searchParams.get("version");
  const [versions, viewing, audit] = await Promise.all([
    listPageVersions(page.slug),
    versionId ? getPageVersion(page.slug, versionId) : null,
    listAdminActions({ entityType: "page", entityId: page.slug, limit: 10 }),
  ]);
  if (versionId && !viewing) throw notFound("There is no such version of this page.");
  const { editor, publicPath } = pagePlaces(page);
  return {
    page,
    screenTitle: page.kind === "article" ? page.title : (adminScreenAt(editor())?.title ?? page.title),
    editorPath: editor(),
    publicPath,
    versions: versions.map((version) => ({ ...version, path: editor({ version: version.id }) })),
    viewing: viewing ? { ...viewing, html: renderPageMarkdown(viewing.body) } : null,
    audit,
  };
}

/** The editor's form answered: its fields with their messages, the preview (if asked for), and a failure toast. */
function editorReply(result: SubmissionResult<string[]>, preview: string | null, failure: string | null, status = 200) {
  return data({ result, preview, toast: failure ? refusalToast(failure, result) : null }, { status });
}

/**
 * The form's answer: Preview renders the text (nothing saved), Save saves it as a new version,
 * Restore saves an earlier version's text as a new one. `save` does the saving (an existing page,
 * or a new article) and returns where to go next with its toast's title.
 */
export async function pageEditorAction(
  form: FormData,
  kind: PageKind,
  save: (content: { title: string; summary?: string; body: string }) => Promise<{ to: string; toast: string } | null>,
) {
  const submission = parseWithZod(form, { schema: kind === "article" ? learnArticleSchema : informationPageSchema });
  if (submission.status !== "success") return editorReply(submission.reply(), null, "Page not saved", 400);
  const { intent, ...content } = submission.value;
  if (intent === "preview") return editorReply(submission.reply(), renderPageMarkdown(content.body), null);
  const saved = await save(content);
  if (!saved) throw notFound(kind === "article" ? NO_SUCH_ARTICLE : "This page has not been written yet.");
  return redirectWithToast(saved.to, { type: "success", title: saved.toast, description: "It shows on the public page now." });
}

/** An existing page's editor: Preview, Save, or Restore a version (`form`: when the route has read it, for its own buttons). */
export async function editPageAction(request: Request, target: PageTarget, form?: FormData) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  form ??= await request.formData();
  const { editor } = pagePlaces(target);
  if (form.get("intent") === "restore") {
    const submission = parseWithZod(form, { schema: pageActionSchema });
    const versionId = submission.status === "success" && submission.value.intent === "restore" ? submission.value.versionId : "";
    const restored = await restorePageVersion(admin, target.slug, target.kind, versionId);
    if (!restored) throw notFound("There is no such version of this page.");
    return redirectWithToast(editor(), { type: "success", title: "Version restored", description: "It shows on the public page now." });
  }
  return pageEditorAction(form, target.kind, async (content) => {
    const saved = await savePage(admin, target.slug, target.kind, content);
    return saved ? { to: editor(), toast: `"${saved.title}" saved` } : null;
  });
}
