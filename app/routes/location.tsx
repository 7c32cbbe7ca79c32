import { redirect, type LoaderFunctionArgs, type MetaFunction, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceChoices } from "~/components/feed/place-picker";
import { UseMyLocationForm } from "~/components/feed/use-my-location-form";
import { locateByIp, searchPlaces } from "~/services/geocoding.server";
import { clientIp } from "~/utils/client-ip.server";
import { feedAfterChoice, locationChoiceSchema } from "./location.server";
import { combineHeaders } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { serializeLocationChosen, serializeVisitorLocation, type VisitorLocation } from "~/utils/visitor.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "~/lib/schemas/text";
import { SITE_DESCRIPTION } from "~/lib/site";
import { pageTitle } from "~/lib/title";
import { Button } from "~/components/ui/button";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Choose a location") }, { name: "description", content: SITE_DESCRIPTION }];

/** The place search without JavaScript: a GET form and a list of places to choose. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  if (hasControlCharacters(q)) throw new Response(CONTROL_CHARACTERS_MESSAGE, { status: 400 });
  return {
    q,
    returnTo: safeRedirect(url.searchParams.get("returnTo")),
    places: q.length >= 2 ? await searchPlaces(q) : [],
  };
}

/** Choosing a location remembers it (cookie) and opens its feed. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = Object.fromEntries(await request.formData());
  const returnTo = safeRedirect(form.returnTo);
  const parsed = locationChoiceSchema.safeParse(form);
  if (!parsed.success) return redirectWithToast(returnTo, { type: "error", title: "That location could not be used." });
  const choice = parsed.data;

  let chosen: VisitorLocation | null = null;
  if (choice.intent === "choose") {
    chosen = { lat: choice.lat, lon: choice.lon, label: choice.label, source: "manual", ts: Date.now() };
  } else if (choice.intent === "gps") {
    chosen = {
      lat: choice.lat,
      lon: choice.lon,
      label: "My location",
      source: "gps",
      accuracyMeters: choice.accuracyMeters,
      ts: Date.now(),
    };
  } else if (choice.intent === "ip") {
    const found = await locateByIp(clientIp(request));
    if (!found) {
      return redirectWithToast(`/location?returnTo=${encodeURIComponent(returnTo)}`, {
        type: "error",
        title: "We could not find your location",
        description: "Search for your city or area instead.",
      });
    }
    chosen = { lat: found.lat, lon: found.lon, label: found.label, source: "ip", accuracyMeters: found.accuracyMeters, ts: Date.now() };
  }

  const headers = combineHeaders(
    { "Set-Cookie": await serializeVisitorLocation(chosen) },
    chosen ? { "Set-Cookie": await serializeLocationChosen() } : null,
  );
  return redirect(feedAfterChoice(returnTo, Boolean(chosen)), { status: 303, headers });
}

export default function ChooseLocation() {
  const { q, places, returnTo } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto min-h-screen max-w-md px-4 py-6">
      <Link to={returnTo} className="tap text-sm text-brand-700 hover:underline">
        ← Back to Feed
      </Link>
      <h1 className="mt-3 text-xl font-bold">Show business posts from my area</h1>
      <div className="mt-4 flex gap-2">
        <UseMyLocationForm returnTo={returnTo} />
        <Form method="post">
          <input type="hidden" name="intent" value="clear" />
          <input type="hidden" name="returnTo" value={returnTo} />
          <Button type="submit" variant="secondary" size="pill">
            Show all
          </Button>
        </Form>
      </div>
      <Form method="get" className="mt-4 flex gap-2" role="search">
        <input type="hidden" name="returnTo" value={returnTo} />
        <label htmlFor="place-query" className="sr-only">
          Search a place
        </label>
        <input
          id="place-query"
          type="search"
          name="q"
          defaultValue={q}
          placeholder="Search a city, area…"
          maxLength={100}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none"
        />
        <Button type="submit">Search</Button>
      </Form>
      <div className="mt-3">
        {q.length >= 2 && places.length === 0 ? <p className="text-sm text-slate-500">No places found</p> : null}
        <PlaceChoices places={places} returnTo={returnTo} />
      </div>
      <p className="mt-6 text-xs text-slate-500">Place names: GeoNames (CC BY 4.0).</p>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
