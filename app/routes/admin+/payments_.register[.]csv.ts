import type { LoaderFunctionArgs } from "@remix-run/node";

import { registerFileName } from "~/lib/gst-register";
import { paths } from "~/lib/paths";
import { registerMonthSchema } from "~/lib/schemas/admin-payments";
import { gstRegisterCsv } from "~/models/admin-payments.server";
import { requireAdmin } from "~/utils/admin.server";
import { csvDownload } from "~/utils/download.server";
import { redirectWithToast } from "~/utils/toast.server";

/** /admin/payments/register.csv?month=2026-11: the month's GST invoice register; a month that is not one goes back with why. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const parsed = registerMonthSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    return redirectWithToast(paths.admin.payments(), { type: "error", title: "No register", description: parsed.error.issues[0].message });
  }
  return csvDownload(registerFileName(parsed.data.month), gstRegisterCsv(parsed.data.month));
}
