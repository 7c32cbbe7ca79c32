import { ButtonLink } from "~/components/ui/button";
import { feedUrl, type FeedState } from "~/lib/feed-url";

import { UseMyLocationForm } from "./use-my-location-form";

/**
 * No posts: a search or category found nothing (say so, and offer to clear them), or nothing is
 * near the place (offer another place, or everywhere). The place is blamed only when nothing narrows the feed.
 */
export default function EmptyFeed({ state, returnTo }: { state: FeedState; returnTo: string }) {
  if (state.q || state.category) {
    const sought = [state.q ? `"${state.q}"` : null, state.category ? `in ${state.category}` : null].filter(Boolean).join(" ");
    return (
      <div className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center">
        <p className="text-slate-700">No posts match {sought}.</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <ButtonLink to={feedUrl(state, { q: undefined, category: undefined })} variant="secondary" size="pill">
            Clear search
          </ButtonLink>
        </div>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-10 text-center">
      <p className="text-slate-700">No posts near this location.</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <UseMyLocationForm returnTo={returnTo} />
        <ButtonLink to={`/location?returnTo=${encodeURIComponent(returnTo)}`} variant="secondary" size="pill">
          Search place
        </ButtonLink>
        <ButtonLink to={feedUrl(state, { all: true })} variant="secondary" size="pill">
          Show all
        </ButtonLink>
      </div>
    </div>
  );
}
