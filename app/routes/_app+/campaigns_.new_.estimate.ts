import { json, type ActionFunctionArgs } from "@remix-run/node";

import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";

import { checkCampaignForm } from "./__campaign-composer.server";

/**
 * The composer's live count (POST /campaigns/new/estimate, the form's fields): the same numbers
 * 'Check' brings back, changing nothing. A post, not a query string, so that a form holding its
 * 1,000 picked contacts can be counted as it can be sent; its answer says it only read, so nothing
 * else on the page reloads (lib/network-failure.ts keepLayoutDataOffline).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireUser(request);
  const checked = await checkCampaignForm(user.id, await request.formData());
  // A resource route answers with a Response of its own: its status (a 429) reaches any client as it is.
  return json(checked.data, checked.init ?? undefined);
}
