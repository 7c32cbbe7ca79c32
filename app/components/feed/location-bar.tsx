import { Form, Link, useSubmit } from "@remix-run/react";
import { Suspense, lazy, useState } from "react";

import { feedUrl, type FeedState } from "~/lib/feed-url";
import { accuracyLabel } from "~/lib/location";

const PlacePicker = lazy(() => import("./place-picker"));

export type ShownLocation = { label: string; source: string; accuracyMeters?: number } | null;

/** SPEC §9: 15 s for a precise fix, then 10 s accepting a position up to 5 minutes old. */
const PRECISE = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 };
const RELAXED = { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 };

function currentPosition(options: PositionOptions): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, options));
}

/** 'Show business posts from my area', with Use my location and Change (place search). */
export function LocationBar({ location, justChosen, state, returnTo }: { location: ShownLocation; justChosen: boolean; state: FeedState; returnTo: string }) {
  const [picking, setPicking] = useState(false);
  return (
    <section aria-label="Location" className="mx-auto max-w-2xl px-3 pt-3">
      <div className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <p className="text-sm font-semibold text-slate-800">Show business posts from my area</p>
        <p className="mt-0.5 text-sm text-slate-600">
          {location ? (
            <>
              Near <span className={`font-medium text-slate-900 ${justChosen ? "location-blink" : ""}`} data-testid="location-label">{location.label}</span>
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
            className="rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
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

/**
 * Use my location: the browser's position first; when that fails, the form
 * posts as it is and the server uses the network's location (which is also
 * all it does without JavaScript).
 */
export function UseMyLocationForm({ returnTo }: { returnTo: string }) {
  const submit = useSubmit();
  const [locating, setLocating] = useState(false);

  async function locate(event: React.FormEvent<HTMLFormElement>) {
    if (!("geolocation" in navigator)) return;
    event.preventDefault();
    const form = event.currentTarget;
    setLocating(true);
    try {
      const position = await currentPosition(PRECISE).catch(() => currentPosition(RELAXED));
      submit(
        {
          intent: "gps",
          lat: String(position.coords.latitude),
          lon: String(position.coords.longitude),
          accuracyMeters: String(Math.round(position.coords.accuracy)),
          returnTo,
        },
        { method: "post", action: "/location" },
      );
    } catch {
      submit(form);
    } finally {
      setLocating(false);
    }
  }

  return (
    <Form method="post" action="/location" onSubmit={locate}>
      <input type="hidden" name="intent" value="ip" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" disabled={locating} className="rounded-full bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60">
        {locating ? "Locating…" : "Use my location"}
      </button>
    </Form>
  );
}
