import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuthorizationError } from "remix-auth";

import { safeRedirect } from "~/lib/safe-redirect";
import { recordAdminLogin } from "~/models/admins.server";
import { GOOGLE_STRATEGY, auth } from "~/utils/auth.server";
import { securityEvent } from "~/utils/security-log.server";
import { signIn } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Google sends the visitor back here with a code; cancelling returns silently to /auth. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { authenticator, googleEnabled, oauthStateStorage } = auth();
  if (!googleEnabled) return redirectWithToast("/auth", { type: "error", title: "Google Sign-In is not enabled. Please contact support." });
  if (url.searchParams.get("error") === "access_denied") {
    return redirectWithToast("/auth", { type: "info", title: "Sign-in was cancelled. Please try again." });
  }
  const stateSession = await oauthStateStorage.getSession(request.headers.get("Cookie"));
  const redirectTo = safeRedirect(stateSession.get("redirectTo"), "/app");
  const forAdmin = stateSession.get("admin") === true;
  const clearState = { "Set-Cookie": await oauthStateStorage.destroySession(stateSession) };
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
      return signIn(request, user.id, { redirectTo: "/admin", toast: { type: "success", title: "Login Successful" }, headers: clearState });
    }
    securityEvent(request, { ...signedIn, outcome: "success", ...(user.justLinked ? { reason: "linked_by_email" } : {}) });
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
