/**
 * What a log line must never carry, masked by rule rather than by remembering each call site:
 * Indian mobile numbers, email addresses, and the secrets that travel in addresses (a reset
 * link's token, an OAuth code, a webhook's signature or token). Used by the logger on every
 * message and string field (app/utils/logger.server.ts); pure, so it is tested alone.
 */

/** Query parameters whose value is a credential wherever they appear. */
const SECRET_PARAMS = ["token", "code", "signature", "sig", "key", "secret", "password", "access_token", "refresh_token", "state"];

// `name=value` in a query string or a form body; the name alone stays, so a reader sees what was there.
const SECRET_PARAM = new RegExp(`([?&;](?:${SECRET_PARAMS.join("|")})=)[^&#\\s"']*`, "gi");
// Someone's address: the first letter of the name stays (telling two people apart in one trace), the domain stays.
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/g;
// +91 / 0091 / 91 / 0 before ten digits starting 6-9, with the spaces and dashes people type; not inside a longer number or a word (ids, uuids, timestamps).
const INDIAN_MOBILE = /(?<![\w+])(?:(?:\+|00)?91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}(?!\w)/g;
// Bearer and Basic credentials written into a message.
const AUTHORIZATION = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

export const MASK = "[redacted]";

/** The text with every phone number, email address, credential parameter and bearer token masked. */
export function redactText(text: string): string {
  // Cheap exits: most log text (paths, route ids) has no digit run, no @ and no =.
  if (!/[@=\d]|Bearer|Basic/i.test(text)) return text;
  return text
    .replace(SECRET_PARAM, `$1${MASK}`)
    .replace(AUTHORIZATION, `$1 ${MASK}`)
    .replace(EMAIL, (_whole, first: string, domain: string) => `${first}***@${domain}`)
    .replace(INDIAN_MOBILE, (number) => `******${number.replace(/\D/g, "").slice(-4)}`);
}

/** Fields whose value is a secret whatever it looks like. */
const SECRET_FIELD = /pass(word)?|secret|token|cookie|authori[sz]ation|signature|api[-_]?key/i;

/** A copy of a log record's fields with secret-named fields masked and every string run through redactText (to 6 levels). */
export function redactFields(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (!value || typeof value !== "object" || depth > 6) return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => redactFields(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    copy[key] = SECRET_FIELD.test(key) && field !== undefined && field !== null ? MASK : redactFields(field, depth + 1);
  }
  return copy;
}
