/**
 * How much structure a JSON request body may have. No API body needs more than a few levels; the
 * most values are a campaign's (up to 1,000 picked contacts beside its few dozen other values); the
 * bounds stop a body whose parsing or checking would cost far more than its size suggests (a
 * megabyte of `[[[[…`, a million numbers).
 */
export const JSON_LIMITS = { depth: 20, values: 1_100 } as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Why a JSON text has too much structure (nested deeper than 20, or more than 1,100 values in its
 * arrays and objects), or null. One pass over the text before JSON.parse, skipping strings; it
 * stops at the first bracket or comma past a limit.
 */
export function jsonShapeProblem(text: string): string | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === BACKSLASH) at++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      if (++depth > JSON_LIMITS.depth) return `The request body nests deeper than ${JSON_LIMITS.depth} levels`;
      values++;
    } else if (CLOSERS.has(char)) {
      depth--;
    } else if (char === COMMA) {
      values++;
    }
    if (values > JSON_LIMITS.values) return `The request body has more than ${JSON_LIMITS.values.toLocaleString("en-US")} values`;
  }
  return null;
}
