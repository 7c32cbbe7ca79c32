import type { LoaderFunctionArgs } from "@remix-run/node";

import { ledgerCsv } from "~/models/credits.server";
import { csvDownload } from "~/utils/download.server";
import { requireUser } from "~/utils/session.server";

/** /credits/ledger.csv: every change of the balance, newest first (date, what, reference, amount, balance after). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(`credits-${day}.csv`, ledgerCsv(user.id));
}
