import { Form } from "@remix-run/react";
import { useEffect, useState } from "react";

/** Place search waits 400 ms after typing; up to 8 places are shown. */
const DEBOUNCE_MS = 400;

type Place = { id: string; name: string; label: string; lat: number; lon: number };

/** Inline place search (loaded on demand); /location is the same without JavaScript. */
export default function PlacePicker({ returnTo }: { returnTo: string }) {
  const [query, setQuery] = useState("");
  const [state, setState] = useState<{ status: "idle" | "searching" | "done" | "failed"; places: Place[] }>({ status: "idle", places: [] });

  useEffect(() => {
    const text = query.trim();
    if (text.length < 2) {
      setState({ status: "idle", places: [] });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState({ status: "searching", places: [] });
      try {
        const response = await fetch(`/api/places?q=${encodeURIComponent(text)}`, { signal: controller.signal });
        if (!response.ok) throw new Error(String(response.status));
        setState({ status: "done", places: (await response.json()) as Place[] });
      } catch {
        if (!controller.signal.aborted) setState({ status: "failed", places: [] });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  return (
    <div className="mt-3">
      <label htmlFor="place-search" className="sr-only">
        Search a place
      </label>
      <input
        id="place-search"
        type="search"
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search a city, area…"
        className="min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
      />
      <div aria-live="polite" className="mt-1">
        {state.status === "searching" ? <p className="px-1 py-2 text-sm text-slate-500">Searching…</p> : null}
        {state.status === "failed" ? <p className="px-1 py-2 text-sm text-red-600">Place search failed. Please try again.</p> : null}
        {state.status === "done" && state.places.length === 0 ? <p className="px-1 py-2 text-sm text-slate-500">No places found</p> : null}
        <PlaceChoices places={state.places} returnTo={returnTo} />
      </div>
    </div>
  );
}

/** Each place is a small POST form: choosing one remembers it and opens its feed. */
export function PlaceChoices({ places, returnTo, action = "/location" }: { places: Place[]; returnTo: string; action?: string }) {
  if (places.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
      {places.map((place) => (
        <li key={place.id}>
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="choose" />
            <input type="hidden" name="lat" value={place.lat} />
            <input type="hidden" name="lon" value={place.lon} />
            <input type="hidden" name="label" value={place.name} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className="min-h-11 w-full px-3 py-2 text-left text-sm hover:bg-slate-50">
              <span className="font-medium text-slate-900">{place.name}</span>
              <span className="block text-xs text-slate-500">{place.label}</span>
            </button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
