import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";

import { DetourNotice } from "~/components/detour";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaceChoices } from "~/components/feed/place-picker";
import { UseMyLocationForm } from "~/components/feed/use-my-location-form";
import { Button } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { placeQuerySchema } from "~/lib/place-search";
import { pageTitle } from "~/lib/title";
import { getBusinessLocation, setBusinessLocation } from "~/models/business-profile.server";
import { locationChoiceSchema } from "~/routes/location.server";
import { locateByIp, nearestGazetteerPlace, searchPlaces } from "~/services/geocoding.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { detourReturnPath } from "~/utils/kept-draft.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export { clientAction } from "~/components/forms";

export const meta: MetaFunction = () => [{ title: pageTitle("Business Location") }];

/** The place search as the feed has it (the gazetteer offline, online geocoders when configured), without JavaScript too. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = placeQuerySchema.safeParse(new URL(request.url).searchParams.get("q") ?? "");
  const q = parsed.success ? parsed.data : "";
  const [location, places] = await Promise.all([getBusinessLocation(user.id), q.length >= 2 ? searchPlaces(q) : []]);
  return { q, location, places };
}

const OUTSIDE_KNOWN_PLACES = "That position is not near a city or town in India we know. Search for your town instead.";

/**
 * Saves the business's place: a place from the search, the phone's GPS position, or (without
 * JavaScript, or when GPS fails) the network's. Its city and state come from the nearest town in
 * the gazetteer, so the GST check and the posts' place agree with it.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const back = paths.editProfileLocation();
  const parsed = locationChoiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success || parsed.data.intent === "clear")
    return redirectWithToast(back, { type: "error", title: "That location could not be used." });
  const choice = parsed.data;
  const position = choice.intent === "ip" ? await locateByIp(clientIp(request)) : { lat: choice.lat, lon: choice.lon };
  if (!position)
    return redirectWithToast(back, {
      type: "error",
      title: "We could not find your location",
      description: "Search for your town instead.",
    });
  const place = await nearestGazetteerPlace(position.lat, position.lon);
  if (!place) return redirectWithToast(back, { type: "error", title: OUTSIDE_KNOWN_PLACES });
  await setBusinessLocation(user.id, { lat: position.lat, lon: position.lon, city: place.city, state: place.state });
  // Set on the way from a form that needed it (the composer, Edit profile): back to that form, as it was left.
  const formLeft = (await detourReturnPath(request, user.id)) ?? paths.editProfile();
  return redirectWithToast(formLeft, { type: "success", title: "Location saved", description: `${place.city}, ${place.state}` });
}

export default function BusinessLocation() {
  const { q, location, places } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === paths.editProfileLocation();
  const here = paths.editProfileLocation();
  return (
    <main className="mx-auto max-w-xl px-4 py-6">
      <Link to={paths.editProfile()} className="tap text-sm text-brand-700 hover:underline">
        ← Edit profile
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Business location</h1>
      <div className="mt-3">
        <DetourNotice>Choose your place: once it is saved, you are back in it.</DetourNotice>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Your posts and offers reach people near this place.{" "}
        {location ? (
          <span data-testid="current-location">
            Now: <strong>{[location.city, location.state].filter(Boolean).join(", ")}</strong>
          </span>
        ) : (
          <span data-testid="current-location">Not set yet.</span>
        )}
      </p>
      <div className="mt-4">
        <UseMyLocationForm returnTo={here} action={here} />
      </div>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <label htmlFor="place-search" className="sr-only">
          Search for your town or area
        </label>
        <input
          id="place-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Town or area, e.g. Indiranagar"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <Button type="submit" variant="dark">
          {searching ? "Searching..." : "Search"}
        </Button>
      </Form>
      <div className="mt-3">
        {q.length >= 2 && places.length === 0 ? <p className="text-sm text-slate-600">No places found for “{q}”.</p> : null}
        <PlaceChoices places={places} returnTo={here} action={here} />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
