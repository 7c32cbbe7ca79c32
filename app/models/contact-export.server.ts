import { stringify } from "csv-stringify/sync";
import { and, desc, sql } from "drizzle-orm";

import { db } from "~/db/db.server";
import { contacts } from "~/db/schema";
import { CSV_WRITE_OPTIONS, EXPORT_HEADER, protectCell } from "~/lib/contact-csv";
import type { ContactListQuery } from "~/lib/schemas/contacts";

import { contactColumns, contactFilter } from "./contacts.server";

const PAGE_ROWS = 1000;

const toCsv = (rows: string[][]) => stringify(rows, CSV_WRITE_OPTIONS);

type Cursor = { createdAt: string; id: string };

function exportPage(userId: string, filter: Pick<ContactListQuery, "q" | "tag">, after: Cursor | null) {
  return db()
    .select({ ...contactColumns, cursor: sql<string>`${contacts.createdAt}::text` })
    .from(contacts)
    .where(
      and(
        contactFilter(userId, filter),
        after ? sql`(${contacts.createdAt}, ${contacts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(PAGE_ROWS);
}

/**
 * /contacts/export.csv: a business's contacts (or those the list's search and group match),
 * newest first, as CSV in the import's own columns, so the file re-imports unchanged. Read a
 * page at a time (keyset, on the list's index), so a big list never sits in memory whole.
 */
export async function* contactsCsv(userId: string, filter: Pick<ContactListQuery, "q" | "tag">): AsyncGenerator<string> {
  // The byte-order mark makes Excel read the file as UTF-8; rows end in CRLF, as RFC 4180 and Excel have them.
  yield `\uFEFF${toCsv([EXPORT_HEADER])}`;
  // The cursor keeps created_at as PostgreSQL's text: a JavaScript Date would drop its microseconds.
  let after: Cursor | null = null;
  for (;;) {
    const rows = await exportPage(userId, filter, after);
    if (rows.length === 0) return;
    yield toCsv(
      rows.map((row) =>
        [
          row.name,
          row.mobileNumber,
          row.email ?? "",
          row.tags.join(", "),
          row.notes ?? "",
          row.optedOut ? "opted_out" : "opted_in",
          row.consentSource ?? "",
        ].map(protectCell),
      ),
    );
    const last = rows[rows.length - 1];
    after = { createdAt: last.cursor, id: last.id };
  }
}
