import { useRef, useState } from "react";

import { useHydrated } from "~/hooks/use-hydrated";
import { useViewTracking } from "~/hooks/use-view-tracking";
import { formatDistance } from "~/lib/distance";
import { hashtagsToShow } from "~/lib/hashtags";
import { offerEndsLabel } from "~/lib/india-time";
import { formatDayMonth, formatRelativeTime } from "~/lib/relative-time";
import type { FeedPost } from "~/models/feed.server";

import { ImageGrid } from "./feed/image-grid";
import { LikeButton } from "./feed/like-button";
import { ShareLinks } from "./feed/share-button";
import { imageVariantUrl } from "~/lib/images";

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
          className="flex min-w-0 flex-1 items-center gap-3"
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
              <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
              {post.distanceKm !== null ? ` · ${formatDistance(post.distanceKm)} away` : ""}
            </span>
          </span>
        </a>
        {post.category ? (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{post.category}</span>
        ) : null}
      </header>

      {post.kind === "offer" ? <OfferDetails post={post} /> : null}
      <p className="whitespace-pre-line break-words px-4 pt-2 text-slate-800">{post.content}</p>
      {hashtags.length ? (
        <ul className="flex flex-wrap gap-x-2 gap-y-1 px-4 pt-2" aria-label="Hashtags">
          {hashtags.map((tag) => (
            <li key={tag}>
              <a href={hashtagUrl(tag)} className="text-sm text-brand-600 hover:underline">
                #{tag}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ImageGrid images={post.images} priority={priority} onOpen={(index) => onOpenImage(post, index)} />

      <footer className="flex items-center gap-1 p-2">
        {interactive ? (
          <LikeButton postId={post.id} initialLiked={liked} initialCount={post.likesCount} returnTo={returnTo} />
        ) : (
          <span className="px-2 text-sm text-slate-500">{post.likesCount} likes</span>
        )}
        <span className="px-2 text-sm text-slate-500">
          <span data-testid="views-count">{viewsCount}</span> views
        </span>
        {interactive ? <ShareLinks postUrl={postUrl} title={name} content={post.content} /> : null}
      </footer>
    </article>
  );
}

/** An offer as Google Business Profile shows one: title, how long it lasts, the coupon to copy, terms and its button. */
function OfferDetails({ post }: { post: FeedPost }) {
  const ends = post.validUntil ? offerEndsLabel(post.validUntil) : null;
  return (
    <div className="mx-4 mt-3 rounded-lg border border-dashed border-green-600 bg-green-50 px-3 py-2" data-testid="offer">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        {post.offerTitle ? <p className="font-semibold text-green-800">{post.offerTitle}</p> : null}
        {ends ? <p className="text-xs font-semibold text-green-900">{ends}</p> : null}
      </div>
      <p className="text-xs text-green-900">
        {post.validFrom && post.validUntil
          ? `${formatDayMonth(post.validFrom)} – ${formatDayMonth(post.validUntil)}`
          : post.validUntil
            ? `Valid till ${formatDayMonth(post.validUntil)}`
            : ""}
      </p>
      {post.couponCode ? <CouponCode code={post.couponCode} /> : null}
      {post.offerTerms ? <p className="mt-1 whitespace-pre-line text-xs text-green-900/80">{post.offerTerms}</p> : null}
      {post.callToAction ? (
        <a
          href={post.callToAction.href}
          {...(post.callToAction.type === "call" ? {} : { target: "_blank", rel: "noopener noreferrer nofollow" })}
          className="mt-2 inline-block rounded-lg bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800"
        >
          {post.callToAction.label}
        </a>
      ) : null}
    </div>
  );
}

/** The coupon code, selected whole by one tap; with JavaScript a button copies it. */
function CouponCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const hydrated = useHydrated();
  return (
    <p className="mt-1 flex items-center gap-2 text-xs text-green-900">
      Code{" "}
      <span className="select-all rounded bg-white px-1.5 py-0.5 font-mono text-sm font-semibold" data-testid="coupon-code">
        {code}
      </span>
      {hydrated ? (
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
          className="rounded px-1.5 py-0.5 font-medium text-green-800 underline decoration-dotted hover:bg-green-100"
        >
          {copied ? "Copied" : "Copy code"}
        </button>
      ) : null}
    </p>
  );
}
