import { Readable } from "node:stream";

import { CsvError, parse } from "csv-parse";
import { and, desc, eq, inArray, ne, sql, type SQLWrapper } from "drizzle-orm";

import type { Transaction } from "~/db/client.server";
import { db } from "~/db/db.server";
import { contactImportChanges, contactImports, contacts } from "~/db/schema";
import { queueJob } from "~/jobs/queue.server";
import {
  IMPORT_FIELDS,
  IMPORT_FIELD_LABELS,
  IMPORT_LIMITS,
  UNKNOWN_CONSENT,
  decodeCsvBytes,
  detectDelimiter,
  guessMapping,
  mergeImportedRow,
  readConsent,
  unprotectCell,
  type ColumnMapping,
  type ImportField,
  type ImportUpdate,
  type ImportableContact,
  type ImportedRow,
  type ProposedUpdate,
} from "~/lib/contact-csv";
import { importRowOverContactLimit } from "~/lib/contact-limit";
import { uniqueGroups } from "~/lib/contact-groups";
import { isUuid } from "~/lib/ids";
import { isIndianMobile } from "~/lib/phone-number.server";
import { contactInputSchema } from "~/lib/schemas/contacts.server";

import { appendConsentEvents } from "./contact-consent.server";
import { groupSpellings, lockedContactRoom } from "./contacts.server";
import { hitRateLimit, throttledFor, type RateLimit, type Throttled } from "./rate-limit.server";

/** A file the import cannot take, with the message to show (the API's 400). Nothing was saved. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

export const CHOOSE_A_FILE = "Choose a CSV file to import.";
export const EMPTY_FILE = "The file is empty. Choose a CSV file with a header row and one contact per row.";
export const ONLY_HEADER = "The file has a header row but no contacts.";
export const TOO_LARGE = "The file is larger than 5 MB. Split it into smaller files and import each.";
export const TOO_MANY_ROWS = "The file has more than 50,000 rows. Split it into smaller files and import each.";
export const ONE_COLUMN =
  "The file has only one column. Put the name and the mobile number in columns of their own, separated by commas, semicolons or tabs.";
export const tooManyColumns = (line: number) =>
  `Line ${line} has more than ${IMPORT_LIMITS.columns} columns. Keep only the columns to import (name, mobile number, email, groups, notes, consent) and import the file again.`;
export const cellTooLong = (line: number) =>
  `Line ${line} has a cell longer than ${IMPORT_LIMITS.cellChars.toLocaleString("en-IN")} characters. Shorten it and import the file again.`;
export const NAME_AND_MOBILE_COLUMNS = "Choose the columns that hold the name and the mobile number.";
export const IMPORT_NOT_FINISHED = "The import is still running. Apply its updates once it has finished.";
export const IMPORT_FAILED =
  "The import stopped before the end. The contacts up to there are saved: import the file again to add the rest.";

/** Files a business may upload an hour (page and API together): each is parsed whole, up to 50,000 rows. */
export const IMPORTS_PER_HOUR: RateLimit = { limit: 20, windowSeconds: 3600 };

/** Counts one upload against the business's hourly allowance; a Throttled answer means refuse it (429). */
export async function throttleContactImport(userId: string): Promise<Throttled | null> {
  const result = await hitRateLimit(`contact-import:user:${userId}`, IMPORTS_PER_HOUR);
  return result.allowed ? null : throttledFor(result.retryAfterSeconds);
}

/**
 * Rows written per transaction: small enough that other requests never wait long behind one (the
 * embedded database holds the event loop while it writes: ~50-200 ms for 250 rows).
 */
