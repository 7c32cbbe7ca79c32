import { startTransition, useEffect, type RefObject } from "react";

import { getAnonId, markViewedThisSession } from "~/lib/visitor.client";

/** A view counts when 30% of the card is visible for 500 ms while the page is visible. */
const VISIBLE_SHARE = 0.3;
const VISIBLE_FOR_MS = 500;

export function useViewTracking(ref: RefObject<HTMLElement>, postId: string, onCounted: (viewsCount: number) => void, enabled = true) {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer);
        if (!entry.isIntersecting || entry.intersectionRatio < VISIBLE_SHARE) return;
        timer = setTimeout(() => {
          if (document.visibilityState !== "visible" || !markViewedThisSession(postId)) return;
          observer.disconnect();
          fetch(`/api/posts/${postId}/view`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ anonId: getAnonId(), ts: Date.now() }),
          })
            .then((response) => (response.ok ? response.json() : null))
            .then((body: { viewsCount?: number } | null) => {
              // As a transition: a count is not urgent, and an urgent update while a lazy part of the
              // page is still hydrating on a slow phone would make React throw its server HTML away (#421).
              const viewsCount = body?.viewsCount;
              if (typeof viewsCount === "number") startTransition(() => onCounted(viewsCount));
            })
            .catch(() => {});
        }, VISIBLE_FOR_MS);
      },
      { threshold: [VISIBLE_SHARE] },
    );
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, postId, onCounted, enabled]);
}
