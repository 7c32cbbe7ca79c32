/** Phones are shown with the +91 prefix, e.g. '+91 98450 12345'. */
export function formatIndianPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, "").replace(/^(?:91|0)(?=\d{10}$)/, "");
  if (digits.length !== 10) return phone.startsWith("+") ? phone : `+91 ${phone}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/** The tel: link for a phone shown with formatIndianPhone. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** An Indian number as stored (E.164) or as once typed ('98450 12345', '098450…'): with its +91, for a contact or a link. */
export function indianE164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const national = digits.replace(/^(?:91|0)(?=\d{10}$)/, "");
  return national.length === 10 ? `+91${national}` : phone;
}

/** A WhatsApp chat with an Indian number: wa.me wants the digits with the country code. */
export function whatsappChatUrl(phone: string): string {
  return `https://wa.me/${indianE164(phone).replace(/\D/g, "")}`;
}
