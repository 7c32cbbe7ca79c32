import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";

import { db } from "~/db/db.server";
import { contacts } from "~/db/schema";
import { CONTACTS_PAGE_SIZE, type ContactListQuery } from "~/lib/schemas/contacts";
import { likePattern } from "~/lib/search-terms";

export type ContactListItem = {
  id: string;
  name: string;
  mobileNumber: string;
  email: string | null;
  tags: string[];
  optedOut: boolean;
  createdAt: string;
};

export type ContactPage = { contacts: ContactListItem[]; total: number; page: number; pageCount: number };

/**
 * Matches a name, email or tag containing the search, or a mobile number containing its digits
 * (so '98123 45678' finds +919812345678).
 */
function searchCondition(search: string): SQL {
  const pattern = likePattern(search);
  const digits = search.replace(/\D/g, "");
  return or(
    ilike(contacts.name, pattern),
    ilike(contacts.email, pattern),
    sql`exists (select 1 from unnest(${contacts.tags}) as tag where tag ilike ${pattern})`,
    ...(digits.length >= 3 ? [sql`${contacts.mobileNumber} like ${likePattern(digits)}`] : []),
  )!;
}

/** One page of a business's contacts, newest first, with the total that match; the owner is in every WHERE. */
export async function listContacts(userId: string, query: ContactListQuery): Promise<ContactPage> {
  const where = and(
    eq(contacts.userId, userId),
    query.q ? searchCondition(query.q) : undefined,
    query.tag ? sql`${query.tag} = any(${contacts.tags})` : undefined,
  );
  const [{ total }] = await db().select({ total: count() }).from(contacts).where(where);
  const pageCount = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db()
    .select({
      id: contacts.id,
      name: contacts.name,
      mobileNumber: contacts.mobileNumber,
      email: contacts.email,
      tags: contacts.tags,
      optedOut: contacts.optedOut,
      createdAt: contacts.createdAt,
    })
    .from(contacts)
    .where(where)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(CONTACTS_PAGE_SIZE)
    .offset((page - 1) * CONTACTS_PAGE_SIZE);
  return { contacts: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total, page, pageCount };
}

/** The groups (tags) a business has given its contacts, for the list's filter. */
export async function listContactTags(userId: string): Promise<string[]> {
  const tag = sql<string>`unnest(${contacts.tags})`;
  const rows = await db().selectDistinct({ tag }).from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(tag));
  return rows.map((row) => row.tag);
}
