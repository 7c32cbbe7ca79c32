import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { AdminErrorBoundary } from "~/components/admin-shell";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { paths } from "~/lib/paths";
import { pageActionSchema } from "~/lib/schemas/admin-pages";
import { adminTitle } from "~/lib/title";
import { moveLearnArticle } from "~/models/admin-pages.server";
import { listLearnArticles } from "~/models/pages.server";
import { requireAdmin } from "~/utils/admin.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: adminTitle("Learn Articles") }];

/** The /learn articles in the order businesses see them. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { articles: await listLearnArticles() };
}

/** Moves an article one place up or down the list. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: pageActionSchema });
  if (submission.status !== "success" || submission.value.intent !== "move") {
    return redirectWithToast(paths.admin.learnArticles(), {
      type: "error",
      title: "Article not moved",
      description: "Choose an article and a direction.",
    });
  }
  const { slug, direction } = submission.value;
  if (!(await moveLearnArticle(admin, slug, direction))) {
    return redirectWithToast(paths.admin.learnArticles(), {
      type: "error",
      title: "Article not moved",
      description: "It is already at that end of the list, or it was deleted.",
    });
  }
  return redirectWithToast(paths.admin.learnArticles(), { type: "success", title: `Article moved ${direction}` });
}

export default function AdminLearnArticles() {
  const { articles } = useLoaderData<typeof loader>();
  const moving = useIsPending({ intent: "move" });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Learn Articles</h1>
          <p className="text-sm text-slate-600">The guides businesses read under Learn, in this order.</p>
        </div>
        <ButtonLink to={paths.admin.newLearnArticle()}>Add article</ButtonLink>
      </div>
      {articles.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm">No articles yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm" aria-label="Articles">
          {articles.map((article, index) => (
            <li key={article.slug} className="flex flex-wrap items-center gap-2 p-3 sm:flex-nowrap">
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.admin.learnArticle(article.slug)}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
                >
                  {article.title}
                </Link>
                <p className="text-sm text-slate-600">{article.summary}</p>
              </div>
              <Form method="post" className="flex gap-1">
                <input type="hidden" name="slug" value={article.slug} />
                <button
                  type="submit"
                  name="direction"
                  value="up"
                  disabled={index === 0 || moving}
                  className={buttonClasses({ variant: "secondary", size: "sm" }, "disabled:opacity-40")}
                >
                  ↑<span className="sr-only">Move {article.title} up</span>
                </button>
                <button
                  type="submit"
                  name="direction"
                  value="down"
                  disabled={index === articles.length - 1 || moving}
                  className={buttonClasses({ variant: "secondary", size: "sm" }, "disabled:opacity-40")}
                >
                  ↓<span className="sr-only">Move {article.title} down</span>
                </button>
                <input type="hidden" name="intent" value="move" />
              </Form>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
