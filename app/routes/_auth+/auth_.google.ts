import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { paths } from "~/lib/paths";
import { safeRedirect } from "~/lib/safe-redirect";
import { GOOGLE_CONFIRM_PURPOSE, GOOGLE_NOT_ENABLED, GOOGLE_STRATEGY, auth, googleButtonPage } from "~/utils/auth.server";
import { assertSameOrigin } from "~/utils/csrf.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * 'Continue with Google' / 'Sign up with Google': off to Google's consent screen (a POST, never a
 * GET). 'Confirm with Google' on /settings (intent google-confirm) goes the same way for the
 * signed-in account, with Google asked for a fresh sign-in, and comes back to /settings.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.clone().formData();
  const intent = String(form.get("intent"));
  const confirming = intent === "google-confirm" ? await requireUser(request) : null;
  const redirectTo = confirming ? paths.settings() : safeRedirect(form.get("redirectTo"), "/app");
  const back = googleButtonPage(intent, redirectTo);
  const { authenticator, googleEnabled, oauthStateStorage } = auth();
  if (!googleEnabled) return redirectWithToast(back, { type: "error", title: GOOGLE_NOT_ENABLED });
  // Where to go after Google, kept beside the OAuth state.
  const session = await oauthStateStorage.getSession(request.headers.get("Cookie"));
  session.set("redirectTo", redirectTo);
  // Where a sign-in cancelled at Google returns to.
  session.set("back", back);
  session.set("admin", intent === "google-admin");
  session.set("confirmFor", confirming?.id ?? null);
  const url = new URL(request.url);
  if (confirming) url.searchParams.set("purpose", GOOGLE_CONFIRM_PURPOSE);
  const withState = new Request(url, {
    method: "POST",
    headers: { Cookie: (await oauthStateStorage.commitSession(session)).split(";")[0] },
  });
  // The strategy answers with a redirect to Google (thrown as a Response).
  return authenticator.authenticate(GOOGLE_STRATEGY, withState);
}

export async function loader() {
  return redirect("/auth");
}
