import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useLoaderData, useLocation, useNavigation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { Fragment, Suspense, lazy, startTransition, useCallback, useEffect, useState } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { BackToTop } from "~/components/feed/back-to-top";
import { FirstVisitNote } from "~/components/feed/first-visit-note";
import { FeedHeader } from "~/components/feed/feed-header";
import { LocationBar } from "~/components/feed/location-bar";
import { useNotify } from "~/hooks/root-context";
import { PostCard } from "~/components/post-card";
import { SiteFooter } from "~/components/site-footer";
import { feedUrl } from "~/lib/feed-url";
import { imageVariantUrl } from "~/lib/images";
import { postPath } from "~/lib/share";
import { getAnonId, rememberedLikes } from "~/lib/visitor.client";
import type { FeedPost } from "~/models/feed.server";
import type { loader as rootLoader } from "~/root";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { loadHomeFeed } from "./home-feed.server";

// Loaded when shown (a tap on an image or a business, a feed with no posts): most visits never load their code.
const Lightbox = lazy(() => import("~/components/feed/lightbox"));
const BusinessModal = lazy(() => import("~/components/feed/business-modal"));
const EmptyFeed = lazy(() => import("~/components/feed/empty-feed"));

export async function loader({ request }: LoaderFunctionArgs) {
  return loadHomeFeed(request);
}

/** The page's caching headers are the loader's: it is personal (this visitor's likes). */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** A shared link's preview tags (the loader makes them), else the page's title. */
export const meta: MetaFunction<typeof loader> = ({ data: feed }) =>
  feed?.preview ?? [
    { title: "iSent · Local business posts and offers near you" },
    ...(feed ? [{ name: "description", content: feed.description }] : []),
  ];

type LoadedFeed = ReturnType<typeof useLoaderData<typeof loader>>;

export default function HomeFeed() {
  const feed = useLoaderData<typeof loader>();
  return <Feed key={feed.pageKey} feed={feed} />;
}

/** One feed page; keyed by its URL so new filters start afresh. */
function Feed({ feed }: { feed: LoadedFeed }) {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const notify = useNotify();
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
    // The anonymous visitor id lives in local storage as well as the cookie.
    getAnonId();
    // Likes this browser made on pages the server did not render (loaded with 'Load More Posts').
    // Only when there are new ones, and as a transition: an urgent update while a lazy part is still
    // hydrating would make React throw that part's server HTML away and redraw it.
    const remembered = rememberedLikes().filter((id) => !feed.likedIds.includes(id));
    if (remembered.length > 0) startTransition(() => setLikedIds((current) => new Set([...current, ...remembered])));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // A shared post (?post={id}) scrolls into view; CSS highlights it for 2 s.
  useEffect(() => {
    if (feed.highlightId) document.getElementById(`post-${feed.highlightId}`)?.scrollIntoView({ block: "center" });
  }, [feed.highlightId]);

  /**
   * The next page (past the cursor) or, without one, the first page afresh, from
   * GET /api/feed: the JSON twin of this page.
   */
  async function load(next: "loading-more" | "refreshing", failure: string, cursor?: string) {
    setStatus(next);
    setError(null);
    try {
      const params = new URLSearchParams(feed.apiParams);
      if (cursor) params.set("cursor", cursor);
      // A refresh goes past the 2-minute HTTP cache: the visitor asked for fresh posts.
      const response = await fetch(`/api/feed?${params}`, cursor ? undefined : { cache: "no-cache" });
      if (!response.ok) throw new Error(String(response.status));
      const page = (await response.json()) as FeedPost[];
      setPosts((current) => (cursor ? [...current, ...page.filter((post) => !current.some((seen) => seen.id === post.id))] : page));
      setNextCursor(response.headers.get("X-Next-Cursor"));
    } catch {
      setError(failure);
      // The posts already shown stay: the toast says the newer ones did not come.
      if (next === "refreshing")
        notify({ type: "error", title: "Refresh failed", description: "The posts shown are the ones loaded before." });
    } finally {
      setStatus("idle");
    }
  }

  function loadMore(event: React.MouseEvent) {
    if (!nextCursor) return;
    event.preventDefault();
    void load("loading-more", feed.hasLocation ? "Failed to load nearby posts" : "Failed to load feed", nextCursor);
  }

  function refresh() {
    window.scrollTo({ top: 0, behavior: "smooth" });
    void load("refreshing", "Failed to refresh feed");
  }

  const loadingFeed = navigation.state === "loading" && navigation.location.pathname === "/";
  const returnTo = `${location.pathname}${location.search}`;
  const hashtagUrl = (tag: string) => feedUrl(feed.state, { q: `#${tag}` });
  const closeBusiness = useCallback(() => setBusinessId(null), []);
  const introNote = feed.showIntro ? <FirstVisitNote returnTo={returnTo} /> : null;

  return (
    <div className="min-h-screen">
      <FeedHeader state={feed.state} categories={feed.categories} signedIn={Boolean(rootData?.signedIn)} onRefresh={refresh} />
      <LocationBar location={feed.location} justChosen={feed.locationJustChosen} state={feed.state} returnTo={returnTo} />

      <main className="feed-posts mx-auto max-w-2xl space-y-4 px-3 py-4">
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
          <>
            <Suspense fallback={null}>
              <EmptyFeed state={feed.state} returnTo={returnTo} />
            </Suspense>
            {introNote}
          </>
        ) : (
          posts.map((post, index) => (
            <Fragment key={post.id}>
              <PostCard
                post={post}
                liked={likedIds.has(post.id)}
                returnTo={`${returnTo}#post-${post.id}`}
                postUrl={`${feed.origin}${postPath(post.id)}`}
                hashtagUrl={hashtagUrl}
                highlighted={post.id === feed.highlightId}
                priority={index === 0}
                onOpenImage={(opened, imageIndex) =>
                  setLightbox({ images: opened.images.map((url) => imageVariantUrl(url, 1280)), index: imageIndex })
                }
                onOpenBusiness={(opened) => setBusinessId(opened.userId)}
              />
              {/* Below the first post: nothing stands between a first-time visitor and the posts. */}
              {index === 0 ? introNote : null}
            </Fragment>
          ))
        )}

        {nextCursor ? (
          <div className="flex justify-center py-4">
            <ButtonLink
              to={feedUrl(feed.state, { cursor: nextCursor })}
              onClick={loadMore}
              aria-disabled={status === "loading-more"}
              size="lg"
            >
              {status === "loading-more" ? "Loading..." : "Load More Posts"}
            </ButtonLink>
          </div>
        ) : null}
      </main>
      <SiteFooter />

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

/** The feed's errors ('Failed to load feed', 'Failed to load nearby posts'), in red, with a way to try again. */
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
      <a href={`${location.pathname}${location.search}`} className={buttonClasses({}, "mt-4")}>
        Try again
      </a>
    </main>
  );
}
