import { Form, Link } from "@remix-run/react";
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
        {location ? (
          <>
            <p className="mt-0.5 text-sm text-slate-600">
              Near{" "}
              <span className={`font-medium text-slate-900 ${justChosen ? "location-blink" : ""}`} data-testid="location-label">
                {location.label}
              </span>
              {location.accuracyMeters !== undefined ? ` · Accuracy: ${accuracyLabel(location.accuracyMeters)}` : ""}
              {" · "}
              <Link to={feedUrl(state, { all: true })} className="text-brand-600 hover:underline">
                Show all
              </Link>
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
          </>
        ) : (
          <AskForPlace returnTo={returnTo} />
        )}
        {picking ? (
          <Suspense fallback={<p className="mt-2 text-sm text-slate-500">Loading...</p>}>
            <PlacePicker returnTo={returnTo} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}

/**
 * No place yet: the place is asked first, with the search box on the first screen (a GET form to
 * /location, which lists the places found, with or without JavaScript), and the posts from everywhere below.
 */
function AskForPlace({ returnTo }: { returnTo: string }) {
  return (
    <>
      <p className="mt-0.5 text-sm text-slate-600">
        Showing posts from everywhere. Which area are you in? See the shops and offers near you.
      </p>
      <Form method="get" action="/location" role="search" className="mt-2 flex gap-2">
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor="first-place-query" className="sr-only">
          Your area or city
        </label>
        <input
          id="first-place-query"
          type="search"
          name="q"
          required
          minLength={2}
          maxLength={100}
          placeholder="Your area or city"
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <button type="submit" className={buttonClasses({ size: "pill" })}>
          Search
        </button>
      </Form>
      <div className="mt-2 flex flex-wrap gap-2 [@media(scripting:none)]:hidden">
        <UseMyLocationForm returnTo={returnTo} />
      </div>
    </>
  );
}
