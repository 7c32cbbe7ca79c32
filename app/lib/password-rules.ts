/**
 * What a new password may not be, beyond its length: checks cheap enough for the browser.
 * The common-password list is the server's (app/lib/schemas/auth.server.ts).
 */

/** What the account is called: a password made from these is the first thing an attacker tries. */
export type AccountDetails = { email?: string; name?: string; businessName?: string };

/** 'aaaaaa', '000000000'. */
export function isOneRepeatedCharacter(password: string): boolean {
  const [first, ...rest] = Array.from(password);
  return first !== undefined && rest.every((character) => character === first);
}

/** Letters and digits only, lower case: 'Sharma Stores!' and 'sharma-stores' are both 'sharmastores'. */
function lettersAndDigits(value: string): string {
  return value
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** Without the digits around it: 'sharmastores123' and '2024ravi' are 'sharmastores' and 'ravi'. */
function withoutSurroundingDigits(value: string): string {
  return value.replace(/^\p{N}+|\p{N}+$/gu, "");
}

/** The spellings of one detail a password may not be: as written, and without its surrounding digits. */
function spellings(value: string): string[] {
  const compact = lettersAndDigits(value);
  return [compact, withoutSurroundingDigits(compact)].filter(Boolean);
}

/**
 * Whether the password is the account's email (the whole address or the part before '@'),
 * name or business name, in any case, with any spaces or punctuation, and with digits
 * before or after it ('Sharma Stores' → 'sharmastores123', 'ravi.kumar@…' → 'RaviKumar@2024').
 * A longer password that only contains one of them ('sharma-stores-blue-tiger-7') is not.
 */
export function isMadeFromAccountDetails(password: string, details: AccountDetails): boolean {
  const email = details.email ?? "";
  const forbidden = new Set(
    [email, email.split("@")[0], details.name ?? "", details.businessName ?? ""].flatMap((detail) => spellings(detail)),
  );
  return spellings(password).some((spelling) => forbidden.has(spelling));
}
