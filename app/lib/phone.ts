/**
 * Showing and linking phone numbers, in the browser as on the server. Nothing here decides whether
 * a number is real: numbers coming in are parsed on the server (~/lib/phone-number.server). What is
 * shown may still be as once typed (registration keeps the mobile as typed, e.g. '98450 12345').
 */

/** The ten national digits of an Indian number written with or without +91 or a leading 0; null when it has not ten. */
function indianNationalDigits(phone: string): string | null {
  const national = phone.replace(/\D/g, "").replace(/^(?:91|0)(?=\d{10}$)/, "");
  return national.length === 10 ? national : null;
}

/** Phones are shown with the +91 prefix, e.g. '+91 98450 12345'. */
export function formatIndianPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = indianNationalDigits(phone);
  if (!digits) return phone.startsWith("+") ? phone : `+91 ${phone}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** The tel: link for a phone shown with formatIndianPhone. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** A number as stored or as shown, with its +91, for a link or a saved contact ('080 2345 6789' → '+918023456789'); anything else as it is. */
export function indianE164(phone: string): string {
  const digits = indianNationalDigits(phone);
  return digits ? `+91${digits}` : phone;
}

/** A WhatsApp chat with an Indian number: wa.me wants the digits with the country code. */
export function whatsappChatUrl(phone: string): string {
  return `https://wa.me/${indianE164(phone).replace(/\D/g, "")}`;
}

/**
 * A customer's number as the admin sees it: only its last four digits ('+91 ••••• •2345'). The
 * admin runs campaigns and answers businesses, which never needs a business's customers' numbers;
 * the masking happens before the page is sent, so the full number never reaches the admin's browser.
 */
export function maskedPhone(phone: string): string {
  const shown = formatIndianPhone(phone) ?? phone;
  const prefix = shown.startsWith("+91 ") ? "+91 " : "";
  let kept = 0;
  const masked = [...shown.slice(prefix.length)]
    .reverse()
    .map((char) => (/\d/.test(char) ? (kept++ < 4 ? char : "•") : char))
    .reverse()
    .join("");
  return `${prefix}${masked}`;
}
