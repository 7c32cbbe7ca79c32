import type { LoaderFunctionArgs } from "@remix-run/node";
import { stringify } from "csv-stringify/sync";

import { CSV_WRITE_OPTIONS, protectCell } from "~/lib/contact-csv";
import { getImportErrors } from "~/models/contact-import.server";
import { requireUser } from "~/utils/session.server";

import { csvDownload } from "~/utils/download.server";

/** The import's rejected rows as CSV: line, reason, then the row as the file had it, to fix and import again. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const found = await getImportErrors(user.id, params.id ?? "");
  if (!found) throw new Response("Import not found", { status: 404 });
  const rows = [["Line", "Reason", ...found.header], ...found.errors.map((error) => [String(error.line), error.message, ...error.cells])];
  const name = `rejected-${found.fileName.replace(/\.csv$/i, "")}.csv`;
  return csvDownload(name, [
    `\uFEFF${stringify(
      rows.map((row) => row.map(protectCell)),
      CSV_WRITE_OPTIONS,
    )}`,
  ]);
}
