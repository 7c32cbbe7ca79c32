import { redirect, type ActionFunctionArgs } from "@remix-run/node";

import { safeRedirect } from "~/lib/safe-redirect";
import { assertSameOrigin } from "~/utils/csrf.server";
import { serializeIntroSeen } from "~/utils/visitor.server";

/** 'Okay' on the first-visit message: it is not shown to this visitor again. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  return redirect(safeRedirect(form.get("returnTo")), { status: 303, headers: { "Set-Cookie": await serializeIntroSeen() } });
}

export async function loader() {
  throw new Response("Not found", { status: 404 });
}
