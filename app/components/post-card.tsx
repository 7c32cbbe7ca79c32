import { hashtagsToShow } from "~/lib/hashtags";
import { formatRelativeTime } from "~/lib/relative-time";
import type { FeedPost } from "~/models/feed.server";

export function PostCard({ post }: { post: FeedPost }) {
  const name = post.businessName || post.authorName || "Unknown Business";
  const place = [post.city, post.state].filter(Boolean).join(", ");
  const [firstImage] = post.images;
  return (
    <article id={`post-${post.id}`} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-3 px-4 pt-4">
        {post.profileImageUrl ? (
          <img src={post.profileImageUrl} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{name}</p>
          <p className="truncate text-xs text-slate-500">
            {place ? `${place} · ` : ""}
            <time dateTime={post.createdAt}>{formatRelativeTime(post.createdAt)}</time>
          </p>
        </div>
        {post.category ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{post.category}</span>
        ) : null}
      </div>
      {post.offerTitle ? <p className="px-4 pt-3 font-semibold text-green-700">{post.offerTitle}</p> : null}
      <p className="whitespace-pre-line px-4 pt-2 text-slate-800">{post.content}</p>
      <ul className="flex flex-wrap gap-1.5 px-4 pt-2">
        {hashtagsToShow(post.hashtags, post.content).map((tag) => (
          <li key={tag} className="text-sm text-brand-600">#{tag}</li>
        ))}
      </ul>
      {firstImage ? (
        <img src={firstImage} alt="" loading="lazy" className="mt-3 aspect-[4/3] w-full object-cover" />
      ) : null}
      <p className="flex gap-4 px-4 py-3 text-sm text-slate-600">
        <span>{post.likesCount} likes</span>
        <span>{post.viewsCount} views</span>
      </p>
    </article>
  );
}
