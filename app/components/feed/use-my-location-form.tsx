import { Form, useSubmit } from "@remix-run/react";
import { useState } from "react";

/** 15 s for a precise fix, then 10 s accepting a position up to 5 minutes old. */
const PRECISE = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 };
const RELAXED = { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 };

function currentPosition(options: PositionOptions): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, options));
}

/**
 * Use my location: the browser's position first; when that fails, the form
 * posts as it is and the server uses the network's location. Only with
 * JavaScript: without it there is no position to ask for, and the network's
 * is rarely the visitor's area, so the place search (beside it) is offered.
 * It is in the page's HTML, drawn where scripts run (CSS `scripting`): nothing
 * below it moves when they start (a tap before they do posts the form as it is).
 */
export function UseMyLocationForm({ returnTo, action = "/location" }: { returnTo: string; action?: string }) {
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
        { method: "post", action },
      );
    } catch {
      submit(form);
    } finally {
      setLocating(false);
    }
  }

  return (
    <Form method="post" action={action} onSubmit={locate} className="[@media(scripting:none)]:hidden">
      <input type="hidden" name="intent" value="ip" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        disabled={locating}
        className="tap rounded-full bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {locating ? "Locating…" : "Use my location"}
      </button>
    </Form>
  );
}
