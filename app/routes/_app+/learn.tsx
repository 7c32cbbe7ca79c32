import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { paths } from "~/lib/paths";
import { pageTitle } from "~/lib/title";
import { listLearnArticles } from "~/models/pages.server";
import { requireUser } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return { articles: await listLearnArticles() };
}

export const meta: MetaFunction = () => [{ title: pageTitle("Learn") }];

export default function Learn() {
  const { articles } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Learn</h1>
      <p className="text-sm text-slate-600">Short guides to getting more customers from iSent.</p>
      {articles.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">No articles yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white" aria-label="Articles">
          {articles.map((article) => (
            <li key={article.slug}>
              <Link to={paths.learnArticle(article.slug)} className="block px-4 py-4 hover:bg-slate-50 focus:bg-slate-50">
                <h2 className="font-semibold text-brand-700">{article.title}</h2>
                <p className="mt-1 text-sm text-slate-600">{article.summary}</p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
