/**
 * The contacts CSV: the columns an import can fill and how a header names them, how a file's
 * bytes become text, and the merge rule an imported row follows. Pure, so the import job, the
 * API, the export and the tests share it.
 */
import { uniqueGroups } from "./contact-groups";
import { countOf } from "./format-count";
import type { ConsentState } from "./schemas/contacts";

/**
 * What one file may hold. Columns and cells bound the work a row costs (the mapping page lists every
 * column in each of its 7 choices); a cell holds a contact's longest field (notes, 2,000 characters)
 * with room to spare.
 */
export const IMPORT_LIMITS = { bytes: 5 * 1024 * 1024, rows: 50_000, columns: 50, cellChars: 2_500 } as const;

export const IMPORT_FIELDS = ["name", "mobileNumber", "email", "tags", "notes", "consent", "consentSource"] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Which column (by index) fills each field; a field without a column is left as it was. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: "Name",
  mobileNumber: "Mobile number",
  email: "Email",
  tags: "Groups",
  notes: "Notes",
  consent: "Consent",
  consentSource: "Consent source",
};

/** The export's header, in IMPORT_FIELDS order: an export re-imports by these names. */
export const EXPORT_HEADER = IMPORT_FIELDS.map((field) => IMPORT_FIELD_LABELS[field]);

/** Header names as spreadsheets and other tools write them, reduced to letters and digits. */
const HEADER_NAMES: Record<ImportField, string[]> = {
  name: ["name", "fullname", "customername", "contactname", "customer", "firstname"],
  mobileNumber: [
    "mobilenumber",
    "mobile",
    "mobileno",
    "phone",
    "phonenumber",
    "phoneno",
    "contactnumber",
    "whatsapp",
    "whatsappnumber",
    "cell",
    "number",
  ],
  email: ["email", "emailaddress", "emailid", "mail"],
  tags: ["groups", "group", "tags", "tag", "labels", "lists"],
  notes: ["notes", "note", "comments", "comment", "remarks"],
  consent: ["consent", "subscribed", "optin", "optedin", "status"],
  consentSource: ["consentsource", "source", "consentfrom"],
};

const headerKey = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/** Each field's column, guessed from the header row: the first column whose name is one the field goes by. */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const keys = header.map(headerKey);
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const index = keys.findIndex((key, column) => HEADER_NAMES[field].includes(key) && !Object.values(mapping).includes(column));
    if (index >= 0) mapping[field] = index;
  }
  return mapping;
}

export const NOT_A_CSV = "This file is not a CSV file. In your spreadsheet choose File → Save as → CSV, then import that file.";
export const NOT_UTF8 = "This file is not in UTF-8. In Excel choose Save as → 'CSV UTF-8 (Comma delimited)', then import that file.";

/**
 * A file's text: UTF-8 with or without Excel's byte-order mark, or UTF-16 as Excel's
 * 'Unicode text' writes it. Anything else (an image, a spreadsheet, a legacy code page) is an
 * error the user can act on.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string } | { error: string } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)) };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)) };
  if (bytes.subarray(0, 8192).includes(0)) return { error: NOT_A_CSV };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return { error: NOT_UTF8 };
  }
}

/** The separator the header row uses most (outside quotes): a comma, Excel's ';' in many locales, or a tab. */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const char of text.slice(0, 64 * 1024)) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  const best = (Object.keys(counts) as Array<keyof typeof counts>).sort((a, b) => counts[b] - counts[a])[0];
  return counts[best] > 0 ? best : ",";
}

/**
 * How every contacts CSV is written (the export, the rejected rows): rows end in CRLF, as RFC 4180
 * and Excel have them, and a cell with any line break is quoted. csv-stringify by itself quotes
 * only the record delimiter (CRLF), so a note with a bare LF would split its row in Excel and in
 * the import.
 */
export const CSV_WRITE_OPTIONS = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) is
 * written with a leading apostrophe, which the spreadsheet shows as text (OWASP's CSV injection
 * advice); the import takes the apostrophe off again, so an export re-imports unchanged. A plain
 * number with its sign (a mobile number as stored, +919812345678) is not a formula: it is written
 * as it is. (Exports made before that wrote '+91…: the import still takes their apostrophe off.)
 * A cell that itself starts with an apostrophe before one of those gets one more, so that the
 * import, taking one off, gives it back as it was.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]\d+$/;
/** Apostrophes before one of those: the export's guard (one), or a cell's own apostrophes with it. */
const PROTECTED = /^'+[=+\-@\t\r]/;
const hasProtection = (value: string) => PROTECTED.test(value);
const isFormula = (value: string) => FORMULA_START.test(value) && !SIGNED_NUMBER.test(value);
export const protectCell = (value: string) => (isFormula(value) || hasProtection(value) ? `'${value}` : value);
export const unprotectCell = (value: string) => (hasProtection(value) ? value.slice(1) : value);

