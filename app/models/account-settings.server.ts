import { and, eq, getTableColumns, isNull, sql, type SQL, type Table } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import { db } from "~/db/db.server";
import { queryRows } from "~/db/query.server";
import {
  businessCards,
  campaigns,
  contactConsentEvents,
  contactImports,
  contacts,
  creditLedger,
  emailVerificationTokens,
  passwordResetTokens,
  posts,
  refreshTokens,
  sessions,
  smsMessages,
  smsReplies,
  uploads,
  users,
} from "~/db/schema";
import { JSON_ITEM_SEPARATOR, jsonObjectText, type JsonItemsText } from "~/lib/json-stream";
import { waitPhrase } from "~/lib/too-many-attempts";

import { hashPassword, verifyPassword } from "./password.server";
import { hitRateLimit, throttleByAddress, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";
import { signOutEverywhere } from "./sessions.server";
import { confirmPassword, type PasswordConfirmation } from "./sign-in.server";
import { queueFileDeletes } from "./uploads.server";
import { accountColumns } from "./account-user.server";

/** Tries of the current password per account: like sign-in, so the form cannot be used to guess it. */
export const PASSWORD_CHANGES_PER_ACCOUNT: RateLimit = { limit: 5, windowSeconds: 15 * 60 };

/** Whether the account has a password to change (a Google-only account has none). */
export async function hasPassword(userId: string): Promise<boolean> {
  const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row?.passwordHash);
}

export type PasswordChange =
  { ok: true } | { ok: false; reason: "wrong-password" | "no-password" } | ({ ok: false; reason: "throttled" } & Throttled);

/**
 * Sets a new password when the current one is right. Every try counts against the client's
 * address (with the sign-in doors) and against the account. On success every session and API
 * token of the account ends in the same transaction; the caller signs this browser in afresh.
 */
export async function changePassword(input: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  clientIp: string | null;
}): Promise<PasswordChange> {
  const throttled =
    (await throttleByAddress("sign-in", input.clientIp)) ??
    (await throttleAccount(`change-password:user:${input.userId}`, PASSWORD_CHANGES_PER_ACCOUNT));
  if (throttled) return { ok: false, reason: "throttled", ...throttled };
  const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, input.userId));
  if (!row?.passwordHash) return { ok: false, reason: "no-password" };
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) return { ok: false, reason: "wrong-password" };
  const passwordHash = await hashPassword(input.newPassword);
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, input.userId));
    // A reset link mailed before the change must not undo it.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
    await signOutEverywhere(tx, input.userId);
  });
  return { ok: true };
}

