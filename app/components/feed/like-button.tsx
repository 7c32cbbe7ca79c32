import { useState, type FormEvent } from "react";

import { showToast } from "~/components/ui/toast-store";
import { getAnonId, rememberLike } from "~/lib/visitor.client";

/**
 * A real form: without JavaScript it posts and the server sends the visitor
 * back to the same place in the feed. With JavaScript the count moves at once
 * and the server's answer settles it.
 */
export function LikeButton({
  postId,
  initialLiked,
  initialCount,
  returnTo,
}: {
  postId: string;
  initialLiked: boolean;
  initialCount: number;
  returnTo: string;
}) {
  const [state, setState] = useState({ liked: initialLiked, count: initialCount });
  const wanted = state.liked ? "unlike" : "like";

  async function likeInPlace(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const before = state;
    setState({ liked: !before.liked, count: Math.max(0, before.count + (before.liked ? -1 : 1)) });
    try {
      const response = await fetch(`/api/posts/${postId}/like`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ action: wanted, anonId: getAnonId() }),
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { likesCount: number; liked: boolean };
      setState({ liked: body.liked, count: body.likesCount });
      rememberLike(postId, body.liked);
    } catch {
      setState(before);
      showToast({ type: "error", title: "Could not save your like. Please try again." });
    }
  }

  return (
    <form method="post" action={`/posts/${postId}/like`} onSubmit={likeInPlace}>
      <input type="hidden" name="action" value={wanted} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        aria-pressed={state.liked}
        aria-label={state.liked ? "Unlike" : "Like"}
        className={`flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium transition-colors ${
          state.liked ? "bg-rose-50 text-rose-600" : "text-slate-600 hover:bg-slate-100"
        }`}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-5 w-5" fill={state.liked ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2">
          <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z" />
        </svg>
        <span data-testid="likes-count">{state.count}</span>
      </button>
    </form>
  );
}
