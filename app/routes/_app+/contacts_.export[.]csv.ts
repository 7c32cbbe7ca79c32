import type { LoaderFunctionArgs } from "@remix-run/node";

import { contactListQuerySchema } from "~/lib/schemas/contacts";
import { contactsCsv } from "~/models/contact-export.server";
import { requireUser } from "~/utils/session.server";

import { csvDownload } from "~/utils/download.server";

/** /contacts/export.csv: every contact, or those the list's ?q= and ?tag= match, in the import's columns. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { q, tag } = contactListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const day = new Date().toISOString().slice(0, 10);
  return csvDownload(`contacts-${day}.csv`, contactsCsv(user.id, { q, tag }));
}