async function throttleAccount(key: string, limit: RateLimit): Promise<Throttled | null> {
  const result = await hitRateLimit(key, limit);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

/** Ends every session and API token of the account, this browser's too. */
export async function signOutOfEveryDevice(userId: string) {
  await db().transaction((tx) => signOutEverywhere(tx, userId));
}

/** "Download my data" an hour per account: each reads everything the account holds. */
export const DATA_EXPORTS_PER_HOUR: RateLimit = { limit: 3, windowSeconds: 3600 };

/** Counts one download against the account's hourly allowance; a Throttled answer means refuse it (429). */
export async function throttleDataExport(userId: string): Promise<Throttled | null> {
  const result = await hitRateLimit(`data-export:user:${userId}`, DATA_EXPORTS_PER_HOUR);
  if (result.allowed) return null;
  const message = `You can download your data ${DATA_EXPORTS_PER_HOUR.limit} times an hour. Please wait ${waitPhrase(result.retryAfterSeconds)} and try again.`;
  return { message, retryAfterSeconds: result.retryAfterSeconds };
}

/**
 * Rows read at a time for the download: its memory is a page, however many rows the account has,
 * and the embedded database holds the server for ~20 ms a page (bench/data-export.ts).
 */
const EXPORT_PAGE_ROWS = 500;

/** A table the account owns rows of: each has its owner, an id and a creation time to page by. */
type OwnedTable = PgTable & { userId: PgColumn; id: PgColumn; createdAt: PgColumn };

/**
 * A row as JSON text, written by the database: each column under its name in the app, times as
 * JavaScript writes them (UTC, milliseconds). Reading a page as one text instead of as rows costs
 * the embedded database a quarter of the time it holds the server for (bench/data-export.ts).
 */
function rowAsJson(columns: Record<string, PgColumn>): SQL {
  const members = Object.entries(columns).map(([name, column]) =>
    column.getSQLType().startsWith("timestamp")
      ? sql`${name}::text, to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`${name}::text, ${column}`,
  );
  return sql`json_build_object(${sql.join(members, sql`, `)})::text`;
}

/**
 * The account's rows of one table, oldest first, a page of JSON text at a time: a keyset
 * (created_at, id) walk, so each page is a short index range and never an OFFSET over the pages
 * before it. The cursor keeps created_at as PostgreSQL's text (a JavaScript Date would drop its
 * microseconds).
 */
async function* ownRowPages(table: OwnedTable, columns: Record<string, PgColumn>, userId: string): AsyncGenerator<JsonItemsText> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const [page]: Array<JsonItemsText & { lastAt: string | null; lastId: string | null }> = await queryRows(
      db(),
      sql`select coalesce(string_agg(item, ${JSON_ITEM_SEPARATOR} order by at, id), '') as json, count(*)::int as count,
                 (array_agg(at::text order by at desc, id desc))[1] as "lastAt", (array_agg(id::text order by at desc, id desc))[1] as "lastId"
          from (select ${rowAsJson(columns)} as item, ${table.createdAt} as at, ${table.id} as id
                from ${table}
                where ${table.userId} = ${userId}
                  ${after ? sql`and (${table.createdAt}, ${table.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
                order by ${table.createdAt}, ${table.id}
                limit ${EXPORT_PAGE_ROWS}) as page`,
    );
    yield { json: page.json, count: page.count };
    if (page.count < EXPORT_PAGE_ROWS) return;
    after = { at: page.lastAt!, id: page.lastId! };
    // A turn for other requests between pages: the embedded database answers without ever yielding.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Everything the account holds, for "Download my data", as JSON text a piece at a time: the
 * profile (never the password hash, Google id or token version), contacts and their consent history, posts, credit ledger,
 * campaigns, SMS, uploads and business card. Lists are read a page at a time as the download
 * goes, so memory stays bounded however big the account. Only this account's rows: the owner is
 * in every WHERE. Null when there is no such account.
 */
export async function exportAccountData(userId: string): Promise<AsyncGenerator<string> | null> {
  const [profile] = await db()
    .select({
      ...accountColumns,
      address: users.address,
      city: users.city,
      state: users.state,
      country: users.country,
      postalCode: users.postalCode,
      lat: users.lat,
      lon: users.lon,
      signsInWithGoogle: sql<boolean>`${users.googleId} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;
  const [card] = await db()
    .select({ id: businessCards.id, designId: businessCards.designId, fields: businessCards.fields, updatedAt: businessCards.updatedAt })
    .from(businessCards)
    .where(eq(businessCards.userId, userId));
  const everything = (table: OwnedTable & Table) => ownRowPages(table, getTableColumns(table) as Record<string, PgColumn>, userId);
  return jsonObjectText([
    ["exportedAt", new Date().toISOString()],
    ["profile", profile],
    ["contacts", everything(contacts)],
    // Each contact's consent history (append-only: every opt-in with its source, every opt-out), oldest first.
    ["contactConsentHistory", everything(contactConsentEvents)],
    ["posts", everything(posts)],
    ["creditLedger", everything(creditLedger)],
    ["campaigns", everything(campaigns)],
    ["smsMessages", everything(smsMessages)],
    // Replies its contacts sent (STOP, START, …) and what each did.
    ["smsReplies", everything(smsReplies)],
    [
      "uploads",
      ownRowPages(
        uploads,
        { key: uploads.key, contentType: uploads.contentType, sizeBytes: uploads.sizeBytes, createdAt: uploads.createdAt },
        userId,
      ),
    ],
    ["businessCard", card ?? null],
  ]);
}

export type AccountDeletion =
  | { ok: true }
  | { ok: false; reason: "password-needed" | "google-confirmation-needed" }
  | Exclude<PasswordConfirmation, { ok: true } | { reason: "no-password" }>;

/**
 * "Delete my account", once whoever asks has proved again that they own it: an account that signs
 * in with Google by a Google sign-in of the last few minutes (the caller knows, from this
 * browser's session), any other by its password, checked as a sign-in is (confirmPassword).
 */
export async function deleteConfirmedAccount(input: {
  userId: string;
  password: string | undefined;
  confirmedWithGoogle: boolean;
  clientIp: string | null;
}): Promise<AccountDeletion> {
  const [account] = await db()
    .select({ passwordHash: users.passwordHash, googleId: users.googleId })
    .from(users)
    .where(eq(users.id, input.userId));
  const byGoogle = Boolean(account?.googleId) && input.confirmedWithGoogle;
  if (!byGoogle) {
    if (!account?.passwordHash) return { ok: false, reason: "google-confirmation-needed" };
    if (!input.password) return { ok: false, reason: "password-needed" };
    const confirmed = await confirmPassword({ userId: input.userId, password: input.password, clientIp: input.clientIp });
    if (!confirmed.ok) return confirmed.reason === "no-password" ? { ok: false, reason: "google-confirmation-needed" } : confirmed;
  }
  await deleteAccount(input.userId);
  return { ok: true };
}

/**
 * Deletes the account's data in one transaction, and leaves the users row as an anonymous
 * tombstone (status 'deleted', no email, name, business details or password) so the credit
 * ledger keeps its rows for accounting (docs/decisions/012-account-deletion.md). The stored
 * files go after the commit, by a job queued in the transaction: a file deleted before a
 * rolled-back transaction would break a kept profile.
 */
async function deleteAccount(userId: string) {
  await db().transaction(async (tx) => {
    await signOutEverywhere(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId));
    await tx.delete(smsReplies).where(eq(smsReplies.userId, userId));
    await tx.delete(smsMessages).where(eq(smsMessages.userId, userId));
    await tx.delete(campaigns).where(eq(campaigns.userId, userId));
    await tx.delete(contactImports).where(eq(contactImports.userId, userId));
    await tx.delete(contacts).where(eq(contacts.userId, userId));
    // Likes and views go with their posts (ON DELETE CASCADE); the feed no longer has them.
    await tx.delete(posts).where(eq(posts.userId, userId));
    await tx.delete(businessCards).where(eq(businessCards.userId, userId));
    const removed = await tx.delete(uploads).where(eq(uploads.userId, userId)).returning({ key: uploads.key });
    await tx
      .update(users)
      .set({
        status: "deleted",
        email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
        passwordHash: null,
        googleId: null,
        name: "",
        businessName: "Deleted business",
        businessDetails: null,
        businessPhone: null,
        mobileNumber: null,
        gstNumber: null,
        businessCategories: [],
        address: null,
        city: null,
        state: null,
        postalCode: null,
        lat: null,
        lon: null,
        profileImageUrl: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    // The files (with their resized copies: none stays public at /img/{width}/ either) go by a job
    // that commits with this transaction, runs after it, and is tried again while storage fails.
    if (removed.length)
      await queueFileDeletes(
        removed.map((row) => row.key),
        tx,
      );
  });
}
