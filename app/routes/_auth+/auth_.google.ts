import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { safeRedirect } from "~/lib/safe-redirect";
import { GOOGLE_NOT_ENABLED, GOOGLE_STRATEGY, auth } from "~/utils/auth.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { redirectWithToast } from "~/utils/toast.server";

/** 'Continue with Google' / 'Sign up with Google': off to Google's consent screen (a POST, never a GET). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.clone().formData();
  const intent = form.get("intent");
  const back = intent === "google-register" ? "/auth?tab=register" : intent === "google-admin" ? "/admin/login" : "/auth";
  const { authenticator, googleEnabled, oauthStateStorage } = auth();
  if (!googleEnabled) return redirectWithToast(back, { type: "error", title: GOOGLE_NOT_ENABLED });
  // Where to go after Google, kept beside the OAuth state.
  const session = await oauthStateStorage.getSession(request.headers.get("Cookie"));
  session.set("redirectTo", safeRedirect(form.get("redirectTo"), "/app"));
  session.set("admin", intent === "google-admin");
  const withState = new Request(request.url, {
    method: "POST",
    headers: { Cookie: (await oauthStateStorage.commitSession(session)).split(";")[0] },
  });
  // The strategy answers with a redirect to Google (thrown as a Response).
  return authenticator.authenticate(GOOGLE_STRATEGY, withState);
}

export async function loader() {
  return redirect("/auth");
}
