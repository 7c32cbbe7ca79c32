import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { Button, ButtonLink } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { deleteLearnArticle } from "~/models/admin-pages.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

import { PageEditorScreen, pageEditorMeta } from "./__page-editor";
import { NO_SUCH_ARTICLE, editPageAction, loadPageEditor } from "./__page-editor.server";

export { clientAction } from "~/components/forms";

const articleOf = (params: LoaderFunctionArgs["params"]) => ({ slug: params.slug ?? "", kind: "article" as const });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadPageEditor(request, articleOf(params));
}

/** The editor's Preview, Save and Restore; Delete asks first ('Yes, delete'), then deletes the article and its versions. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "delete") return { confirmDelete: true };
  if (intent === "confirm-delete") {
    if (!(await deleteLearnArticle(admin, params.slug ?? ""))) throw new Response(NO_SUCH_ARTICLE, { status: 404 });
    return redirectWithToast(paths.admin.learnArticles(), { type: "success", title: "Article deleted" });
  }
  return editPageAction(request, articleOf(params), formData);
}

export const meta = pageEditorMeta;

export default function AdminEditLearnArticle() {
  const { page } = useLoaderData<typeof loader>();
  const reply = useActionData<{ confirmDelete?: boolean }>();
  const deleting = useIsPending({ intent: "confirm-delete" });
  return (
    <PageEditorScreen>
      <section aria-labelledby="delete-article-title" className="rounded-xl bg-white p-4 shadow-sm">
        <h2 id="delete-article-title" className="text-lg font-semibold">
          Delete this article
        </h2>
        {reply?.confirmDelete ? (
          <div role="alertdialog" aria-labelledby="confirm-delete" className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3">
            <p id="confirm-delete" className="font-medium text-red-900">
              Delete “{page.title}” and all its versions? Businesses will no longer find it under Learn.
            </p>
            <Form method="post" className="mt-3 flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="confirm-delete" variant="danger" disabled={deleting}>
                {deleting ? "Deleting..." : "Yes, delete"}
              </Button>
              <ButtonLink to={paths.admin.learnArticle(page.slug)} variant="secondary">
                Cancel
              </ButtonLink>
            </Form>
          </div>
        ) : (
          <Form method="post" className="mt-2">
            <Button type="submit" name="intent" value="delete" variant="secondary">
              Delete article
            </Button>
          </Form>
        )}
      </section>
    </PageEditorScreen>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
