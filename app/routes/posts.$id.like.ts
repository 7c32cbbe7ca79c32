import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { safeRedirect } from "~/lib/safe-redirect";
import { setLike } from "~/models/post-engagement.server";
import { TOO_MANY_FROM_NETWORK, throttleEngagement } from "~/models/visitors.server";
import { clientIp } from "~/utils/client-ip.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ensureAnonId, visitorIdFrom } from "~/utils/visitor.server";

/** The like form without JavaScript: saves the like, then returns the visitor to the same card. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const returnTo = safeRedirect(form.get("redirectTo"));
  const intent = form.get("action") === "unlike" ? "unlike" : "like";
  // A first-time visitor without JavaScript gets their id now.
  const { anonId, setCookie } = await ensureAnonId(request);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  const visitorId = (await visitorIdFrom(request)) ?? anonId;
  const postId = params.id ?? "";
  if (await throttleEngagement("like", { postId, visitorId, clientAddress: clientIp(request) })) {
    return redirectWithToast(returnTo, { type: "error", title: TOO_MANY_FROM_NETWORK }, { headers });
  }
  const result = await setLike(postId, visitorId, intent);
  if (!result) return redirectWithToast(returnTo, { type: "error", title: "This post is no longer available." }, { headers });
  return redirect(returnTo, { status: 303, headers });
}

export async function loader() {
  throw new Response("Not found", { status: 404 });
}
