import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";

import { paths } from "~/lib/paths";
import { safeAdminRedirect, safeRedirect } from "~/lib/safe-redirect";
import { recordAdminLogin } from "~/models/admins.server";
import { requestVerificationMail } from "~/models/email-verification.server";
import { GOOGLE_CONFIRMATION_SECONDS, GOOGLE_STRATEGY, auth, type GoogleConfirmContext } from "~/utils/auth.server";
import { combineHeaders } from "~/utils/http.server";
import { securityEvent } from "~/utils/security-log.server";
import { getUser, markConfirmedWithGoogle, signIn } from "~/utils/session.server";
import { createToastHeaders, redirectWithToast } from "~/utils/toast.server";

/** Google sends the visitor back here with a code; cancelling returns, silently, to the page of the button pressed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { authenticator, googleEnabled, oauthStateStorage } = auth();
  if (!googleEnabled) return redirectWithToast("/auth", { type: "error", title: "Google Sign-In is not enabled. Please contact support." });
  const stateSession = await oauthStateStorage.getSession(request.headers.get("Cookie"));
  const clearState = { "Set-Cookie": await oauthStateStorage.destroySession(stateSession) };
  const confirmFor = stateSession.get("confirmFor");
  if (typeof confirmFor === "string") return confirmWithGoogle(request, confirmFor, clearState);
  // Cancelled at Google: back to the page of the button, without a word (SPEC §8: cancellations are silent).
  if (url.searchParams.get("error") === "access_denied") return redirect(cancelledTo(stateSession.get("back")), { headers: clearState });
  const redirectTo = safeRedirect(stateSession.get("redirectTo"), "/app");
  const forAdmin = stateSession.get("admin") === true;
  const event = forAdmin ? "admin_sign_in" : "sign_in";
  try {
    const user = await authenticator.authenticate(GOOGLE_STRATEGY, request);
    const signedIn = { event, method: "google", userId: user.id, email: user.email } as const;
    if (forAdmin) {
      if (!user.isAdmin) {
        securityEvent(request, { ...signedIn, outcome: "failure", reason: "not_admin" });
        return redirectWithToast(
          "/admin/login",
          { type: "error", title: "Your Google account does not have admin privileges" },
          { headers: clearState },
        );
      }
      securityEvent(request, { ...signedIn, outcome: "success" });
      await recordAdminLogin(user);
      return signIn(request, user.id, {
        redirectTo: safeAdminRedirect(redirectTo),
        toast: { type: "success", title: "Login Successful" },
        headers: clearState,
      });
    }
    securityEvent(request, { ...signedIn, outcome: "success", ...(user.justLinked ? { reason: "linked_by_email" } : {}) });
    // A new account whose address Google has not verified proves it as a registration does: by the mailed link.
    if (user.justCreated && !user.emailVerified) await requestVerificationMail(user.id);
    return signIn(request, user.id, {
      redirectTo,
      toast: {
        type: "success",
        title: "Login successful",
        description: user.justLinked
          ? "Your account now signs in with Google. To use a password as well, choose 'Forgot password?'."
          : "Welcome back",
      },
      headers: clearState,
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof AuthorizationError)) throw error;
    securityEvent(request, { event, method: "google", outcome: "failure", reason: error.message });
    return redirectWithToast("/auth", {
      type: "error",
      title: "Login failed",
      description: "Google sign-in did not complete. Please try again.",
    });
  }
}

/** A Google button's page as kept beside the OAuth state: one of this site's sign-in pages, else /auth. */
function cancelledTo(back: unknown): string {
  const page = safeRedirect(typeof back === "string" ? back : null, "/auth");
  return /^\/(auth|admin\/login)(\?|$)/.test(page) ? page : "/auth";
}

/**
 * 'Confirm with Google' from /settings: the Google account that came back must be the one the
 * signed-in account signs in with (nothing is made or linked); then this browser's session is
 * marked confirmed for 5 minutes, which lets it delete a password-less account.
 */
async function confirmWithGoogle(request: Request, accountId: string, clearState: HeadersInit) {
  const back = paths.settings();
  const user = await getUser(request);
  if (!user || user.id !== accountId)
    return redirectWithToast(paths.login(), { type: "error", title: "Please log in again" }, { headers: clearState });
  const refused = (description: string) =>
    redirectWithToast(back, { type: "error", title: "Not confirmed with Google", description }, { headers: clearState });
  if (new URL(request.url).searchParams.get("error") === "access_denied") return redirect(back, { headers: clearState });
  const event = { event: "reauthentication", method: "google", userId: user.id, email: user.email } as const;
  try {
    const context: GoogleConfirmContext = { confirmAccountId: accountId };
    await auth().authenticator.authenticate(GOOGLE_STRATEGY, request, { context });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof AuthorizationError)) throw error;
    securityEvent(request, { ...event, outcome: "failure", reason: error.message });
    return refused(error.message);
  }
  securityEvent(request, { ...event, outcome: "success" });
  const marked = await markConfirmedWithGoogle(request, GOOGLE_CONFIRMATION_SECONDS);
  const toast = await createToastHeaders({
    type: "success",
    title: "Confirmed with Google",
    description: "You can delete your account in the next 5 minutes.",
  });
  return redirect(back, { headers: combineHeaders(clearState, marked ? { "Set-Cookie": marked } : undefined, toast) });
}
