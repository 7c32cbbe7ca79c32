import type { z } from "zod";

import commonPasswords from "~/data/common-passwords.json";

import { PASSWORD_TOO_COMMON, refusePassword } from "./auth";

/** The 10,000 most common passwords, lower case (app/data/COMMON-PASSWORDS-ATTRIBUTION.md): on the server only, it is ~120 KB. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(commonPasswords);

/** 'password', 'Password' and 'PASSWORD' alike. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * A form's schema as its action checks it: the browser's rules, then the common-password list.
 * Every action that sets a password parses with this (registration, reset, admin creation).
 */
export function refusingCommonPasswords<Schema extends z.ZodType<{ password: string }, z.ZodTypeDef, unknown>>(schema: Schema) {
  return refusePassword(schema, (value) => (isCommonPassword(value.password) ? PASSWORD_TOO_COMMON : null));
}