const BATCH_ROWS = 250;
const PREVIEW_ROWS = 5;
/** Characters fed to the parser at a time, with a turn for other requests between them. */
const CHUNK_CHARS = 16 * 1024;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The text a chunk at a time; the first is small (a header row's worth), so a file refused by its header costs little. */
async function* inChunks(text: string) {
  for (let at = 0, size = 1024; at < text.length; at += size, size = Math.min(2 * size, CHUNK_CHARS)) {
    yield text.slice(at, at + size);
    await nextTurn();
  }
}

type CsvRecord = { cells: string[]; line: number };

/**
 * Stops the parser at the first cell past the column limit or longer than a cell may be, so a
 * hostile file costs no more than its first bad row: csv-parse calls it on each cell as it ends.
 */
function checkCell(cell: string, { index, lines }: { index: number; lines: number }): string {
  if (index >= IMPORT_LIMITS.columns) throw new ImportFileError(tooManyColumns(lines));
  if (cell.length > IMPORT_LIMITS.cellChars) throw new ImportFileError(cellTooLong(lines));
  return cell;
}

/**
 * A CSV text's records with the line each starts on, parsed by csv-parse a chunk at a time so a
 * big file never holds the event loop. Quoted fields may span lines; short rows are padded. A row
 * with too many columns or too long a cell stops the parse (an ImportFileError).
 */
async function* csvRecords(text: string, delimiter: string): AsyncGenerator<CsvRecord> {
  const parser = Readable.from(inChunks(text)).pipe(
    parse({
      delimiter,
      record_delimiter: ["\r\n", "\n", "\r"],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      cast: checkCell,
      // A cell is checked when it ends; this stops one that goes on and on while it is read. The row
      // before it holds at most 50 cells of 2,500, so passing this means the cell itself is too long.
      max_record_size: (IMPORT_LIMITS.columns + 1) * IMPORT_LIMITS.cellChars,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // info.lines is the line the record ends on; quoted cells may hold line breaks of their own.
      const line = info.lines - (record.join("").match(/\r\n|\r|\n/g)?.length ?? 0);
      if (record.every((cell) => cell.trim() === "")) continue;
      yield { cells: record.map(unprotectCell), line };
    }
  } catch (error) {
    if (error instanceof CsvError && error.code === "CSV_MAX_RECORD_SIZE") throw new ImportFileError(cellTooLong(lineOf(error)));
    if (error instanceof CsvError) throw new ImportFileError(`The file could not be read as CSV: ${error.message}`);
    throw error;
  }
}

const lineOf = (error: CsvError) => Number((error as CsvError & { lines?: number }).lines ?? 1);

/** A file as it was uploaded, read and checked: its text, header, rows and the first few of them. */
export type ReadFile = { text: string; delimiter: string; header: string[]; rowCount: number; preview: string[][] };

/** Checks an uploaded file (size, text, CSV, header, rows) without saving anything; an ImportFileError says what is wrong. */
export async function readImportFile(bytes: Uint8Array): Promise<ReadFile> {
  if (bytes.length === 0) throw new ImportFileError(EMPTY_FILE);
  if (bytes.length > IMPORT_LIMITS.bytes) throw new ImportFileError(TOO_LARGE);
  const decoded = decodeCsvBytes(bytes);
  if ("error" in decoded) throw new ImportFileError(decoded.error);
  const { text } = decoded;
  if (!text.trim()) throw new ImportFileError(EMPTY_FILE);
  const delimiter = detectDelimiter(text);
  let header: string[] | null = null;
  const preview: string[][] = [];
  let rowCount = 0;
  for await (const { cells } of csvRecords(text, delimiter)) {
    if (!header) {
      header = cells.map((cell) => cell.trim());
      // Before reading on: a file without a column for each of the two is refused at once, whatever its length.
      if (header.length < 2) throw new ImportFileError(ONE_COLUMN);
      continue;
    }
    if (++rowCount > IMPORT_LIMITS.rows) throw new ImportFileError(TOO_MANY_ROWS);
    if (preview.length < PREVIEW_ROWS) preview.push(cells);
  }
  if (!header) throw new ImportFileError(EMPTY_FILE);
  if (rowCount === 0) throw new ImportFileError(ONLY_HEADER);
  return { text, delimiter, header, rowCount, preview };
}

/** The mapping, if it names a column for both the name and the mobile number (and only columns the file has). */
export function checkedMapping(mapping: ColumnMapping, header: readonly string[]): ColumnMapping | null {
  const inFile = Object.values(mapping).every(
    (column) => column === undefined || (Number.isInteger(column) && column >= 0 && column < header.length),
  );
  return inFile && mapping.name !== undefined && mapping.mobileNumber !== undefined ? mapping : null;
}

/** Step 1 of the page: keeps the checked file for the mapping step (a business has one such file waiting at a time). */
export async function startContactImport(userId: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const file = await readImportFile(bytes);
  return db().transaction(async (tx) => {
    await tx.delete(contactImports).where(and(eq(contactImports.userId, userId), eq(contactImports.status, "mapping")));
    const [row] = await tx
      .insert(contactImports)
      .values({
        userId,
        fileName: fileName.slice(0, 200) || "contacts.csv",
        csv: file.text,
        delimiter: file.delimiter,
        header: file.header,
        preview: file.preview,
        rowCount: file.rowCount,
      })
      .returning({ id: contactImports.id });
    return row.id;
  });
}

const ownImport = (userId: string, importId: string) => and(eq(contactImports.userId, userId), eq(contactImports.id, importId));

/**
 * Step 2: the columns are chosen and the import's job is queued with them, in one transaction. Null
 * when the import is not this business's; confirming twice queues it once.
 */
export async function confirmContactImport(
  userId: string,
  importId: string,
  mapping: ColumnMapping,
): Promise<"queued" | "already" | "bad-mapping" | null> {
  if (!isUuid(importId)) return null;
  const [row] = await db()
    .select({ header: contactImports.header, status: contactImports.status })
    .from(contactImports)
    .where(ownImport(userId, importId));
  if (!row) return null;
  if (row.status !== "mapping") return "already";
  const checked = checkedMapping(mapping, row.header);
  if (!checked) return "bad-mapping";
  return db().transaction(async (tx): Promise<"queued" | "already"> => {
    const queued = await tx
      .update(contactImports)
      .set({ mapping: checked, status: "queued", updatedAt: sql`now()` })
      .where(and(ownImport(userId, importId), eq(contactImports.status, "mapping")))
      .returning({ id: contactImports.id });
    if (!queued.length) return "already";
    await queueJob("contact-import", { importId }, { tx });
    return "queued";
  });
}

/** A line of the file and what is wrong with it: a rejected row (an error), or an optional cell left out of its contact (a warning). */
export type ImportNote = { line: number; message: string };
/** A rejected row as the report shows it: its line, why, and what it held (its non-blank cells, shortened). */
export type RejectedRow = ImportNote & { row: string };

/**
 * The API's report: the counts, the rejected rows and warnings by line, who was updated and what the
 * file would change in what the owner typed (until POST /api/contacts/import/{id}/apply).
 */
export type ImportReport = {
  id: string;
  imported: number;
  updated: number;
  skipped: number;
  errors: ImportNote[];
  warnings: ImportNote[];
  updatedContacts: UpdatedContact[];
  proposedUpdates: Array<Omit<ProposedChange, "outcome">>;
};

/** How many rejected rows and warnings the report page lists; the rest are counted. */
const NOTES_SHOWN = 20;

/** The first NOTES_SHOWN of a report's list, as line and message. */
const firstNotes = (list: SQLWrapper) =>
  sql<
    ImportNote[]
  >`coalesce((select jsonb_agg(jsonb_build_object('line', e->'line', 'message', e->'message')) from (select e from jsonb_array_elements(${list}) as e limit ${NOTES_SHOWN}) as first), '[]'::jsonb)`;

/** How much of a rejected row the report shows: enough to recognise it (the download has it whole). */
const ROW_CHARS_SHOWN = 200;

/** The first NOTES_SHOWN rejected rows, each with what it held: its non-blank cells joined by commas. */
const firstRejectedRows = (list: SQLWrapper) =>
  sql<RejectedRow[]>`coalesce((select jsonb_agg(jsonb_build_object('line', e->'line', 'message', e->'message', 'row',
    left(coalesce((select string_agg(btrim(cell), ', ') from jsonb_array_elements_text(e->'cells') as cell where btrim(cell) <> ''), ''), ${ROW_CHARS_SHOWN})))
    from (select e from jsonb_array_elements(${list}) as e limit ${NOTES_SHOWN}) as first), '[]'::jsonb)`;

/** An import as its page shows it; null when it is not this business's. */
export async function getContactImport(userId: string, importId: string) {
  if (!isUuid(importId)) return null;
  const [row] = await db()
    .select({
      id: contactImports.id,
      fileName: contactImports.fileName,
      status: contactImports.status,
      header: contactImports.header,
      preview: contactImports.preview,
      mapping: contactImports.mapping,
      rowCount: contactImports.rowCount,
      processedRows: contactImports.processedRows,
      imported: contactImports.imported,
      updated: contactImports.updated,
      skipped: contactImports.skipped,
      errorCount: sql<number>`jsonb_array_length(${contactImports.errors})`.mapWith(Number),
      firstErrors: firstRejectedRows(contactImports.errors),
      warningCount: sql<number>`jsonb_array_length(${contactImports.warnings})`.mapWith(Number),
      firstWarnings: firstNotes(contactImports.warnings),
      failure: contactImports.failure,
      updatesAppliedAt: contactImports.updatesAppliedAt,
      createdAt: contactImports.createdAt,
      finishedAt: contactImports.finishedAt,
    })
    .from(contactImports)
    .where(ownImport(userId, importId));
  if (!row) return null;
  return { ...row, mapping: (row.mapping as ColumnMapping | null) ?? guessMapping(row.header) };
}

/** The business's latest imports, newest first, for the upload page. */
export async function listContactImports(userId: string) {
  return db()
    .select({
      id: contactImports.id,
      fileName: contactImports.fileName,
      status: contactImports.status,
      rowCount: contactImports.rowCount,
      imported: contactImports.imported,
      updated: contactImports.updated,
      skipped: contactImports.skipped,
      errorCount: sql<number>`jsonb_array_length(${contactImports.errors})`.mapWith(Number),
      createdAt: contactImports.createdAt,
    })
    .from(contactImports)
    .where(and(eq(contactImports.userId, userId), ne(contactImports.status, "mapping")))
    .orderBy(desc(contactImports.createdAt))
    .limit(5);
}

/** The rejected rows of an import with their lines, reasons and cells, for the report's CSV; null when not this business's. */
export async function getImportErrors(userId: string, importId: string) {
  if (!isUuid(importId)) return null;
  const [row] = await db()
    .select({ header: contactImports.header, errors: contactImports.errors, fileName: contactImports.fileName })
    .from(contactImports)
    .where(ownImport(userId, importId));
  return row ?? null;
}

/** An existing contact the import updated by itself, for the report: who, from which line, and what it did. */
export type UpdatedContact = { line: number; contactId: string | null; name: string } & ImportUpdate;
/** An existing contact whose typed fields the file would change, waiting for 'Apply these updates' (then its outcome). */
export type ProposedChange = {
  line: number;
  contactId: string | null;
  name: string;
  changes: ProposedUpdate;
  outcome: "applied" | "skipped" | null;
};

/** How many of each list the report page shows; the API's answer has them all. */
export const CHANGES_SHOWN = 50;

const changeColumns = {
  line: contactImportChanges.line,
  contactId: contactImportChanges.contactId,
  name: contactImportChanges.name,
};

const isProposal = sql`${contactImportChanges.proposed} <> '{}'::jsonb`;

/**
 * Who an import updated and what it would change, in file order (at most `limit` of each, with the
 * totals), and how many proposed changes were applied or skipped; null when it is not this business's.
 */
export async function listImportChanges(userId: string, importId: string, limit: number | null = CHANGES_SHOWN) {
  if (!isUuid(importId)) return null;
  const own = and(eq(contactImportChanges.importId, importId), eq(contactImportChanges.userId, userId));
  const [found] = await db().select({ id: contactImports.id }).from(contactImports).where(ownImport(userId, importId));
  if (!found) return null;
  const updatedQuery = db()
    .select({
      ...changeColumns,
      addedGroups: contactImportChanges.addedGroups,
      filled: contactImportChanges.filled,
      optedOut: contactImportChanges.optedOut,
    })
    .from(contactImportChanges)
    .where(and(own, eq(contactImportChanges.updated, true)))
    .orderBy(contactImportChanges.line);
  const proposedQuery = db()
    .select({ ...changeColumns, changes: contactImportChanges.proposed, outcome: contactImportChanges.outcome })
    .from(contactImportChanges)
    .where(and(own, isProposal))
    .orderBy(contactImportChanges.line);
  const [updated, proposed, [counts]] = await Promise.all([
    limit === null ? updatedQuery : updatedQuery.limit(limit),
    limit === null ? proposedQuery : proposedQuery.limit(limit),
    db()
      .select({
        updated: sql<number>`count(*) filter (where ${contactImportChanges.updated})`.mapWith(Number),
        proposed: sql<number>`count(*) filter (where ${isProposal})`.mapWith(Number),
        applied: sql<number>`count(*) filter (where ${contactImportChanges.outcome} = 'applied')`.mapWith(Number),
        skipped: sql<number>`count(*) filter (where ${contactImportChanges.outcome} = 'skipped')`.mapWith(Number),
      })
      .from(contactImportChanges)
      .where(own),
  ]);
  return {
    updated: updated as UpdatedContact[],
    proposed: proposed as ProposedChange[],
    updatedCount: counts.updated,
    proposedCount: counts.proposed,
    appliedCount: counts.applied,
    skippedCount: counts.skipped,
  };
}

export type AppliedUpdates = { applied: number; skipped: number; alreadyApplied: boolean };

/**
 * 'Apply these updates': the changes the file proposed to the contacts' names, emails and notes,
 * made once per import (a second press, or the API's twin, answers what the first did). A contact
 * whose proposed fields were edited since the report keeps that newer edit: its change is skipped,
 * and so is one whose contact was deleted. Null when the import is not this business's;
 * IMPORT_NOT_FINISHED while it still runs.
 */
export async function applyImportUpdates(userId: string, importId: string): Promise<AppliedUpdates | typeof IMPORT_NOT_FINISHED | null> {
  if (!isUuid(importId)) return null;
  return db().transaction(async (tx) => {
    const [found] = await tx
      .select({ status: contactImports.status, appliedAt: contactImports.updatesAppliedAt })
      .from(contactImports)
      .where(ownImport(userId, importId))
      .for("update");
    if (!found) return null;
    if (found.status !== "done" && found.status !== "failed") return IMPORT_NOT_FINISHED;
    const own = and(eq(contactImportChanges.importId, importId), eq(contactImportChanges.userId, userId), isProposal);
    if (found.appliedAt) {
      const outcomes = await tx.select({ outcome: contactImportChanges.outcome }).from(contactImportChanges).where(own);
      const count = (outcome: string) => outcomes.filter((row) => row.outcome === outcome).length;
      return { applied: count("applied"), skipped: count("skipped"), alreadyApplied: true };
    }
    // Each field is written only where the contact still holds the value the report showed (the
    // update re-checks that after waiting for a concurrent edit's lock), and a contact is changed
    // whole or not at all: a newer hand edit of any of its proposed fields keeps the contact as it is.
    const change = (field: "name" | "email" | "notes") => sql`${contactImportChanges.proposed} -> ${field}`;
    const unchangedSince = (field: "name" | "email" | "notes", column: SQLWrapper) =>
      sql`(${change(field)} is null or ${column} is not distinct from ${change(field)} ->> 'from')`;
    const applied = await tx
      .update(contacts)
      .set({
        name: sql`coalesce(${change("name")} ->> 'to', ${contacts.name})`,
        email: sql`coalesce(${change("email")} ->> 'to', ${contacts.email})`,
        notes: sql`coalesce(${change("notes")} ->> 'to', ${contacts.notes})`,
        updatedAt: sql`now()`,
      })
      .from(contactImportChanges)
      .where(
        and(
          own,
          eq(contacts.id, contactImportChanges.contactId),
          eq(contacts.userId, userId),
          unchangedSince("name", contacts.name),
          unchangedSince("email", contacts.email),
          unchangedSince("notes", contacts.notes),
        ),
      )
      .returning({ id: contactImportChanges.id });
    const appliedIds = applied.map((row) => row.id);
    const outcomes = await tx
      .update(contactImportChanges)
      .set({
        outcome: sql`case when ${contactImportChanges.id} = any(${`{${appliedIds.join(",")}}`}::uuid[]) then 'applied' else 'skipped' end`,
      })
      .where(own)
      .returning({ outcome: contactImportChanges.outcome });
    await tx
      .update(contactImports)
      .set({ updatesAppliedAt: sql`now()`, updatedAt: sql`now()` })
      .where(ownImport(userId, importId));
    const skipped = outcomes.filter((row) => row.outcome === "skipped").length;
    return { applied: outcomes.length - skipped, skipped, alreadyApplied: false };
  });
}

/** The fields a row may hold that the contact can do without: a bad one is left out, with a warning, and the row imported. */
const OPTIONAL_FIELDS = ["email", "tags", "notes", "consentSource"] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];
const isOptional = (field: unknown): field is OptionalField => OPTIONAL_FIELDS.includes(field as OptionalField);

/** The warning for an optional cell left out: 'Email not imported: Please enter a valid email address'. */
const leftOut = (field: OptionalField, reason: string) => `${IMPORT_FIELD_LABELS[field]} not imported: ${reason}`;

/**
 * A row's cells as the contact schema checks them: a valid row, with a warning for each optional
 * cell (email, groups, notes, consent source) that was bad and is left out, or why the row cannot
 * be imported (its name or mobile number; a consent it does not understand, as guessing one
 * could message someone who said no).
 */
function readRow(cells: string[], mapping: ColumnMapping): { row: ImportedRow; warnings: string[] } | { error: string } {
  const cell = (field: (typeof IMPORT_FIELDS)[number]) => {
    const column = mapping[field];
    return column === undefined ? undefined : (cells[column] ?? "");
  };
  const consent = readConsent(cell("consent") ?? "");
  if (consent === "unknown") return { error: UNKNOWN_CONSENT };
  const input: Record<ImportField, unknown> = {
    name: cell("name"),
    mobileNumber: cell("mobileNumber"),
    email: cell("email"),
    tags: cell("tags") ?? [],
    notes: cell("notes"),
    consent: undefined,
    consentSource: cell("consentSource"),
  };
  const warnings: string[] = [];
  let parsed = contactInputSchema.safeParse(input);
  if (!parsed.success) {
    const { issues } = parsed.error;
    const required = issues.find((issue) => !isOptional(issue.path[0]));
    if (required) return { error: required.message };
    for (const field of OPTIONAL_FIELDS) {
      const issue = issues.find((candidate) => candidate.path[0] === field);
      if (!issue) continue;
      warnings.push(leftOut(field, issue.message));
      input[field] = field === "tags" ? [] : undefined;
    }
    // Again without them: the mobile number is checked only once the fields' shapes pass.
    parsed = contactInputSchema.safeParse(input);
    if (!parsed.success) return { error: parsed.error.issues[0].message };
  }
  const { consent: _default, ...row } = parsed.data;
  return { row: { ...row, consent }, warnings };
}

type Tally = {
  imported: number;
  updated: number;
  skipped: number;
  errors: Array<ImportNote & { cells: string[] }>;
  warnings: ImportNote[];
};

/** Each group as written in the file and its spelling in the business (groupSpellings), kept for the import's later batches. */
type Spellings = Map<string, string>;

/** A new contact turned up under a number this batch took to be free: the batch is rolled back and run again. */
class ConcurrentInsert extends Error {}

/** Another runner has already imported this batch: this one stops, and the other finishes the import. */
class ImportTakenOver extends Error {}

const contactFields = {
  id: contacts.id,
  mobileNumber: contacts.mobileNumber,
  name: contacts.name,
  email: contacts.email,
  tags: contacts.tags,
  notes: contacts.notes,
  optedOut: contacts.optedOut,
  consentSource: contacts.consentSource,
};

const NO_UPDATE: ImportUpdate = { addedGroups: [], filled: [], optedOut: false };

/** Two rows' updates of one contact as one. */
const addUpdates = (first: ImportUpdate, then: ImportUpdate): ImportUpdate => ({
  addedGroups: [...first.addedGroups, ...then.addedGroups],
  filled: [...first.filled, ...then.filled],
  optedOut: first.optedOut || then.optedOut,
});

/**
 * Notes in the report each existing contact the batch updated or would change (one row per contact
 * and import: a number met again in a later batch adds to its row), so the report names who was
 * updated and lists what waits for 'Apply these updates'.
 */
async function recordChanges(
  tx: Transaction,
  userId: string,
  importId: string,
  pending: Array<{
    id: string | null;
    contact: ImportableContact;
    changed: boolean;
    line: number | null;
    update: ImportUpdate;
    proposed: ProposedUpdate;
  }>,
) {
  const rows = pending
    .filter((contact) => contact.line !== null && contact.id !== null)
    .map(({ id, contact, changed, line, update, proposed }) => ({
      importId,
      userId,
      contactId: id,
      line: line!,
      name: contact.name,
      updated: changed,
      addedGroups: update.addedGroups,
      filled: update.filled,
      optedOut: update.optedOut,
      proposed,
    }));
  if (!rows.length) return;
  await tx
    .insert(contactImportChanges)
    .values(rows)
    .onConflictDoUpdate({
      target: [contactImportChanges.importId, contactImportChanges.contactId],
      set: {
        updated: sql`${contactImportChanges.updated} or excluded.updated`,
        addedGroups: sql`${contactImportChanges.addedGroups} || excluded.added_groups`,
        filled: sql`${contactImportChanges.filled} || excluded.filled`,
        optedOut: sql`${contactImportChanges.optedOut} or excluded.opted_out`,
        proposed: sql`${contactImportChanges.proposed} || excluded.proposed`,
      },
    });
}

/**
 * One batch in one transaction: the contacts its numbers already have are locked, each row is
 * merged in file order (a number seen twice merges into the first), new contacts are inserted
 * up to the business's limit (MAX_CONTACTS_PER_BUSINESS; the rows of new numbers past it are
 * reported, not added) and changed ones updated, their groups spelled as the business has them,
 * their consent history gains each new contact's consent and each opt-out (one insert), and the
 * import's progress and report (with the warnings of the rows it took) advance with them.
 */
async function importBatch(
  userId: string,
  importId: string,
  batch: CsvRecord[],
  mapping: ColumnMapping,
  defaultSource: string,
  startAt: number,
  spellings: Spellings,
) {
  const tally: Tally = { imported: 0, updated: 0, skipped: 0, errors: [], warnings: [] };
  const rows: Array<CsvRecord & { row: ImportedRow; warnings: string[] }> = [];
  for (const [index, record] of batch.entries()) {
    // Checking a row takes ~65 µs (zod and libphonenumber): a turn for other requests now and then.
    if (index > 0 && index % 100 === 0) await nextTurn();
    const read = readRow(record.cells, mapping);
    if ("error" in read) tally.errors.push({ line: record.line, message: read.error, cells: record.cells });
    else rows.push({ ...record, ...read });
  }
  await db().transaction(async (tx) => {
    // The batch is claimed first: the import's row stays locked to the end, and a second runner
    // of the same import (a job retried while the first still runs) finds the rows already counted.
    const claimed = await tx
      .update(contactImports)
      .set({ processedRows: sql`${contactImports.processedRows} + ${batch.length}` })
      .where(and(ownImport(userId, importId), eq(contactImports.processedRows, startAt)))
      .returning({ id: contactImports.id });
    if (!claimed.length) throw new ImportTakenOver();
    // The business's row is locked before its contacts, as every path that adds contacts does.
    const room = rows.length ? await lockedContactRoom(tx, userId) : null;
    // Groups the import has not met yet are looked up once (after the lock, as every write of groups does).
    const unseen = [...new Set(rows.flatMap(({ row }) => row.tags))].filter((name) => !spellings.has(name));
    for (const [typed, spelled] of await groupSpellings(tx, userId, unseen)) spellings.set(typed, spelled);
    for (const { row } of rows) row.tags = uniqueGroups(row.tags.map((name) => spellings.get(name)!));
    const numbers = [...new Set(rows.map(({ row }) => row.mobileNumber))];
    const existing = numbers.length
      ? await tx
          .select(contactFields)
          .from(contacts)
          .where(and(eq(contacts.userId, userId), inArray(contacts.mobileNumber, numbers)))
          .for("update")
      : [];
    /** A contact as the batch leaves it; `line` is the first row that changed it or proposed a change to it. */
    type Pending = {
      id: string | null;
      contact: ImportableContact;
      consentChanged: boolean;
      changed: boolean;
      line: number | null;
      update: ImportUpdate;
      proposed: ProposedUpdate;
    };
    const untouched = { consentChanged: false, changed: false, line: null, update: NO_UPDATE, proposed: {} };
    const byNumber = new Map<string, Pending>(
      existing.map(({ id, mobileNumber, ...contact }) => [mobileNumber, { id, contact, ...untouched }]),
    );
    // New numbers past the business's limit are not added: each of their rows is reported, by line.
    let left = room?.left ?? 0;
    const overLimit = new Set<string>();
    for (const { row, line, cells, warnings } of rows) {
      const before = byNumber.get(row.mobileNumber);
      if (!before && left === 0) overLimit.add(row.mobileNumber);
      if (overLimit.has(row.mobileNumber)) {
        tally.errors.push({ line, message: importRowOverContactLimit(room!.limit), cells });
        continue;
      }
      tally.warnings.push(...warnings.map((message) => ({ line, message })));
      if (!before) left--;
      const merged = mergeImportedRow(before?.contact ?? null, row, defaultSource);
      if (!before) tally.imported++;
      else if (merged.changed) tally.updated++;
      else tally.skipped++;
      const touched = before !== undefined && (merged.changed || Object.keys(merged.proposed).length > 0);
      byNumber.set(row.mobileNumber, {
        id: before?.id ?? null,
        contact: merged.contact,
        consentChanged: (before?.consentChanged ?? false) || merged.consentChanged,
        changed: (before?.changed ?? false) || merged.changed,
        line: before?.line ?? (touched ? line : null),
        update: before ? addUpdates(before.update, merged.update) : NO_UPDATE,
        proposed: { ...before?.proposed, ...merged.proposed },
      });
    }
    const created = [...byNumber].filter(([, pending]) => pending.id === null);
    const changed = [...byNumber.values()].filter((pending) => pending.id !== null && pending.changed);
    /** The batch's consent history: each new contact's first entry and each opt-out, written in one insert. */
    const consents: Array<{ contactId: string; optedOut: boolean; source: string | null }> = [];
    if (created.length) {
      const inserted = await tx
        .insert(contacts)
        .values(
          created.map(([mobileNumber, { contact }]) => ({
            ...contact,
            mobileNumber,
            canGetSms: isIndianMobile(mobileNumber),
            userId,
            consentAt: sql`now()`,
          })),
        )
        .onConflictDoNothing({ target: [contacts.userId, contacts.mobileNumber] })
        .returning({
          contactId: contacts.id,
          optedOut: contacts.optedOut,
          source: contacts.consentSource,
          mobileNumber: contacts.mobileNumber,
        });
      if (inserted.length !== created.length) throw new ConcurrentInsert();
      for (const { mobileNumber, ...consent } of inserted) {
        consents.push(consent);
        byNumber.get(mobileNumber)!.id = consent.contactId;
      }
    }
    // An existing contact's consent changes in an import only to an opt-out (mergeImportedRow never undoes one).
    for (const { id, contact, consentChanged } of changed) {
      if (consentChanged) consents.push({ contactId: id!, optedOut: contact.optedOut, source: contact.consentSource });
    }
    if (changed.length) {
      const values = changed.map(({ id, contact, consentChanged }) => ({ id, ...contact, consentChanged }));
      await tx.execute(sql`
        update contacts as c set
          name = v.name, email = v.email, notes = v.notes, tags = v.tags, opted_out = v."optedOut",
          consent_source = v."consentSource",
          consent_at = case when v."consentChanged" then now() else c.consent_at end,
          updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          as v(id uuid, name text, email text, notes text, tags text[], "optedOut" boolean, "consentSource" text, "consentChanged" boolean)
        where c.id = v.id and c.user_id = ${userId}`);
    }
    await appendConsentEvents(
      tx,
      consents.map((consent) => ({ ...consent, userId, channel: "import" as const })),
    );
    await recordChanges(tx, userId, importId, [...byNumber.values()]);
    tally.errors.sort((a, b) => a.line - b.line);
    tally.warnings.sort((a, b) => a.line - b.line);
    await tx
      .update(contactImports)
      .set({
        imported: sql`${contactImports.imported} + ${tally.imported}`,
        updated: sql`${contactImports.updated} + ${tally.updated}`,
        skipped: sql`${contactImports.skipped} + ${tally.skipped}`,
        errors: sql`${contactImports.errors} || ${JSON.stringify(tally.errors)}::jsonb`,
        warnings: sql`${contactImports.warnings} || ${JSON.stringify(tally.warnings)}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(ownImport(userId, importId));
  });
}

async function importBatchOnce(...args: Parameters<typeof importBatch>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await importBatch(...args);
    } catch (error) {
      if (!(error instanceof ConcurrentInsert) || attempt === 3) throw error;
    }
  }
}

/**
 * Imports a queued file (the job queue runs this; the API too, before it answers). Rows already
 * counted are skipped, so an import the server stopped in the middle resumes where it was.
 */
export async function runContactImport(importId: string): Promise<void> {
  const [job] = await db()
    .update(contactImports)
    .set({ status: "running", updatedAt: sql`now()` })
    .where(and(eq(contactImports.id, importId), inArray(contactImports.status, ["queued", "running"])))
    .returning();
  if (!job?.csv || !job.mapping) return;
  const mapping = job.mapping as ColumnMapping;
  const defaultSource = `CSV import (${job.fileName})`.slice(0, 120);
  let processed = job.processedRows;
  const spellings: Spellings = new Map();
  const importNext = async (batch: CsvRecord[]) => {
    await importBatchOnce(job.userId, importId, batch, mapping, defaultSource, processed, spellings);
    processed += batch.length;
  };
  try {
    let batch: CsvRecord[] = [];
    let seen = 0;
    let header = true;
    for await (const record of csvRecords(job.csv, job.delimiter)) {
      if (header) {
        header = false;
        continue;
      }
      if (++seen <= job.processedRows) continue;
      batch.push(record);
      if (batch.length === BATCH_ROWS) {
        await importNext(batch);
        batch = [];
        // A turn for other requests between batches: the embedded database answers without ever
        // yielding to the event loop, so back-to-back batches would hold every other request.
        await nextTurn();
      }
    }
    if (batch.length) await importNext(batch);
    await finishImport(importId, "done", null);
  } catch (error) {
    if (error instanceof ImportTakenOver) return;
    console.error("contact import failed", importId, error);
    await finishImport(importId, "failed", IMPORT_FAILED);
  }
}

async function finishImport(importId: string, status: "done" | "failed", failure: string | null) {
  await db()
    .update(contactImports)
    .set({ status, failure, csv: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(contactImports.id, importId));
}

/**
 * POST /api/contacts/import: the file's columns found by their header names, imported before
 * the answer, which is the report (the rows rejected and the optional cells left out, by line). An ImportFileError says why a file cannot be imported.
 */
export async function importContactsNow(userId: string, fileName: string, bytes: Uint8Array): Promise<ImportReport> {
  const file = await readImportFile(bytes);
  const mapping = checkedMapping(guessMapping(file.header), file.header);
  if (!mapping) {
    throw new ImportFileError(`The header row needs a name column and a mobile column (found: ${file.header.join(", ") || "nothing"}).`);
  }
  const [row] = await db()
    .insert(contactImports)
    .values({
      userId,
      fileName,
      csv: file.text,
      delimiter: file.delimiter,
      header: file.header,
      preview: file.preview,
      rowCount: file.rowCount,
      mapping,
      status: "queued",
    })
    .returning({ id: contactImports.id });
  await runContactImport(row.id);
  const [done] = await db().select().from(contactImports).where(eq(contactImports.id, row.id));
  if (done.status === "failed") throw new Error(done.failure ?? IMPORT_FAILED);
  const changes = (await listImportChanges(userId, row.id, null))!;
  return {
    id: row.id,
    imported: done.imported,
    updated: done.updated,
    skipped: done.skipped,
    errors: done.errors.map(({ line, message }) => ({ line, message })),
    warnings: done.warnings,
    updatedContacts: changes.updated,
    proposedUpdates: changes.proposed.map(({ outcome: _none, ...change }) => change),
  };
}
