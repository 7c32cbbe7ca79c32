/**
 * Contacts picked from the phone's address book (the Contact Picker API, Android Chrome): what the
 * add-contact screen fills in from them. Pure, so the screen and the tests share it.
 */
import { formatIndianPhone } from "./phone";

/** How many picked contacts the screen adds at once: a few customers at the counter, not an address book (that is the CSV import). */
export const PICKED_CONTACTS_MAX = 10;

/** A contact as the Contact Picker API gives it: every name and number the phone has for it. */
export type PhoneBookEntry = { name?: string[]; tel?: string[] };

export type PickedContact = { name: string; mobileNumber: string };

const tenDigits = (tel: string) => tel.replace(/\D/g, "").replace(/^(?:91|0)(?=\d{10}$)/, "");
const looksLikeIndianMobile = (tel: string) => /^[6-9]\d{9}$/.test(tenDigits(tel));

/**
 * The picked contacts as the form takes them: the first name, and the first number that looks like an
 * Indian mobile (else the first number), written as the form shows numbers ('+91 98123 45678'); a
 * contact without a number keeps an empty one, for the form to say why it cannot be added. At most
 * PICKED_CONTACTS_MAX; `leftOut` counts the rest.
 */
export function readPickedContacts(entries: readonly PhoneBookEntry[]): { contacts: PickedContact[]; leftOut: number } {
  const contacts = entries.slice(0, PICKED_CONTACTS_MAX).map((entry) => {
    const tels = (entry.tel ?? []).map((tel) => tel.trim()).filter(Boolean);
    const tel = tels.find(looksLikeIndianMobile) ?? tels[0] ?? "";
    return {
      name: (entry.name ?? []).map((name) => name.trim()).find(Boolean) ?? "",
      mobileNumber: looksLikeIndianMobile(tel) ? formatIndianPhone(tel)! : tel,
    };
  });
  return { contacts, leftOut: Math.max(0, entries.length - PICKED_CONTACTS_MAX) };
}
