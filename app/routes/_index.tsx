import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useLocation, useNavigation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BackToTop } from "~/components/feed/back-to-top";
import { FeedHeader } from "~/components/feed/feed-header";
import { FirstVisitModal } from "~/components/feed/first-visit-modal";
import { LocationBar, UseMyLocationForm } from "~/components/feed/location-bar";
import { PostCard } from "~/components/post-card";
import { SiteFooter } from "~/components/site-footer";
import { feedUrl } from "~/lib/feed-url";
import { imageVariantUrl } from "~/lib/images";
import { postPath, shareText } from "~/lib/share";
import { getAnonId, rememberedLikes } from "~/lib/visitor.client";
import type { FeedPost } from "~/models/feed.server";
import type { loader as rootLoader } from "~/root";
import { loadHomeFeed } from "~/utils/home-feed.server";

const Lightbox = lazy(() => import("~/components/feed/lightbox"));
const BusinessModal = lazy(() => import("~/components/feed/business-modal"));

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers, ...feed } = await loadHomeFeed(request);
  return data(feed, { headers });
}

/** The page's caching headers are the loader's: it is personal (this visitor's likes). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data: feed }) => {
  const shared = feed?.sharedPost;
  if (!feed || !shared) return [{ title: "iSent · Local business posts and offers near you" }];
  // A shared link's preview (WhatsApp, social apps): the business, the post, its first picture.
  const title = `${shared.businessName || shared.authorName || "Unknown Business"} on iSent`;
  const description = shareText(shared.content);
  const url = `${feed.origin}${postPath(shared.id)}`;
  const image = shared.images[0] ? `${feed.origin}${imageVariantUrl(shared.images[0], 960)}` : null;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "iSent" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }, { name: "twitter:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
};

type LoadedFeed = ReturnType<typeof useLoaderData<typeof loader>>;

export default function HomeFeed() {
  const feed = useLoaderData<typeof loader>();
  return <Feed key={feed.pageKey} feed={feed} />;
}

/** One feed page; keyed by its URL so new filters start afresh. */
function Feed({ feed }: { feed: LoadedFeed }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const navigation = useNavigation();
  const location = useLocation();
  const [posts, setPosts] = useState<FeedPost[]>(feed.posts);
  const [nextCursor, setNextCursor] = useState(feed.nextCursor);
  const [status, setStatus] = useState<"idle" | "loading-more" | "refreshing">("idle");
  const [error, setError] = useState<string | null>(null);
  const [likedIds, setLikedIds] = useState(() => new Set(feed.likedIds));
  const [lightbox, setLightbox] = useState<{ images: string[]; index: number } | null>(null);
  const [businessId, setBusinessId] = useState<string | null>(null);

  useEffect(() => {
    // SPEC §6: the anonymous id lives in local storage as well as the cookie.
    getAnonId();
    // Likes this browser made on pages the server did not render (loaded with 'Load More Posts').
    setLikedIds((current) => new Set([...current, ...rememberedLikes()]));
  }, []);

  // SPEC §2: a shared post scrolls into view (it is highlighted for 2 s by CSS).
  useEffect(() => {
    if (feed.highlightId) document.getElementById(`post-${feed.highlightId}`)?.scrollIntoView({ block: "center" });
  }, [feed.highlightId]);

  const apiUrl = useCallback(
    (cursor?: string) => {
      const params = new URLSearchParams(feed.apiParams);
      if (cursor) params.set("cursor", cursor);
      return `/api/feed?${params}`;
    },
    [feed.apiParams],
  );

  async function fetchPage(cursor: string | undefined, init?: RequestInit) {
    const response = await fetch(apiUrl(cursor), init);
    if (!response.ok) throw new Error(String(response.status));
    return { posts: (await response.json()) as FeedPost[], nextCursor: response.headers.get("X-Next-Cursor") };
  }

  async function loadMore(event: React.MouseEvent) {
    if (!nextCursor) return;
    event.preventDefault();
    setStatus("loading-more");
    setError(null);
    try {
      const page = await fetchPage(nextCursor);
      setPosts((current) => [...current, ...page.posts.filter((post) => !current.some((seen) => seen.id === post.id))]);
      setNextCursor(page.nextCursor);
    } catch {
      setError(feed.hasLocation ? "Failed to load nearby posts" : "Failed to load feed");
    } finally {
      setStatus("idle");
    }
  }

  async function refresh() {
    window.scrollTo({ top: 0, behavior: "smooth" });
    setStatus("refreshing");
    setError(null);
    try {
      // Past the 2-minute HTTP cache: the visitor asked for fresh posts.
      const page = await fetchPage(undefined, { cache: "no-cache" });
      setPosts(page.posts);
      setNextCursor(page.nextCursor);
    } catch {
      setError("Failed to refresh feed");
    } finally {
      setStatus("idle");
    }
  }

  const loadingFeed = navigation.state === "loading" && navigation.location.pathname === "/";
  const returnTo = `${location.pathname}${location.search}`;
  const hashtagUrl = useMemo(() => (tag: string) => feedUrl(feed.state, { q: `#${tag}` }), [feed.state]);
  const closeBusiness = useCallback(() => setBusinessId(null), []);

  return (
    <div className="min-h-screen">
      <FeedHeader state={feed.state} categories={feed.categories} signedIn={Boolean(rootData?.signedIn)} onRefresh={refresh} />
      <LocationBar location={feed.location} justChosen={feed.locationJustChosen} state={feed.state} returnTo={returnTo} />

      <main className="mx-auto max-w-2xl space-y-4 px-3 py-4">
        <h1 className="sr-only">Local business posts</h1>
        {loadingFeed || status === "refreshing" ? (
          <p role="status" className="text-center text-sm text-slate-500">
            Loading feed…
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-center text-sm font-medium text-red-600">
            {error}
          </p>
        ) : null}

        {posts.length === 0 ? (
          <EmptyFeed state={feed.state} returnTo={returnTo} />
        ) : (
          posts.map((post, index) => (
            <PostCard
              key={post.id}
              post={post}
              liked={likedIds.has(post.id)}
              returnTo={`${returnTo}#post-${post.id}`}
              postUrl={`${feed.origin}${postPath(post.id)}`}
              hashtagUrl={hashtagUrl}
              highlighted={post.id === feed.highlightId}
              priority={index === 0}
              onOpenImage={(opened, imageIndex) => setLightbox({ images: opened.images, index: imageIndex })}
              onOpenBusiness={(opened) => setBusinessId(opened.userId)}
            />
          ))
        )}

        {nextCursor ? (
          <div className="flex justify-center py-4">
            <Link
              to={feedUrl(feed.state, { cursor: nextCursor })}
              onClick={loadMore}
              aria-disabled={status === "loading-more"}
              className="rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700"
            >
              {status === "loading-more" ? "Loading..." : "Load More Posts"}
            </Link>
          </div>
        ) : null}
      </main>
      <SiteFooter />

      {feed.showIntro ? <FirstVisitModal returnTo={returnTo} /> : null}
      <BackToTop onRefresh={refresh} />
      {lightbox ? (
        <Suspense fallback={null}>
          <Lightbox images={lightbox.images} startIndex={lightbox.index} onClose={() => setLightbox(null)} />
        </Suspense>
      ) : null}
      {businessId ? (
        <Suspense fallback={null}>
          <BusinessModal businessId={businessId} onClose={closeBusiness} />
        </Suspense>
      ) : null}
    </div>
  );
}

function EmptyFeed({ state, returnTo }: { state: LoadedFeed["state"]; returnTo: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center">
      <p className="text-slate-700">No posts near this location.</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <UseMyLocationForm returnTo={returnTo} />
        <Link to={`/location?returnTo=${encodeURIComponent(returnTo)}`} className="rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          Search place
        </Link>
        <Link to={feedUrl(state, { all: true })} className="rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          Show all
        </Link>
      </div>
    </div>
  );
}

/** SPEC §8 feed errors, in red, with a way to try again. */
export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 400) return <GeneralErrorBoundary />;
  const nearby = new URLSearchParams(location.search).has("lat");
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <p role="alert" className="font-medium text-red-600">
        {nearby ? "Failed to load nearby posts" : "Failed to load feed"}
      </p>
      <a href={`${location.pathname}${location.search}`} className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-medium text-white">
        Try again
      </a>
    </main>
  );
}
