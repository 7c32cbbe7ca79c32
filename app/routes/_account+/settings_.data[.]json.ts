import type { LoaderFunctionArgs } from "@remix-run/node";

import { paths } from "~/lib/paths";
import { exportAccountData, throttleDataExport } from "~/models/account-settings.server";
import { jsonDownload } from "~/utils/download.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * /settings/data.json: everything the signed-in account holds, as a JSON attachment ("Download
 * my data"), streamed as it is read. Three an hour: past that a browser is sent back to /settings,
 * where a toast tells how long to wait; any other client gets 429 {message} with Retry-After.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const throttled = await throttleDataExport(user.id);
  if (throttled) {
    const retryAfter = { "Retry-After": String(throttled.retryAfterSeconds) };
    if (request.headers.get("Accept")?.includes("text/html")) {
      return redirectWithToast(paths.settings(), { type: "error", title: "Download not started", description: throttled.message });
    }
    return Response.json({ message: throttled.message }, { status: 429, headers: { ...retryAfter, "Cache-Control": "no-store" } });
  }
  const exported = await exportAccountData(user.id);
  if (!exported) throw new Response("Not found", { status: 404 });
  return jsonDownload(`isent-data-${new Date().toISOString().slice(0, 10)}.json`, exported);
}
