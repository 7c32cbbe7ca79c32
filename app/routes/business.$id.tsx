import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BusinessCard } from "~/components/feed/business-card";
import { SiteFooter } from "~/components/site-footer";
import { usePageTime } from "~/hooks/use-page-time";
import { formatRelativeTime } from "~/lib/relative-time";
import { postPath } from "~/lib/share";
import { pageTitle } from "~/lib/title";
import { getPublicBusiness } from "~/models/business.server";
import { listBusinessPosts } from "~/models/feed.server";

/** The business info card as a page (what the modal shows, for visitors without JavaScript), with live posts. */
export async function loader({ params }: LoaderFunctionArgs) {
  const business = await getPublicBusiness(params.id ?? "");
  if (!business) throw new Response("This business was not found.", { status: 404 });
  return { business, posts: await listBusinessPosts(business.id) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.business.businessName : "Business") },
  ...(data?.business.businessDetails ? [{ name: "description", content: data.business.businessDetails.slice(0, 160) }] : []),
];

export default function BusinessPage() {
  const { business, posts } = useLoaderData<typeof loader>();
  const pageTime = usePageTime();
  return (
    <div className="min-h-screen">
      <main className="mx-auto max-w-2xl px-3 py-4">
        <Link to="/" className="text-sm text-brand-700 hover:underline">
          ← Back to Feed
        </Link>
        <section className="mt-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <BusinessCard business={business} />
        </section>
        <h2 className="mt-6 text-lg font-semibold">Posts</h2>
        {posts.length === 0 ? <p className="mt-2 text-sm text-slate-500">No posts yet.</p> : null}
        <ul className="mt-2 space-y-3">
          {posts.map((post) => (
            <li key={post.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-xs text-slate-500">
                <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt, pageTime)}</time>
                {post.offerTitle ? ` · Offer: ${post.offerTitle}` : ""}
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-800">{post.content}</p>
              <Link to={postPath(post.id)} className="mt-2 inline-block text-sm text-brand-700 hover:underline">
                Open in feed
              </Link>
            </li>
          ))}
        </ul>
      </main>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
