import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { assertSameOrigin } from "~/utils/csrf.server";
import { signOut } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Logout is a POST (no GET changes anything): the session row goes, then the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  try {
    return await signOut(request, { redirectTo: "/", toast: { type: "success", title: "Logged out" } });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[auth] logout failed:", error);
    return redirectWithToast("/app", { type: "error", title: "Logout failed" });
  }
}

export async function loader() {
  return redirect("/");
}
