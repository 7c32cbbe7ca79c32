/**
 * What an SMS costs to carry, and India's DLT rules for its text. Pure and small: the campaign
 * composer counts as the business types, and the server counts the same way before it charges.
 */

import { escapeRegExp } from "./escape-regexp";

/** GSM 03.38's basic character set (without the escape character itself). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Its extension table: each is sent as escape + character, so it takes two of the 160. */
const GSM_EXTENSION = "\f^{}\\[]~|€";

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export type SmsEncoding = "GSM-7" | "UCS-2";

export type SmsAnalysis = {
  /** What counts towards the part limits: GSM-7 septets (an extension character is 2), or UTF-16 code units. */
  characters: number;
  encoding: SmsEncoding;
  parts: number;
  /** The first character that is not in GSM 03.38 and so made the message UCS-2, and where it is. */
  unicodeCause: { char: string; index: number } | null;
};

const SINGLE = { "GSM-7": 160, "UCS-2": 70 } as const;
const PER_PART = { "GSM-7": 153, "UCS-2": 67 } as const;

/** A message longer than this many parts is refused (operators and providers cap concatenation). */
export const MAX_PARTS = 10;

/** Counts the parts a text goes out in, the way handsets and operators split it. */
export function analyseSms(text: string): SmsAnalysis {
  let unicodeCause: SmsAnalysis["unicodeCause"] = null;
  // Units each character takes, so a part boundary never splits an escape pair or a surrogate pair.
  const gsmUnits: number[] = [];
  let index = 0;
  for (const char of text) {
    if (BASIC.has(char)) gsmUnits.push(1);
    else if (EXTENSION.has(char)) gsmUnits.push(2);
    else {
      unicodeCause = { char, index };
      break;
    }
    index += char.length;
  }
  const encoding: SmsEncoding = unicodeCause ? "UCS-2" : "GSM-7";
  const units = unicodeCause ? Array.from(text, (char) => char.length) : gsmUnits;
  const characters = units.reduce((sum, n) => sum + n, 0);
  return { characters, encoding, parts: countParts(units, characters, encoding), unicodeCause };
}

/**
 * The most parts a message of this many characters can take, wherever its two-unit characters
 * (a GSM-7 escape pair, a UTF-16 surrogate pair) fall: a part ends at most one unit short, as such
 * a pair is never split.
 */
export function mostParts(characters: number, encoding: SmsEncoding): number {
  if (characters === 0) return 0;
  return characters <= SINGLE[encoding] ? 1 : Math.ceil(characters / (PER_PART[encoding] - 1));
}

function countParts(units: number[], characters: number, encoding: SmsEncoding): number {
  if (characters === 0) return 0;
  if (characters <= SINGLE[encoding]) return 1;
  const room = PER_PART[encoding];
  let parts = 1;
  let used = 0;
  for (const n of units) {
    if (used + n > room) {
      parts += 1;
      used = 0;
    }
    used += n;
  }
  return parts;
}

/** The variable slot of a DLT-approved template. */
export const SLOT = "{#var#}";
/** DLT's limit on what one slot may hold. */
export const MAX_SLOT_LENGTH = 30;
/** The line every promotional message ends with. */
export const OPT_OUT_LINE = "Reply STOP to opt out.";

export function countSlots(approved: string): number {
  return approved.split(SLOT).length - 1;
}

/** The approved text with its slots filled in order (missing values leave the slot empty). */
export function fillSlots(approved: string, values: readonly string[]): string {
  return approved
    .split(SLOT)
    .map((piece, i) => (i === 0 ? piece : (values[i - 1] ?? "") + piece))
    .join("");
}

export const SLOT_MESSAGES = {
  empty: "Fill in this slot",
  lineBreak: "A slot cannot hold a line break",
  invisible: "Remove the invisible characters from this slot",
  tooLong: `A slot holds at most ${MAX_SLOT_LENGTH} characters`,
} as const;

/**
 * What nobody sees but a phone shows or acts on: controls (a NUL, a bell), and format characters
 * such as a right-to-left override, zero-width spaces, a word joiner or a BOM. The zero-width
 * (non-)joiner stays after an Indic letter or an emoji, where it shapes the text as meant.
 */
const INVISIBLE =
  /\p{Cc}|\p{Cs}|(?![\u200c\u200d])\p{Cf}|(?<![\u0900-\u0dff\p{Extended_Pictographic}\u{1f3fb}-\u{1f3ff}])(?<!\ufe0f)[\u200c\u200d]/u;

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/**
 * What would make a slot's text break DLT's rules, empty aside: a line break, an invisible
 * character, more than 30 characters. Checked where input is parsed, so nothing longer is ever
 * made into a message.
 */
export function slotTextProblem(value: string): string | null {
  if (/[\r\n\u0085\u2028\u2029]/.test(value)) return SLOT_MESSAGES.lineBreak;
  if (hasInvisibleCharacters(value)) return SLOT_MESSAGES.invisible;
  // Counted without making an array of a long text's characters.
  if (value.length > MAX_SLOT_LENGTH && [...value.slice(0, 2 * MAX_SLOT_LENGTH + 1)].length > MAX_SLOT_LENGTH) return SLOT_MESSAGES.tooLong;
  return null;
}

/** Why a slot's value would make the operator block the message, or null when it may go. */
export function slotValueProblem(value: string): string | null {
  if (value.trim() === "") return SLOT_MESSAGES.empty;
  return slotTextProblem(value);
}

/**
 * Whether a text is the approved text apart from its slots, each slot holding at most 30
 * characters and no line break: what the operator's DLT scrubbing lets through.
 */
export function matchesApprovedText(text: string, approved: string): boolean {
  return slotValues(text, approved) !== null;
}

/**
 * The values a message put in its approved text's slots, in order (a provider such as MSG91 takes
 * the template and its values rather than the text); null when the text does not match it.
 */
export function slotValues(text: string, approved: string): string[] | null {
  const pattern = approved.split(SLOT).map(escapeRegExp).join(`([^\\r\\n]{0,${MAX_SLOT_LENGTH}})`);
  const match = new RegExp(`^${pattern}$`, "u").exec(text);
  return match ? match.slice(1) : null;
}

/** Longest piece of text shown back as the malformed slot in a message. */
const MAX_SHOWN_SLOT = 24;

/**
 * The first thing in an approved text that was meant as a slot but is not exactly {#var#}
 * ('{#var}', '{#VAR#}', '{#name#}', '{var}'), as written; null when every slot is well formed.
 * DLT scrubbing only knows {#var#}: anything else is sent as literal text, or refused.
 */
export function malformedSlot(approved: string): string | null {
  // Each well-formed slot becomes a gap no pattern below can reach across.
  const rest = approved.split(SLOT).join("\n");
  const attempt = /\{+[^\S\n]*#[^{}\n]*\}*|\{[^{}#\n]*#\}+|#[^\S\n]*var[^\S\n]*#\}*|\{+[^\S\n]*var[^\S\n]*\}+/i.exec(rest);
  if (!attempt) return null;
  const shown = attempt[0].trim();
  return shown.length > MAX_SHOWN_SLOT ? `${shown.slice(0, MAX_SHOWN_SLOT)}…` : shown;
}
