import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { assertSameOrigin } from "~/utils/csrf.server";
import { signOut } from "~/utils/session.server";

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return signOut(request, { redirectTo: "/admin/login", toast: { type: "success", title: "Logged Out" } });
}

export async function loader() {
  return redirect("/admin/login");
}