const OPTED_OUT = new Set(["optedout", "out", "no", "n", "false", "0", "unsubscribed", "stop", "dnd", "donotcontact"]);
const OPTED_IN = new Set(["optedin", "in", "yes", "y", "true", "1", "subscribed"]);
export const UNKNOWN_CONSENT = "Consent must be opted_in or opted_out";

/** A consent cell: 'opted_out', 'No', 'Unsubscribed', 'DND'… or 'opted_in', 'Yes'…; blank says nothing. */
export function readConsent(cell: string): ConsentState | null | "unknown" {
  const key = headerKey(cell);
  if (!key) return null;
  if (OPTED_OUT.has(key)) return "opted_out";
  if (OPTED_IN.has(key)) return "opted_in";
  return "unknown";
}

/** A contact's fields that an import can change. */
export type ImportableContact = {
  name: string;
  email: string | null;
  tags: string[];
  notes: string | null;
  optedOut: boolean;
  consentSource: string | null;
};

/** One valid row of a file: what it says, with blank cells (and unmapped columns) as null. */
export type ImportedRow = {
  name: string;
  mobileNumber: string;
  email: string | null;
  tags: string[];
  notes: string | null;
  consent: ConsentState | null;
  consentSource: string | null;
};

export const MAX_TAGS = 20;

/** The fields the owner types that an import never overwrites by itself: a different value waits for 'Apply these updates'. */
export const KEPT_FIELDS = ["name", "email", "notes"] as const;
export type KeptField = (typeof KEPT_FIELDS)[number];

/** What a file would change in a contact's typed fields: each field's value when the report was made and the file's. */
export type ProposedUpdate = Partial<Record<KeptField, { from: string; to: string }>>;

/** What an import did to an existing contact by itself: the groups it added, the blank fields it filled, an opt-out. */
export type ImportUpdate = { addedGroups: string[]; filled: KeptField[]; optedOut: boolean };

/**
 * What a row makes of the contact with its number (null when the business has none): a new
 * contact takes the row as it is (opted in unless it says otherwise). An existing one keeps what
 * the owner typed: its name, and its email and notes when it has them, are never overwritten; a
 * different value is `proposed`, to apply only when the owner asks. It gains the row's groups (a
 * group it has in another case is the same group), a blank email or notes takes the row's, and an
 * opt-out is kept whatever the row says. `changed` is false when the row adds nothing, so
 * re-importing an export changes nothing.
 */
export function mergeImportedRow(
  existing: ImportableContact | null,
  row: ImportedRow,
  defaultSource: string,
): { contact: ImportableContact; changed: boolean; consentChanged: boolean; update: ImportUpdate; proposed: ProposedUpdate } {
  if (!existing) {
    const optedOut = row.consent === "opted_out";
    return {
      contact: {
        name: row.name,
        email: row.email,
        tags: row.tags,
        notes: row.notes,
        optedOut,
        consentSource: row.consentSource ?? defaultSource,
      },
      changed: true,
      consentChanged: true,
      update: { addedGroups: [], filled: [], optedOut: false },
      proposed: {},
    };
  }
  const optedOut = existing.optedOut || row.consent === "opted_out";
  const consentChanged = optedOut !== existing.optedOut;
  const tags = uniqueGroups([...existing.tags, ...row.tags]).slice(0, Math.max(MAX_TAGS, existing.tags.length));
  const contact: ImportableContact = {
    name: existing.name,
    email: existing.email ?? row.email,
    tags,
    notes: existing.notes ?? row.notes,
    optedOut,
    consentSource: consentChanged ? (row.consentSource ?? defaultSource) : existing.consentSource,
  };
  const filled = (["email", "notes"] as const).filter((field) => existing[field] === null && contact[field] !== null);
  const proposed: ProposedUpdate = {};
  for (const field of KEPT_FIELDS) {
    const kept = existing[field];
    const offered = row[field];
    if (kept !== null && offered !== null && offered !== kept) proposed[field] = { from: kept, to: offered };
  }
  const addedGroups = tags.slice(existing.tags.length);
  const changed = filled.length > 0 || consentChanged || addedGroups.length > 0;
  return { contact, changed, consentChanged, update: { addedGroups, filled, optedOut: consentChanged }, proposed };
}

/** What an import did to a contact, as the report says it: 'Added to Diwali, VIP · Email added · Opted out'. */
export function describeImportUpdate({ addedGroups, filled, optedOut }: ImportUpdate): string {
  const parts: string[] = [];
  if (addedGroups.length) parts.push(`Added to ${addedGroups.join(", ")}`);
  for (const field of filled) parts.push(`${IMPORT_FIELD_LABELS[field]} added`);
  if (optedOut) parts.push("Opted out");
  return parts.join(" · ");
}

/** The toast after 'Apply these updates': 'Updated 2 contacts' and, if any, how many kept a newer edit. */
export function appliedUpdatesMessage({ applied, skipped }: { applied: number; skipped: number }): {
  title: string;
  description?: string;
} {
  const title = `Updated ${countOf(applied, "contact")}`;
  if (!skipped) return { title };
  return { title, description: `${countOf(skipped, "contact")} kept as edited since the import.` };
}
