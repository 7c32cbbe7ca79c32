import { Link } from "@remix-run/react";
import { Suspense, lazy, useState } from "react";

import { feedUrl, type FeedState } from "~/lib/feed-url";
import { accuracyLabel } from "~/lib/location";
import { buttonClasses } from "~/components/ui/button";

import { UseMyLocationForm } from "./use-my-location-form";

const PlacePicker = lazy(() => import("./place-picker"));

export type ShownLocation = { label: string; source: string; accuracyMeters?: number } | null;

/** 'Show business posts from my area', with Use my location and Change (place search). */
export function LocationBar({
  location,
  justChosen,
  state,
  returnTo,
}: {
  location: ShownLocation;
  justChosen: boolean;
  state: FeedState;
  returnTo: string;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <section aria-label="Location" className="mx-auto max-w-2xl px-3 pt-3">
      <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <p className="text-sm font-semibold text-slate-800">Show business posts from my area</p>
        <p className="mt-0.5 text-sm text-slate-600">
          {location ? (
            <>
              Near{" "}
              <span className={`font-medium text-slate-900 ${justChosen ? "location-blink" : ""}`} data-testid="location-label">
                {location.label}
              </span>
              {location.accuracyMeters !== undefined ? ` · Accuracy: ${accuracyLabel(location.accuracyMeters)}` : ""}
              {" · "}
              <Link to={feedUrl(state, { all: true })} className="text-brand-600 hover:underline">
                Show all
              </Link>
            </>
          ) : (
            "Showing posts from everywhere"
          )}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <UseMyLocationForm returnTo={returnTo} />
          <Link
            to={`/location?returnTo=${encodeURIComponent(returnTo)}`}
            onClick={(event) => {
              event.preventDefault();
              setPicking((open) => !open);
            }}
            className={buttonClasses({ variant: "secondary", size: "pill" })}
          >
            Change
          </Link>
        </div>
        {picking ? (
          <Suspense fallback={<p className="mt-2 text-sm text-slate-500">Loading...</p>}>
            <PlacePicker returnTo={returnTo} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
