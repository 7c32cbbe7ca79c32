import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireUser } from "~/utils/session.server";

import { checkCampaignForm } from "./__campaign-composer.server";

/**
 * The composer's live count (GET /campaigns/new/estimate?{the form's fields}): the same numbers
 * 'Check' brings back, read-only, so asking as the business types reloads nothing else on the page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const formData = new FormData();
  for (const [name, value] of new URL(request.url).searchParams) formData.append(name, value);
  return checkCampaignForm(user.id, formData);
}
