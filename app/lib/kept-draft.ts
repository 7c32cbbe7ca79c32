/**
 * A form sent after its session ended, or left by one of its fix-it links (app/lib/detour.ts), is
 * kept as a draft: its text fields only, bounded, for the account whose form it was, and put back
 * into the same screen's form when that account is back there. This module is the pure part: which
 * fields are kept, how a kept draft fills a form, what the sign-in page and the form say.
 */

/** What one draft may hold: every real form is far below (the composer sends about 40 short fields). */
export const KEPT_DRAFT_LIMITS = { bytes: 64 * 1024, fields: 200 } as const;

/** A draft is gone this long after it was kept, used or not. */
export const KEPT_DRAFT_MINUTES = 60;

/**
 * Fields never kept: what says which button was pressed (a paid action is never carried out, or
 * even half-chosen, without pressing it again), a form's one-time key, where to go after, every
 * password and every confirmation the user must give again.
 */
const NOT_KEPT = [/^intent$/, /^detour$/, /^idempotencyKey$/i, /csrf/i, /^redirectTo$/, /password/i, /^confirm/i, /^_/];

export type KeptField = [name: string, value: string];
/** `intent`: which of a screen's forms was sent (its button or hidden field), to fill that form only: never a value. */
export type KeptDraftShape = { fields: KeptField[]; droppedFiles: number; intent: string | null };
/** Why a draft was kept: its session ended, or its owner took a detour to fix what the form refused. */
export type KeptDraftReason = "session" | "detour";

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * The fields of a submitted form worth keeping, in their order: text only (a file is counted, not
 * kept), none of NOT_KEPT, empty ones left out, and no more than KEPT_DRAFT_LIMITS (a field that
 * does not fit is left out, the rest still kept). Null when nothing is left to keep.
 */
export function shapeKeptDraft(entries: Iterable<[string, unknown]>): KeptDraftShape | null {
  const fields: KeptField[] = [];
  let droppedFiles = 0;
  let bytes = 0;
  let intent: string | null = null;
  for (const [name, value] of entries) {
    if (name === "intent" && typeof value === "string" && intent === null) intent = value.slice(0, 100);
    if (typeof value !== "string") {
      // An empty file input arrives as a file without a name: nothing was chosen.
      if (value && typeof value === "object" && (value as { name?: unknown }).name) droppedFiles += 1;
      continue;
    }
    if (value === "" || NOT_KEPT.some((pattern) => pattern.test(name))) continue;
    const size = byteLength(name) + byteLength(value);
    if (fields.length >= KEPT_DRAFT_LIMITS.fields || bytes + size > KEPT_DRAFT_LIMITS.bytes) continue;
    fields.push([name, value]);
    bytes += size;
  }
  return fields.length ? { fields, droppedFiles, intent } : null;
}

/** A kept draft as a form's default values: a name sent several times (checkboxes, images) is a list. */
export function keptDraftValues(fields: readonly KeptField[]): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of fields) {
    const before = values[name];
    values[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return values;
}

/** The field a name belongs to: 'tags[0]' and 'offer.title' are 'tags' and 'offer'. */
export const fieldOf = (name: string) => name.split(/[.[]/)[0];

/** Fields that say which row a form acts on (one form per price, per category): a draft fills only its own row's form. */
const ROW_FIELDS = ["id", "key"];

/** A form as a kept draft is matched against it: the fields its schema reads, the intents it answers to, its defaults. */
export type DraftTarget = { fieldNames: ReadonlySet<string>; intents?: ReadonlySet<string>; defaults?: Record<string, unknown> };

/**
 * Whether a kept draft is this form's: every field it kept is one the form's schema reads, it was sent
 * with one of the form's intents when the form has some, and the row it sent (`id`, `key`) is the one
 * the form's defaults name. A screen with several forms (settings, an admin page) so fills only the form
 * that was sent.
 */
export function draftFitsForm(draft: Pick<KeptDraftShape, "fields" | "intent">, form: DraftTarget): boolean {
  const { fields, intent } = draft;
  if (!fields.length || !fields.every(([name]) => form.fieldNames.has(fieldOf(name)))) return false;
  if (form.intents?.size && (intent === null || !form.intents.has(intent))) return false;
  const values = keptDraftValues(fields);
  const defaults = form.defaults ?? {};
  // Only a row the form sent counts: an edit form's record has an id its URL carries, not a field.
  return ROW_FIELDS.every((name) => values[name] === undefined || typeof defaults[name] !== "string" || values[name] === defaults[name]);
}

/** Whether a form's starting values are the kept draft's (the kit filled it): the form then says so. */
export function formShowsDraft(initialValue: unknown, fields: readonly KeptField[]): boolean {
  if (!fields.length || typeof initialValue !== "object" || initialValue === null) return false;
  return Object.entries(keptDraftValues(fields)).every(
    ([name, value]) => JSON.stringify(valueAt(initialValue, name)) === JSON.stringify(value),
  );
}

/** A form's value by a field's name, its values nested as conform keeps them: 'fills[0].value'. */
function valueAt(values: unknown, name: string): unknown {
  return name
    .split(/[.[\]]+/)
    .filter(Boolean)
    .reduce<unknown>((at, part) => (typeof at === "object" && at !== null ? (at as Record<string, unknown>)[part] : undefined), values);
}

/** The contacts screen's words for an ended session, exactly as the product has always said them. */
export const CONTACTS_SESSION_EXPIRED = "Authentication expired: Please log in again to access your contacts.";
export const SESSION_ENDED = "Your session has ended. Please log in again to continue.";

/** What the sign-in page says to someone whose session ended on the way to `redirectTo`. */
export function sessionEndedMessage(redirectTo: string): string {
  const path = redirectTo.split(/[?#]/)[0];
  return path === "/contacts" || path.startsWith("/contacts/") ? CONTACTS_SESSION_EXPIRED : SESSION_ENDED;
}

/** What the sign-in page adds when the form sent was kept. */
export function keptDraftMessage(droppedFiles: number): string {
  const files = droppedFiles ? " Pictures and files are not kept: choose them again." : "";
  return `Nothing was sent. What you typed is kept for an hour: log in and it is back in the form.${files}`;
}

/** What the screen says above the form a draft filled. */
export function restoredDraftMessage(droppedFiles: number, reason: KeptDraftReason = "session"): string {
  const files = droppedFiles ? " Pictures and files were not kept: choose them again." : "";
  if (reason === "detour")
    return `Everything you typed and chose is back, as you left it. Nothing was sent yet: check it and press the button.${files}`;
  return `What you typed before your session ended is back in the form. Nothing was sent: check it and press the button again.${files}`;
}
