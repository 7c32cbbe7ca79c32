import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { NotFoundBoundary } from "~/components/not-found-boundary";
import { PageBody, pageMeta } from "~/components/information-page";
import { paths } from "~/lib/paths";
import { readLearnArticle } from "~/models/pages.server";
import { requireUser } from "~/utils/session.server";

const NO_SUCH_ARTICLE = "There is no article at this address.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  const article = await readLearnArticle(params.slug ?? "");
  if (!article) throw new Response(NO_SUCH_ARTICLE, { status: 404 });
  return article;
}

export const meta = pageMeta;

export default function LearnArticle() {
  const article = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl">
      <Link to={paths.learn()} className="tap text-sm font-medium text-brand-700 hover:underline">
        ← All articles
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{article.title}</h1>
      <PageBody html={article.html} className="mt-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" />
    </div>
  );
}

export function ErrorBoundary() {
  return <NotFoundBoundary message={NO_SUCH_ARTICLE} backTo={paths.learn()} backLabel="All articles" />;
}
