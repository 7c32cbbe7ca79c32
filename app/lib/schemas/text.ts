import { z } from "zod";

export const CONTROL_CHARACTERS_MESSAGE = "Remove the invisible control characters from this field";

/* eslint-disable no-control-regex -- matching control characters is the point */
/** C0 controls, DEL and C1 controls: nobody types them, and PostgreSQL refuses NUL in text (a 500 instead of an answer). */
const ANY_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, less tab, line feed and carriage return, which a textarea may hold. */
const CONTROL_CHARACTER_BUT_LINE_BREAK_OR_TAB = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */

/** Whether text holds a control character (line breaks and tabs too, unless `multiLine`), for values read without a schema. */
export function hasControlCharacters(value: string, { multiLine = false } = {}): boolean {
  return (multiLine ? CONTROL_CHARACTER_BUT_LINE_BREAK_OR_TAB : ANY_CONTROL_CHARACTER).test(value);
}

/**
 * A text field's schema that also refuses control characters, with one message. Every string a
 * request carries goes through it: a single-line field (an input, a query parameter, a token)
 * refuses line breaks too (CR/LF could split a header); a multi-line one (a textarea) keeps
 * tab, CR and LF. NUL is refused everywhere.
 */
export function noControlCharacters<Schema extends z.ZodType<string, z.ZodTypeDef, unknown>>(
  schema: Schema,
  options: { multiLine?: boolean } = {},
): z.ZodEffects<Schema, z.output<Schema>, z.input<Schema>> {
  return schema.refine((value) => !hasControlCharacters(value, options), CONTROL_CHARACTERS_MESSAGE);
}

/**
 * A search box's text in a list's URL: a shared link never errors, so control characters (which mean
 * nothing in a search) become spaces, anything else malformed is no search, and it is cut to `max`.
 */
export const searchText = (max: number) =>
  z
    .string()
    .catch("")
    .default("")
    .transform((value) =>
      Array.from(value, (character) => (hasControlCharacters(character) ? " " : character))
        .join("")
        .trim()
        .slice(0, max),
    );

/** A phone number as people type one: digits, spaces, brackets, dots and dashes, a leading + at most (whether it is a real number is the server's question: ~/lib/phone-number.server). */
export const TYPED_PHONE = /^\+?[\d\s().-]+$/;

/** A single- or multi-line text field: trimmed, at most `max` characters, empty as null. */
export const optionalText = (max: number, message: string, options: { multiLine?: boolean } = {}) =>
  z
    .string()
    .trim()
    .pipe(noControlCharacters(z.string().max(max, message), options))
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null);

/** An optional email address, stored lower-cased. */
export const optionalEmail = () =>
  optionalText(254, "Please enter a valid email address").pipe(
    z.string().email("Please enter a valid email address").toLowerCase().nullable(),
  );

/**
 * A website as people type it ('kiransweets.in', 'https://kiransweets.in/menu'): kept as an
 * http(s) URL, https when no scheme is given. Anything else (javascript:, a bare word, a user and
 * password in the address) is refused with `message`, as the page links to it.
 */
export const optionalWebsite = (message: string) =>
  optionalText(200, "A website address can be at most 200 characters").transform((value, context) => {
    if (value === null) return null;
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
    let url: URL | null = null;
    try {
      url = new URL(withScheme);
    } catch {
      // Not a URL at all.
    }
    const valid =
      url &&
      (url.protocol === "https:" || url.protocol === "http:") &&
      /\.[a-z]{2,}$/i.test(url.hostname) &&
      !url.username &&
      !url.password;
    if (!url || !valid) {
      context.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return url.href;
  });
