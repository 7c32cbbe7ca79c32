import { parsePhoneNumberFromString as parseAnyNumber } from "libphonenumber-js/max";
import { parsePhoneNumberFromString as parseMobileNumber } from "libphonenumber-js/mobile";

/**
 * Every Indian number the server takes in is parsed here, to E.164 (+919812345678), however it
 * was typed ('98123 45678', '+91 98123-45678', '09812345678'). libphonenumber's metadata stays on
 * the server: it is too big for a phone's bundle (the browser only formats: ~/lib/phone).
 */

/** Digits, spaces, brackets, dots and dashes, with a leading + at most: libphonenumber would otherwise read letters as digits and '#' as an extension. */
const TYPED_NUMBER = /^\+?[\d\s().-]+$/;

function indianE164With(parse: typeof parseAnyNumber, typed: string): string | null {
  if (!TYPED_NUMBER.test(typed.trim())) return null;
  const phone = parse(typed, "IN");
  return phone?.country === "IN" && phone.isValid() ? phone.number : null;
}

/** An Indian mobile number as E.164; null for anything else, landlines included (an SMS can only go to a mobile). */
export function indianMobileE164(typed: string): string | null {
  return indianE164With(parseMobileNumber, typed);
}

/** Any real Indian number (a landline too: a shop's counter phone) as E.164; null otherwise. */
export function indianPhoneE164(typed: string): string | null {
  return indianE164With(parseAnyNumber, typed);
}

/** Whether a stored E.164 number is an Indian mobile, by the same rule the forms and the import apply. */
export function isIndianMobile(e164: string): boolean {
  return e164.startsWith("+") && indianMobileE164(e164) === e164;
}
