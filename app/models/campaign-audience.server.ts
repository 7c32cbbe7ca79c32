import { createHash } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";

import { and, asc, eq, gt, inArray, lte, sql, type SQL } from "drizzle-orm";

import type { Database, Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { contacts, type CampaignAudience } from "~/db/schema";
import type { NameGroup } from "~/lib/campaign-message";
import { canonicalJson } from "~/lib/canonical-json";

import { keptForContacts } from "./contacts.server";

/**
 * Who a campaign goes to, counted in SQL: a business's audience of 100,000 contacts is never read
 * into the server to be estimated. A page's count is kept until the business's contacts change (the
 * change feed's `contacts:<id>`), so the composer's live count asks the database once per change,
 * however often it is asked.
 */

type Reader = Pick<Database | Transaction, "select">;

/** The audience's contacts among the business's: all, those in any of the groups (any spelling), or those picked. */
export function inAudience(userId: string, audience: CampaignAudience): SQL {
  let chosen: SQL | undefined;
  if ("tags" in audience) {
    const wanted = sql.join(
      audience.tags.map((tag) => sql`${tag.toLowerCase()}`),
      sql`, `,
    );
    chosen = sql`exists (select 1 from unnest(${contacts.tags}) as tag where lower(tag) in (${wanted}))`;
  } else if ("contactIds" in audience) {
    chosen = inArray(contacts.id, audience.contactIds);
  }
  return and(eq(contacts.userId, userId), chosen) as SQL;
}

/** A contact a campaign writes a message for: in the audience and not opted out (a number that cannot get SMS is written as skipped). */
export const notOptedOut = sql`not ${contacts.optedOut}`;

export type AudienceSummary = {
  /** The audience's contacts (picked ids that are not the business's contacts are not among them). */
  members: number;
  optedOut: number;
  /** Not opted out, but their number cannot get SMS. */
  notMobile: number;
  /** The recipients, grouped by the room their names take in a message. */
  groups: NameGroup[];
  /** The first recipient's name as a slot holds it, in the order they were added: the preview's. */
  firstName: string | null;
};

/** The audience's counts, as of `reader` (a transaction sees its own snapshot; a page's are kept until the contacts change). */
export async function summariseAudience(reader: Reader, userId: string, audience: CampaignAudience): Promise<AudienceSummary> {
  // A hash: a key of 1,000 picked ids would be a 37,000-character string.
  const key = `campaign audience ${userId} ${createHash("sha256").update(canonicalJson(audience)).digest("base64url")}`;
  // A transaction counts in its own snapshot (what it charges for); a page's estimate may be kept.
  if (reader !== db()) return countAudience(reader, userId, audience);
  return keptForContacts(userId, key, () => countAudience(reader, userId, audience));
}

/**
 * Contacts one counting query reads: tens of milliseconds on PGlite, whose queries hold the
 * whole process, so the server answers other requests between slices of a big audience.
 */
export const COUNT_SLICE = 10_000;

async function countAudience(reader: Reader, userId: string, audience: CampaignAudience): Promise<AudienceSummary> {
  const summary: AudienceSummary = { members: 0, optedOut: 0, notMobile: 0, groups: [], firstName: null };
  const groups = new Map<string, NameGroup>();
  let first: { name: string; createdAt: Date; id: string } | null = null;
  // Picked contacts are at most 1,000: one slice. Otherwise the business's contacts, COUNT_SLICE ids at a time.
  let after: string | null = null;
  for (;;) {
    let slice: SQL | undefined;
    let last: string | null = null;
    if (!("contactIds" in audience)) {
      const [bound] = await reader
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.userId, userId), after ? gt(contacts.id, after) : undefined))
        .orderBy(asc(contacts.id))
        .offset(COUNT_SLICE - 1)
        .limit(1);
      last = bound?.id ?? null;
      slice = and(after ? gt(contacts.id, after) : undefined, last ? lte(contacts.id, last) : undefined);
    }
    const where = and(inAudience(userId, audience), slice);
    const [rows, [earliest]] = await Promise.all([
      reader
        .select({
          recipient,
          optedOut: contacts.optedOut,
          gsmUnits: contacts.smsNameGsmUnits,
          utf16Units: contacts.smsNameUtf16Units,
          characters,
          contacts: sql<number>`count(*)::int`,
          example: sql<string>`min(${contacts.smsName} collate "C")`,
        })
        .from(contacts)
        .where(where)
        .groupBy(recipient, contacts.optedOut, contacts.smsNameGsmUnits, contacts.smsNameUtf16Units, characters),
      reader
        .select({ name: contacts.smsName, createdAt: contacts.createdAt, id: contacts.id })
        .from(contacts)
        .where(and(where, recipient))
        .orderBy(asc(contacts.createdAt), asc(contacts.id))
        .limit(1),
    ]);
    for (const row of rows) {
      summary.members += row.contacts;
      if (row.optedOut) summary.optedOut += row.contacts;
      else if (!row.recipient) summary.notMobile += row.contacts;
      else addToGroup(groups, row);
    }
    if (
      earliest &&
      (!first || earliest.createdAt < first.createdAt || (+earliest.createdAt === +first.createdAt && earliest.id < first.id))
    ) {
      first = { ...earliest, name: earliest.name ?? "" };
    }
    if (!last) break;
    after = last;
    await nextTurn();
  }
  return { ...summary, groups: [...groups.values()], firstName: first?.name ?? null };
}

const recipient = sql<boolean>`(not ${contacts.optedOut} and ${contacts.canGetSms})`;
const characters = sql<number>`char_length(${contacts.smsName})`;

type GroupRow = { gsmUnits: number | null; utf16Units: number | null; characters: number; contacts: number; example: string };

function addToGroup(groups: Map<string, NameGroup>, row: GroupRow) {
  const characters = Number(row.characters);
  const utf16Units = Number(row.utf16Units);
  const key = `${characters}:${row.gsmUnits}:${utf16Units}`;
  const group = groups.get(key);
  if (!group) groups.set(key, { characters, gsmUnits: row.gsmUnits, utf16Units, contacts: row.contacts, example: row.example });
  else {
    group.contacts += row.contacts;
    if (row.example < group.example) group.example = row.example;
  }
}
