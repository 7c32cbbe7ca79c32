import { useNotify } from "~/hooks/root-context";
import { useState, type FormEvent } from "react";

import { Icon } from "~/components/ui/icon";
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
  const notify = useNotify();
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
      notify({ type: "error", title: "Could not save your like. Please try again." });
    }
  }

  return (
    <form method="post" action={`/posts/${postId}/like`} onSubmit={likeInPlace}>
      <input type="hidden" name="action" value={wanted} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      <button
        type="submit"
        aria-pressed={state.liked}
        className={`tap gap-1.5 rounded-full px-3 text-sm font-medium transition-colors ${
          state.liked ? "bg-rose-50 text-rose-600" : "text-slate-600 hover:bg-slate-100"
        }`}
      >
        <Icon name="heart" className="h-5 w-5" fill={state.liked ? "currentColor" : "none"} />
        {/* Named by words and the count a reader sees: "Like, 6". */}
        <span className="sr-only">{state.liked ? "Unlike" : "Like"}, </span>
        <span data-testid="likes-count">{state.count}</span>
      </button>
    </form>
  );
}
