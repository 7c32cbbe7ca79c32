import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTitle } from "~/lib/title";

import { CampaignComposer } from "./__campaign-composer";
import { campaignComposerAction, campaignComposerLoader } from "./__campaign-composer.server";

export { clientAction } from "~/components/forms";
export { keepLayoutDataOffline as shouldRevalidate } from "~/lib/network-failure";

export const meta: MetaFunction = () => [{ title: pageTitle("New campaign") }];

export async function loader({ request }: LoaderFunctionArgs) {
  return campaignComposerLoader(request);
}

/** Checks the numbers, saves a draft, or creates and sends (or schedules) the campaign. */
export async function action({ request }: ActionFunctionArgs) {
  return campaignComposerAction(request);
}

export default function NewCampaign() {
  return <CampaignComposer />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
