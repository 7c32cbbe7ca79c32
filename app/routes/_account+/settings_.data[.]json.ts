import type { LoaderFunctionArgs } from "@remix-run/node";

import { exportAccountData } from "~/models/account-settings.server";
import { requireUser } from "~/utils/session.server";

/** /settings/data.json: everything the signed-in account holds, as a JSON attachment ("Download my data"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const exported = await exportAccountData(user.id);
  if (!exported) throw new Response("Not found", { status: 404 });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="isent-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
