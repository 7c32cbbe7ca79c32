import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { ButtonLink } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { adminTitle } from "~/lib/title";
import { createLearnArticle } from "~/models/admin-pages.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";

import { PageEditorForm, type EditorReply } from "./__page-editor";
import { pageEditorAction } from "./__page-editor.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Add Article") }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/** Preview, or add the article at the end of the list (its address made from its title) and open it. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  return pageEditorAction(await request.formData(), "article", async (content) => {
    const article = await createLearnArticle(admin, { ...content, summary: content.summary ?? "" });
    return { to: paths.admin.learnArticle(article.slug), toast: `"${article.title}" added` };
  });
}

export default function AdminAddLearnArticle() {
  const reply = useActionData<EditorReply>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Add Article</h1>
        <ButtonLink to={paths.admin.learnArticles()} variant="secondary">
          All articles
        </ButtonLink>
      </div>
      <PageEditorForm id="new-article" kind="article" reply={reply} saveLabel="Add article" />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
