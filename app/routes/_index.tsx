import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PostCard } from "~/components/post-card";
import { SiteFooter } from "~/components/site-footer";
import { parseFeedQuery } from "~/lib/feed-query";
import { listFeed } from "~/models/feed.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = parseFeedQuery(new URL(request.url).searchParams);
  if (!parsed.ok) throw new Response(parsed.message, { status: 400 });
  return listFeed(parsed.query);
}

export default function HomeFeed() {
  const { posts, nextCursor } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-2xl items-center justify-between px-4 py-3">
          <Link to="/" reloadDocument className="text-xl font-bold text-brand-600">
            iSent
          </Link>
          <nav className="flex gap-3 text-sm text-slate-600">
            <Link to="/about-us" className="hover:text-brand-600">About</Link>
            <Link to="/contact-us" className="hover:text-brand-600">Contact</Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-2xl space-y-4 px-3 py-4">
        <h1 className="sr-only">Local business posts</h1>
        {posts.length === 0 ? (
          <p className="py-16 text-center text-slate-600">No posts near this location.</p>
        ) : (
          posts.map((post) => <PostCard key={post.id} post={post} />)
        )}
        {nextCursor ? (
          <div className="flex justify-center py-4">
            <Link
              to={`/?cursor=${encodeURIComponent(nextCursor)}`}
              preventScrollReset
              className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
            >
              Load More Posts
            </Link>
          </div>
        ) : null}
      </main>
      <SiteFooter width="max-w-2xl" />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
