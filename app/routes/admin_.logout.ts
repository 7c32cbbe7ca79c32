import { redirect } from "@remix-run/node";

import { formAction } from "~/utils/actions.server";
import { signOut } from "~/utils/session.server";

export const action = formAction(async ({ request }) => signOut(request, { redirectTo: "/admin/login", toast: { type: "success", title: "Logged Out" } }));

export async function loader() {
  return redirect("/admin/login");
}
