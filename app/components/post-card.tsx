import { useRef, useState } from "react";

import { usePageTime } from "~/hooks/root-context";
import { useViewTracking } from "~/hooks/use-view-tracking";
import { formatDistance } from "~/lib/distance";
import { hashtagsToShow, splitHashtags } from "~/lib/hashtags";
import { formatRelativeTime } from "~/lib/india-time";
import type { FeedPost } from "~/models/feed.server";

import { ImageGrid } from "./feed/image-grid";
// Not lazy: the feed's first screen nearly always has an offer, so a chunk of its own was one more request.
import OfferDetails from "./feed/offer-details";
import { LikeButton } from "./feed/like-button";
import { ShareLinks } from "./feed/share-button";
import { imageVariantUrl } from "~/lib/images";
import { postImagePath, reportPagePath } from "~/lib/share";

export type PostCardProps = {
  post: FeedPost;
  /** False for the composer's preview: nothing is counted, liked or shared. */
  interactive?: boolean;
  liked: boolean;
  /** Where a no-JavaScript like returns to: this feed page, at this card. */
  returnTo: string;
  postUrl: string;
  hashtagUrl: (tag: string) => string;
  highlighted: boolean;
  priority: boolean;
  onOpenImage: (post: FeedPost, index: number) => void;
  onOpenBusiness: (post: FeedPost) => void;
};

/** A post as visitors see it: business, category, place, time, content, hashtags, images, likes, views, share. */
export function PostCard({
  post,
  interactive = true,
  liked,
  returnTo,
  postUrl,
  hashtagUrl,
  highlighted,
  priority,
  onOpenImage,
  onOpenBusiness,
}: PostCardProps) {
  const name = post.businessName || post.authorName || "Unknown Business";
  const place = [post.city, post.state].filter(Boolean).join(", ");
  const cardRef = useRef<HTMLElement>(null);
  const [viewsCount, setViewsCount] = useState(post.viewsCount);
  useViewTracking(cardRef, post.id, setViewsCount, interactive);
  const hashtags = hashtagsToShow(post.hashtags, post.content);
  const pageTime = usePageTime();

  return (
    <article
      ref={cardRef}
      id={`post-${post.id}`}
      data-post-id={post.id}
      className={`scroll-mt-24 overflow-hidden rounded-xl border bg-white shadow-sm ${
        highlighted ? "post-highlight border-brand-500" : "border-slate-200"
      }`}
    >
      <header className="flex items-center gap-3 px-4 pt-4">
        <a
          href={`/business/${post.userId}`}
          onClick={(event) => {
            event.preventDefault();
            onOpenBusiness(post);
          }}
          className="flex min-h-11 min-w-0 flex-1 items-center gap-3"
        >
          {post.profileImageUrl ? (
            <img
              src={imageVariantUrl(post.profileImageUrl, 160)}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 shrink-0 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700"
            >
              {name.charAt(0).toUpperCase()}
            </span>
          )}
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">{name}</span>
            <span className="block text-xs text-slate-500">
              {place ? `${place} · ` : ""}
              <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt, pageTime)}</time>
              {post.distanceKm !== null ? ` · ${formatDistance(post.distanceKm)} away` : ""}
            </span>
          </span>
        </a>
        {post.category ? (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{post.category}</span>
        ) : null}
      </header>

      {post.kind === "offer" ? <OfferDetails post={post} /> : null}
      <p className="whitespace-pre-line break-words px-4 pt-2 text-slate-800">
        {splitHashtags(post.content).map((part, index) =>
          part.mark ? (
            // Underlined: in running text a link is told apart by more than its colour.
            <a key={index} href={hashtagUrl(part.mark)} className="text-brand-700 underline underline-offset-2 hover:decoration-2">
              {part.text}
            </a>
          ) : (
            part.text
          ),
        )}
      </p>
      {hashtags.length ? (
        <ul className="flex flex-wrap gap-x-1 px-2 pt-1" aria-label="Hashtags">
          {hashtags.map((tag) => (
            <li key={tag}>
              <a href={hashtagUrl(tag)} className="tap px-2 text-sm text-brand-600 hover:underline">
                #{tag}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ImageGrid
        images={post.images}
        pageOf={(number) => postImagePath(post.id, number)}
        priority={priority}
        onOpen={(index) => onOpenImage(post, index)}
      />

      <footer className="flex items-center gap-1 p-2">
        {interactive ? (
          <LikeButton postId={post.id} initialLiked={liked} initialCount={post.likesCount} returnTo={returnTo} />
        ) : (
          <span className="px-2 text-sm text-slate-500">
            {post.likesCount} {post.likesCount === 1 ? "like" : "likes"}
          </span>
        )}
        <span className="px-2 text-sm text-slate-500">
          <span data-testid="views-count">{viewsCount}</span> {viewsCount === 1 ? "view" : "views"}
        </span>
        {interactive ? (
          <>
            <ShareLinks postId={post.id} postUrl={postUrl} title={name} content={post.content} />
            {/* A plain link to the report page: no script on the feed for a rarely used action. */}
            <a href={reportPagePath(post.id)} className="tap rounded-full px-2 text-xs text-slate-500 hover:bg-slate-100">
              Report<span className="sr-only"> this post by {name}</span>
            </a>
          </>
        ) : null}
      </footer>
    </article>
  );
}
