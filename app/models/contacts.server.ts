import { and, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { config } from "~/config.server";
import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import { isUniqueViolation } from "~/db/errors.server";
import { contacts, users } from "~/db/schema";
import { uniqueGroups } from "~/lib/contact-groups";
import { contactLimitReached } from "~/lib/contact-limit";
import { isUuid } from "~/lib/ids";
import { isIndianMobile } from "~/lib/phone-number.server";
import {
  CONTACTS_PAGE_SIZE,
  type ConsentState,
  type ContactApiQuery,
  type ContactInput,
  type ContactListQuery,
} from "~/lib/schemas/contacts";
import { likePattern } from "~/lib/search-terms";

import { rememberCaughtUp } from "~/db/change-feed.server";
import { changeTag, defineMemory, type Memory } from "~/memory/memory.server";

import { appendConsentEvents, recordConsentChange } from "./contact-consent.server";

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

/** The same table again, for the groups' subqueries. */
const grouped = alias(contacts, "grouped");

/** Between a contact's groups when a search reads them as one text: a control character, which no search holds (the schemas refuse them). */
const TAG_SEPARATOR = "\u001f";

/** The ids of a business's contacts in a group that `condition` (on `grouped.tags`) picks: read from the (user_id, id) INCLUDE (tags) index alone. */
const inGroups = (userId: string, condition: SQL) =>
  sql`${contacts.id} in (select ${grouped.id} from ${contacts} as ${sql.identifier("grouped")} where ${grouped.userId} = ${userId} and ${condition})`;

/**
 * Matches a name, email or tag containing the search, or a mobile number containing its digits
 * (so '98123 45678' finds +919812345678). lower(x) LIKE lower(pattern) is what ILIKE does in a
 * UTF-8 database, without lowering the pattern again for every row; the groups are matched as one
 * text, which finds the same contacts because the search cannot hold the separator. Every column
 * it reads is in the list's covering indexes (migration 0010), so a search reads no table rows.
 */
function searchCondition(userId: string, search: string): SQL {
  const pattern = sql`lower(${likePattern(search)})`;
  const digits = search.replace(/\D/g, "");
  const inGroup = sql`lower(array_to_string(${grouped.tags}, ${TAG_SEPARATOR})) like ${pattern}`;
  return or(
    sql`lower(${contacts.name}) like ${pattern}`,
    sql`lower(${contacts.email}) like ${pattern}`,
    ...(digits.length >= 3 ? [sql`${contacts.mobileNumber} like ${likePattern(digits)}`] : []),
    inGroups(userId, inGroup),
  )!;
}

/** A contact in the group, whatever the case it is written in ('regulars' finds the Regulars). */
const inGroupNamed = (tag: string) => sql`exists (select 1 from unnest(${grouped.tags}) as tag where lower(tag) = lower(${tag}))`;

/** A business's contacts matching the search and the group: the owner is in every WHERE. */
export function contactFilter(userId: string, { q, tag }: { q?: string; tag?: string }): SQL {
  return and(
    eq(contacts.userId, userId),
    q ? searchCondition(userId, q) : undefined,
    tag ? inGroups(userId, inGroupNamed(tag)) : undefined,
  )!;
}

const listColumns = {
  id: contacts.id,
  name: contacts.name,
  mobileNumber: contacts.mobileNumber,
  email: contacts.email,
  tags: contacts.tags,
  optedOut: contacts.optedOut,
  createdAt: contacts.createdAt,
};

/**
 * The ids of one window of the filtered contacts, newest first, found in the list's covering
 * index: the rows are then read for those ids alone, not for every contact the offset skips.
 */
const windowIds = (where: SQL, limit: number, offset: number) =>
  db()
    .select({ id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit)
    .offset(offset);

/** One page of a business's contacts, newest first, with the total that match; the owner is in every WHERE. */
export async function listContacts(userId: string, query: ContactListQuery): Promise<ContactPage> {
  const where = contactFilter(userId, query);
  const countAll = async () => (await db().select({ total: count() }).from(contacts).where(where))[0].total;
  const rowsOf = (ids: string[] | SQLWrapper) =>
    db()
      .select(listColumns)
      .from(contacts)
      .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)))
      .orderBy(desc(contacts.createdAt), desc(contacts.id));
  /** A page's rows and the total, or null for the total when the page is empty. */
  const readPage = async (page: number) => {
    const offset = (page - 1) * CONTACTS_PAGE_SIZE;
    if (!query.q && !query.tag) {
      // The whole list: a short walk down the index beside an index-only count.
      const [rows, total] = await Promise.all([rowsOf(windowIds(where, CONTACTS_PAGE_SIZE, offset)), countContacts(userId)]);
      return { rows, total };
    }
    // A search or a group: one pass over the index gives the page's ids and, with count(*) over (), how many match.
    const ids = await db()
      .select({ id: contacts.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(CONTACTS_PAGE_SIZE)
      .offset(offset);
    return { rows: ids.length ? await rowsOf(ids.map((row) => row.id)) : [], total: ids[0]?.total ?? null };
  };
  let page = query.page;
  let { rows, total } = await readPage(page);
  // An empty page: nothing matches, or the page is past the end and the last one is shown.
  total ??= page === 1 ? 0 : await countAll();
  const pageCount = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  if (page > pageCount) {
    page = pageCount;
    rows = total > 0 ? (await readPage(page)).rows : [];
  }
  return { contacts: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total, page, pageCount };
}

const figures = defineMemory<Promise<unknown>>({
  name: "contact-figures",
  purpose: "what is worked out from all of a business's contacts (count, groups, an audience's counts), until they change",
  max: 2_000,
  dependsOn: ["contacts"],
});

/**
 * `compute()`'s answer about the business's contacts, kept until they change (the change feed's
 * `contacts:<id>`), once this process has heard every change committed before the ask (caughtUp): a
 * business sees its own import or deletion on its next page, on any process. Reads inside a
 * transaction (which sees its own snapshot) never come here.
 */
export async function keptForContacts<T>(userId: string, key: string, compute: () => Promise<T>): Promise<T> {
  return rememberCaughtUp(figures as Memory<Promise<T>>, `${userId} ${key}`, compute, { tags: [changeTag.contacts(userId)] });
}

/** How many contacts a business has (the dashboard's, the list's and the counter form's count), kept until they change. */
export async function countContacts(userId: string): Promise<number> {
  return keptForContacts(userId, "count", async () => {
    const [{ total }] = await db().select({ total: count() }).from(contacts).where(eq(contacts.userId, userId));
    return total;
  });
}

/** Groups the list's filter offers at most: the most used, so that thousands of groups never make a page a phone cannot hold. */
export const GROUPS_OFFERED = 200;

export type ContactGroup = { name: string; contacts: number };

/**
 * The groups (tags) a business has given its contacts, with how many contacts each has, for the
 * list's filter and the forms' suggestions: one aggregate query over the (user_id, id) INCLUDE
 * (tags) index, the GROUPS_OFFERED most used, in name order. Spellings that differ only in case
 * are one group, named as most of its contacts spell it (the writes and migration 0019 leave a
 * business one spelling).
 * Only the groups reach the app, never the contacts.
 */
export async function listContactGroups(userId: string): Promise<ContactGroup[]> {
  // Every contact's groups are read: kept until they change rather than worked out at each page.
  return keptForContacts(userId, "groups", () =>
    queryRows<ContactGroup>(
      db(),
      sql`select name, contacts from (
            select mode() within group (order by tag) as name, count(distinct ${contacts.id})::int as contacts
            from ${contacts}, unnest(${contacts.tags}) as tag
            where ${contacts.userId} = ${userId}
            group by lower(tag)
            order by count(distinct ${contacts.id}) desc, lower(tag)
            limit ${GROUPS_OFFERED}
          ) as most_used
          order by lower(name), name`,
    ),
  );
}

/**
 * Each of the groups as the business already spells it: a group it has under another case
 * ('regulars' for its 'Regulars') takes the spelling of the oldest contact in it; a new group
 * written in two cases takes the first. `except` leaves out the contact being edited, so a contact
 * alone in a group can change the group's case. Run after the business's row is locked
 * (lockBusiness), so two writes at once cannot bring in two spellings of a new group.
 */
export async function groupSpellings(tx: Database, userId: string, names: string[], except?: string): Promise<Map<string, string>> {
  const spellings = new Map<string, string>();
  if (names.length === 0) return spellings;
  const rows = await queryRows<{ typed: string; key: string; known: string | null }>(
    tx,
    sql`with typed as (
          select name, lower(name) as key, at
          from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as typed(name, at)
        ),
        known as (
          select distinct on (lower(tag)) lower(tag) as key, tag as name
          from ${contacts} as c, unnest(c.tags) with ordinality as spelled(tag, at)
          where c.user_id = ${userId} ${except ? sql`and c.id <> ${except}` : sql``}
            and lower(tag) in (select key from typed)
          order by lower(tag), c.created_at, c.id, spelled.at
        )
        select typed.name as typed, typed.key, known.name as known
        from typed left join known on known.key = typed.key
        order by typed.at`,
  );
  const firstTyped = new Map<string, string>();
  for (const { typed, key, known } of rows) {
    if (!firstTyped.has(key)) firstTyped.set(key, typed);
    spellings.set(typed, known ?? firstTyped.get(key)!);
  }
  return spellings;
}

/** A contact's groups as the business spells them (groupSpellings), without repeats. */
async function spellGroupsAsBusiness(tx: Database, userId: string, names: string[], except?: string): Promise<string[]> {
  const spellings = await groupSpellings(tx, userId, names, except);
  return uniqueGroups(names.map((name) => spellings.get(name)!));
}

/** A contact as the forms and GET /api/contacts show it (SPEC §7). */
export type Contact = {
  id: string;
  name: string;
  /** E.164, e.g. +919812345678. */
  mobileNumber: string;
  email: string | null;
  tags: string[];
  notes: string | null;
  consent: ConsentState;
  consentSource: string | null;
  consentAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The mobile number is already one of this business's contacts: the form links to it, the API answers 409. */
export class DuplicateContactError extends Error {
  constructor(readonly existingId: string) {
    super("A contact with this mobile number already exists");
    this.name = "DuplicateContactError";
  }
}

/** A contact's stored fields, as every contact query selects them. */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  mobileNumber: contacts.mobileNumber,
  email: contacts.email,
  tags: contacts.tags,
  notes: contacts.notes,
  optedOut: contacts.optedOut,
  consentSource: contacts.consentSource,
  consentAt: contacts.consentAt,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

type ContactRow = Omit<Contact, "consent" | "consentAt" | "createdAt" | "updatedAt"> & {
  optedOut: boolean;
  consentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

function toContact({ optedOut, consentAt, createdAt, updatedAt, ...row }: ContactRow): Contact {
  return {
    ...row,
    consent: optedOut ? "opted_out" : "opted_in",
    consentAt: consentAt?.toISOString() ?? null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

const ownContact = (userId: string, id: string) => and(eq(contacts.userId, userId), eq(contacts.id, id));

/** One of this business's contacts; null for an unknown id, a malformed one, or another business's. */
export async function getContact(userId: string, id: string): Promise<Contact | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select(contactColumns).from(contacts).where(ownContact(userId, id));
  return row ? toContact(row) : null;
}

async function contactWithMobile(userId: string, mobileNumber: string, tx: Database = db()): Promise<string | null> {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, userId), eq(contacts.mobileNumber, mobileNumber)));
  return row?.id ?? null;
}

/** The business has as many contacts as it may keep (MAX_CONTACTS_PER_BUSINESS): the form says so, the API answers 409. */
export class ContactLimitError extends Error {
  constructor(readonly limit: number) {
    super(contactLimitReached(limit));
    this.name = "ContactLimitError";
  }
}

/** How many contacts the business has, the most it may keep, and how many more it may add. */
export type ContactRoom = { contacts: number; limit: number; left: number };

const roomLeft = (contacts: number): ContactRoom => ({
  contacts,
  limit: config.MAX_CONTACTS_PER_BUSINESS,
  left: Math.max(0, config.MAX_CONTACTS_PER_BUSINESS - contacts),
});

/** How many more contacts the business may add, for the pages that say so before anything is sent. */
export async function contactRoom(userId: string): Promise<ContactRoom> {
  return roomLeft(await countContacts(userId));
}

/**
 * Locks the business's row until the transaction ends: every write that adds contacts or groups
 * takes it first (before any contact's row), so they run one after the other. (FOR NO KEY UPDATE
 * leaves the row free for the foreign-key checks of other inserts.)
 */
async function lockBusiness(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/**
 * The room left, counted inside the transaction that adds contacts, with the business's row
 * locked until it commits: two adds at once cannot both take the last place.
 */
export async function lockedContactRoom(tx: Transaction, userId: string): Promise<ContactRoom> {
  await lockBusiness(tx, userId);
  const [{ total }] = await tx.select({ total: count() }).from(contacts).where(eq(contacts.userId, userId));
  return roomLeft(total);
}

/**
 * Adds a contact (its mobile number normalised by contactInputSchema, its groups spelled as the
 * business has them) with the first entry of its consent history; a number the business already
 * has is a DuplicateContactError, and a new one past the business's limit a ContactLimitError.
 */
export async function createContact(userId: string, input: ContactInput, channel: "form" | "api"): Promise<Contact> {
  const { added, existing } = await createContacts(userId, [input], channel);
  if (existing.length) throw new DuplicateContactError(existing[0].existingId);
  return added[0];
}

/**
 * Adds several contacts at once (the form's, the API's, the ones picked from a phone) in one
 * transaction: each as createContact adds one, with its consent history. A number the business
 * already has is not added again: it is answered in `existing` with the contact that has it (by its
 * place in `inputs`). When the new ones would pass the business's limit, none is added (ContactLimitError).
 */
export async function createContacts(
  userId: string,
  inputs: ContactInput[],
  channel: "form" | "api",
): Promise<{ added: Contact[]; existing: Array<{ index: number; existingId: string }> }> {
  const { rows, known } = await db().transaction(async (tx) => {
    const room = await lockedContactRoom(tx, userId);
    const numbers = inputs.map((input) => input.mobileNumber);
    const known = new Map(
      (
        await tx
          .select({ id: contacts.id, mobileNumber: contacts.mobileNumber })
          .from(contacts)
          .where(and(eq(contacts.userId, userId), inArray(contacts.mobileNumber, numbers)))
      ).map((row) => [row.mobileNumber, row.id]),
    );
    const fresh = inputs.filter((input) => !known.has(input.mobileNumber));
    if (fresh.length > room.left) throw new ContactLimitError(room.limit);
    if (!fresh.length) return { rows: [], known };
    const values = [];
    for (const { consent, ...fields } of fresh) {
      values.push({
        ...fields,
        canGetSms: isIndianMobile(fields.mobileNumber),
        tags: await spellGroupsAsBusiness(tx, userId, fields.tags),
        userId,
        optedOut: consent === "opted_out",
        consentAt: sql`now()`,
      });
    }
    const rows = await tx
      .insert(contacts)
      .values(values)
      .onConflictDoNothing({ target: [contacts.userId, contacts.mobileNumber] })
      .returning(contactColumns);
    await appendConsentEvents(
      tx,
      rows.map((row) => ({ userId, contactId: row.id, optedOut: row.optedOut, source: row.consentSource, channel })),
    );
    // An edit that moved a number to another contact since the check (edits do not wait for the
    // business's lock): that number is one the business already has.
    const inserted = new Set(rows.map((row) => row.mobileNumber));
    for (const { mobileNumber } of fresh) {
      if (!inserted.has(mobileNumber)) known.set(mobileNumber, (await contactWithMobile(userId, mobileNumber, tx))!);
    }
    return { rows, known };
  });
  const existing = inputs.flatMap((input, index) => {
    const existingId = known.get(input.mobileNumber);
    return existingId ? [{ index, existingId }] : [];
  });
  return { added: rows.map(toContact), existing };
}

/**
 * Changes a contact of this business; null when it is not one. A changed consent goes through
 * recordConsentChange in the same transaction (its history gains an entry; opting back in needs a
 * source, else ConsentSourceRequiredError and nothing changes); the same consent again leaves the
 * consent, its source and its time as they were. Another contact's mobile number is a DuplicateContactError.
 * Its groups are spelled as the business's other contacts have them.
 */
export async function updateContact(userId: string, id: string, input: ContactInput, channel: "form" | "api"): Promise<Contact | null> {
  if (!isUuid(id)) return null;
  const existingId = await contactWithMobile(userId, input.mobileNumber);
  if (existingId && existingId !== id) throw new DuplicateContactError(existingId);
  const { consent, consentSource, ...fields } = input;
  try {
    return await db().transaction(async (tx) => {
      if (fields.tags.length) await lockBusiness(tx, userId);
      if (!(await recordConsentChange(userId, id, { state: consent, source: consentSource, channel }, tx))) return null;
      const tags = await spellGroupsAsBusiness(tx, userId, fields.tags, id);
      const [row] = await tx
        .update(contacts)
        .set({ ...fields, canGetSms: isIndianMobile(fields.mobileNumber), tags, updatedAt: sql`now()` })
        .where(ownContact(userId, id))
        .returning(contactColumns);
      return toContact(row);
    });
  } catch (error) {
    // Another request gave the number to another contact since the check above: the same answer as the check's.
    const takenBy = isUniqueViolation(error) ? await contactWithMobile(userId, input.mobileNumber) : null;
    if (takenBy) throw new DuplicateContactError(takenBy);
    throw error;
  }
}

/** Deletes a contact of this business; false when it is not one. */
export async function deleteContact(userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db().delete(contacts).where(ownContact(userId, id)).returning({ id: contacts.id });
  return deleted.length > 0;
}

/** GET /api/contacts: newest first, filtered as the list is, `limit` (≤ 500) from `offset`. */
export async function listContactsForApi(userId: string, query: ContactApiQuery): Promise<Contact[]> {
  const ids = windowIds(contactFilter(userId, query), query.limit, query.offset);
  const rows = await db()
    .select(contactColumns)
    .from(contacts)
    .where(and(eq(contacts.userId, userId), inArray(contacts.id, ids)))
    .orderBy(desc(contacts.createdAt), desc(contacts.id));
  return rows.map(toContact);
}
