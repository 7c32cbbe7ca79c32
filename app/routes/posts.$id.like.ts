import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { safeRedirect } from "~/lib/safe-redirect";
import { setLike } from "~/models/post-engagement.server";
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
  const result = await setLike(params.id ?? "", (await visitorIdFrom(request)) ?? anonId, intent);
  if (!result) return redirectWithToast(returnTo, { type: "error", title: "This post is no longer available." });
  return redirect(returnTo, { status: 303, headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export async function loader() {
  throw new Response("Not found", { status: 404 });
}
